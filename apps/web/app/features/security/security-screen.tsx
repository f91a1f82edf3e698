import type { AccountSecurity, AccountSession, FactorAdded } from "@app/shared";
import { SECOND_FACTOR_MESSAGES } from "@app/shared/constants";
import { useState } from "react";
import { Notice } from "~/components/ui/notice";
import { AuthenticatorSection } from "./authenticator-section";
import { PasskeysSection } from "./passkeys-section";
import { RecoveryCodesDialog } from "./recovery-codes-dialog";
import { RecoveryCodesSection } from "./recovery-codes-section";
import { SessionsSection } from "./sessions-section";

export type SecurityScreenProps = {
  security: AccountSecurity;
  sessions: AccountSession[] | null;
  sessionsProblem: string | null;
  username: string;
  /** The administrators require a second factor and this account has none: nothing else opens yet. */
  mustAddSecondFactor: boolean;
  /** After the first factor: the session learns the account is complete (the CRM opens again). */
  onFirstFactorAdded: () => Promise<void>;
};

/** `Seguridad de la cuenta` (issue 15): passkeys, authenticator app, recovery codes, signed-in devices. */
export function SecurityScreen({
  security,
  sessions,
  sessionsProblem,
  username,
  mustAddSecondFactor,
  onFirstFactorAdded,
}: SecurityScreenProps) {
  const [codes, setCodes] = useState<string[] | null>(null);
  const hasFactor = security.passkeys.length > 0 || security.authenticator !== null;

  const factorAdded = async ({ recoveryCodes }: FactorAdded) => {
    if (recoveryCodes) setCodes(recoveryCodes);
    if (mustAddSecondFactor) await onFirstFactorAdded();
  };

  return (
    <div className="grid max-w-3xl gap-6">
      {mustAddSecondFactor && (
        <Notice tone="problem">
          <p>{SECOND_FACTOR_MESSAGES.enrolRequired}</p>
        </Notice>
      )}
      {!hasFactor && !mustAddSecondFactor && (
        <p className="text-stone-700">
          Agrega un segundo factor: aunque alguien conozca tu contraseña, no podrá entrar sin tu llave de acceso o tu
          aplicación de autenticación.
        </p>
      )}
      <PasskeysSection passkeys={security.passkeys} onFactorAdded={factorAdded} />
      <AuthenticatorSection confirmedAt={security.authenticator?.confirmedAt ?? null} onFactorAdded={factorAdded} />
      <RecoveryCodesSection recoveryCodes={security.recoveryCodes} hasFactor={hasFactor} onCodes={setCodes} />
      <SessionsSection sessions={sessions} problem={sessionsProblem} />
      <RecoveryCodesDialog codes={codes} username={username} onClose={() => setCodes(null)} />
    </div>
  );
}
