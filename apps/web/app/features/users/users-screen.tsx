import type { UpdateUserRequest, UserAccount } from "@app/shared";
import { ROLE_LABELS, type StaffRole } from "@app/shared/constants";
import { UserPlus } from "lucide-react";
import { useState } from "react";
import { buttonStyles } from "~/components/ui/button-styles";
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
      {outcome && (
        <Notice tone={outcome.tone}>
          <p>{outcome.text}</p>
        </Notice>
      )}
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
