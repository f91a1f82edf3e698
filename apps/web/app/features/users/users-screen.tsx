import type { UpdateUserRequest, UserAccount } from "@app/shared";
import { ROLE_LABELS, type StaffRole } from "@app/shared/constants";
import { UserPlus } from "lucide-react";
import { useState } from "react";
import { buttonStyles } from "~/components/ui/button-styles";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Notice } from "~/components/ui/notice";
import { errorMessage } from "~/lib/error-message";
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
  const [busyId, setBusyId] = useState<number | null>(null);

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
      <div>
        <button type="button" onClick={() => setCreating(true)} className={`${buttonStyles.primary} min-h-11`}>
          <UserPlus className="size-4" aria-hidden="true" />
          Nuevo usuario
        </button>
      </div>
      <div id="usuarios-resultado" tabIndex={-1} className="empty:hidden">
        {outcome && (
          <Notice tone={outcome.tone}>
            <p>{outcome.text}</p>
          </Notice>
        )}
      </div>
      <UsersTable
        accounts={accounts}
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
        onResetSecondFactor={setResetFor}
      />
      <NewUserDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={async (account) => {
          setCreating(false);
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
