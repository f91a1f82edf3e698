import type { UpdateUserRequest, UserAccount } from "@app/shared";
import { ROLE_LABELS, type StaffRole } from "@app/shared/constants";
import { Search, UserPlus } from "lucide-react";
import { useState } from "react";
import { buttonStyles } from "~/components/ui/button-styles";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Notice } from "~/components/ui/notice";
import { Pagination } from "~/components/ui/pagination";
import { errorMessage } from "~/lib/error-message";
import { ACCOUNTS_PAGE_SIZE, filterAccounts } from "./account-filter";
import { NewUserDialog } from "./new-user-dialog";
import { SignatureDialog } from "./signature-dialog";
import { TemporaryPasswordDialog } from "./temporary-password-dialog";
import { useUsersAction } from "./users-actions";
import { UsersTable } from "./users-table";

export type UsersScreenProps = {
  accounts: UserAccount[];
  currentUserId: number;
};

type Outcome = { tone: "success" | "problem"; text: string } | null;

/** The "Usuarios" screen of issue 4: list, create, change role, disable, temporary password. */
export function UsersScreen({ accounts, currentUserId }: UsersScreenProps) {
  const run = useUsersAction();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [creating, setCreating] = useState(false);
  const [passwordFor, setPasswordFor] = useState<UserAccount | null>(null);
  const [signatureFor, setSignatureFor] = useState<UserAccount | null>(null);
  const [resetFor, setResetFor] = useState<UserAccount | null>(null);
  const [endSessionsFor, setEndSessionsFor] = useState<UserAccount | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  // Searched and paged here, without asking the server: a company has tens of accounts, and the
  // whole list is needed anyway by the lead-assignment rule. A table of hundreds of rows, each
  // with its controls, kept a phone busy for seconds after every change.
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(0);
  const found = filterAccounts(accounts, search);
  const totalPages = Math.max(1, Math.ceil(found.length / ACCOUNTS_PAGE_SIZE));
  const shownPage = Math.min(page, totalPages - 1);
  const shown = found.slice(shownPage * ACCOUNTS_PAGE_SIZE, (shownPage + 1) * ACCOUNTS_PAGE_SIZE);

  const update = async (account: UserAccount, change: UpdateUserRequest, done: string) => {
    setBusyId(account.id);
    setOutcome(null);
    try {
      await run({ intent: "update-user", userId: account.id, body: change });
      setOutcome({ tone: "success", text: done });
    } catch (error) {
      setOutcome({ tone: "problem", text: errorMessage(error) });
    } finally {
      setBusyId(null);
    }
  };

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <button type="button" onClick={() => setCreating(true)} className={`${buttonStyles.primary} min-h-11`}>
          <UserPlus className="size-4" aria-hidden="true" />
          Nuevo usuario
        </button>
        <search className="relative sm:w-80">
          <label htmlFor="usuarios-buscar" className="sr-only">
            Buscar usuario
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-stone-500"
            aria-hidden="true"
          />
          <input
            id="usuarios-buscar"
            type="search"
            placeholder="Usuario, nombre o correo"
            autoComplete="off"
            maxLength={100}
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(0);
            }}
            className="min-h-11 w-full rounded-xl bg-white pr-3 pl-10 text-base text-stone-900 shadow-sm ring-1 ring-stone-300 focus:outline-none focus:ring-2 focus:ring-leaf-600"
          />
        </search>
      </div>
      <div id="usuarios-resultado" tabIndex={-1} className="empty:hidden">
        {outcome && (
          <Notice tone={outcome.tone}>
            <p>{outcome.text}</p>
          </Notice>
        )}
      </div>
      <UsersTable
        accounts={shown}
        currentUserId={currentUserId}
        busyId={busyId}
        onRoleChange={(account, role: StaffRole) =>
          update(account, { role }, `${account.username} ahora tiene el rol ${ROLE_LABELS[role]}.`)
        }
        onActiveChange={(account, active) =>
          update(
            account,
            { active },
            active
              ? `La cuenta ${account.username} está activa.`
              : `La cuenta ${account.username} está desactivada y sus sesiones se cerraron.`,
          )
        }
        onTemporaryPassword={setPasswordFor}
        onSignature={setSignatureFor}
        onEndSessions={setEndSessionsFor}
        onResetSecondFactor={setResetFor}
      />
      {found.length === 0 ? (
        <p className="text-stone-700">Ninguna cuenta coincide con «{search.trim()}».</p>
      ) : (
        <Pagination
          label="Páginas de cuentas"
          page={shownPage}
          pageSize={ACCOUNTS_PAGE_SIZE}
          totalElements={found.length}
          totalPages={totalPages}
          onPageChange={setPage}
        />
      )}
      <NewUserDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={async (account) => {
          setCreating(false);
          // The new account is shown whatever page it falls on.
          setSearch(account.username);
          setPage(0);
          setOutcome({
            tone: "success",
            text: `Se creó la cuenta ${account.username}. Deberá cambiar la contraseña temporal al iniciar sesión.`,
          });
        }}
      />
      <SignatureDialog
        account={signatureFor}
        onClose={() => setSignatureFor(null)}
        onSaved={(account) => {
          setSignatureFor(null);
          setOutcome({ tone: "success", text: `Se guardó la firma de ${account.username}.` });
        }}
      />
      <ConfirmDialog
        open={resetFor !== null}
        title={`¿Restablecer el segundo factor de ${resetFor?.username ?? ""}?`}
        confirmLabel="Restablecer"
        onClose={() => setResetFor(null)}
        describeError={errorMessage}
        // The button is gone with the factor: the notice above the table says what happened.
        focusAfterConfirm={() => document.getElementById("usuarios-resultado")}
        onConfirm={async () => {
          if (!resetFor) return;
          await run({ intent: "reset-second-factor", userId: resetFor.id });
          setOutcome({
            tone: "success",
            text: `Se quitaron las llaves de acceso, la aplicación de autenticación y los códigos de recuperación de ${resetFor.username}. Se le avisó por correo.`,
          });
        }}
      >
        <p>
          Se quitarán todas sus llaves de acceso, su aplicación de autenticación y sus códigos de recuperación, y se le
          avisará por correo. Podrá entrar solo con su contraseña hasta que agregue un segundo factor nuevo; si se
          exige, deberá agregarlo al entrar.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={endSessionsFor !== null}
        title={`¿Cerrar las sesiones de ${endSessionsFor?.username ?? ""}?`}
        confirmLabel="Cerrar sesiones"
        onClose={() => setEndSessionsFor(null)}
        describeError={errorMessage}
        focusAfterConfirm={() => document.getElementById("usuarios-resultado")}
        onConfirm={async () => {
          if (!endSessionsFor) return;
          const { ended } = await run<{ ended: number }>({ intent: "end-sessions", userId: endSessionsFor.id });
          setOutcome({
            tone: "success",
            text:
              ended === 1
                ? `Se cerró 1 sesión de ${endSessionsFor.username}.`
                : `Se cerraron ${ended} sesiones de ${endSessionsFor.username}.`,
          });
        }}
      >
        <p>
          Se cerrarán sus sesiones en todos sus dispositivos de inmediato. Para volver a entrar deberá iniciar sesión
          con su contraseña (y su segundo factor, si lo tiene).
        </p>
      </ConfirmDialog>
      <TemporaryPasswordDialog
        account={passwordFor}
        onClose={() => setPasswordFor(null)}
        onSaved={async (account) => {
          setPasswordFor(null);
          setOutcome({
            tone: "success",
            text: `Se guardó una contraseña temporal para ${account.username}. Deberá cambiarla al iniciar sesión.`,
          });
        }}
      />
    </div>
  );
}
