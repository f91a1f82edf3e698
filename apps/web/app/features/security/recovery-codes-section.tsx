import type { AccountSecurity, RecoveryCodes } from "@app/shared";
import { SECOND_FACTOR_LIMITS } from "@app/shared/constants";
import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { buttonStyles } from "~/components/ui/button-styles";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { errorMessage } from "~/lib/error-message";
import { formatDateTime } from "~/lib/format-date";
import { useSecurityAction } from "./security-actions";
import { type Outcome, SecuritySection } from "./security-section";

export type RecoveryCodesSectionProps = {
  recoveryCodes: AccountSecurity["recoveryCodes"];
  /** Codes exist only beside a passkey or an authenticator app. */
  hasFactor: boolean;
  onCodes: (codes: string[]) => void;
};

/** Few enough left to make new ones before they run out. */
const LOW = 3;

/** `Códigos de recuperación`: how many are left, and `Generar códigos nuevos`. */
export function RecoveryCodesSection({ recoveryCodes, hasFactor, onCodes }: RecoveryCodesSectionProps) {
  const run = useSecurityAction();
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const remaining = recoveryCodes?.remaining ?? 0;

  return (
    <SecuritySection
      id="recuperacion-titulo"
      title="Códigos de recuperación"
      outcome={outcome}
      description={
        <p>
          Para entrar si pierdes tu llave de acceso o tu teléfono. Cada código sirve una sola vez; se crean{" "}
          {SECOND_FACTOR_LIMITS.recoveryCodes} a la vez.
        </p>
      }
    >
      {recoveryCodes ? (
        <p className={remaining <= LOW ? "font-semibold text-red-800" : "text-stone-800"}>
          {remaining === 1 ? "Te queda 1 código" : `Te quedan ${remaining} códigos`} de{" "}
          {SECOND_FACTOR_LIMITS.recoveryCodes} (generados el {formatDateTime(recoveryCodes.createdAt)}).
          {remaining <= LOW && " Genera códigos nuevos pronto."}
        </p>
      ) : (
        <p className="text-stone-600">
          Aún no tienes códigos de recuperación. Se crean cuando agregas tu primera llave de acceso o aplicación de
          autenticación.
        </p>
      )}
      {hasFactor && (
        <div>
          <button
            type="button"
            onClick={() => {
              setOutcome(null);
              setConfirming(true);
            }}
            className={`${buttonStyles.secondary} min-h-11`}
          >
            <RefreshCw className="size-4" aria-hidden="true" />
            Generar códigos nuevos
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title="¿Reemplazar tus códigos de recuperación?"
        confirmLabel="Reemplazar códigos"
        onClose={() => setConfirming(false)}
        describeError={errorMessage}
        onConfirm={async () => {
          const { codes } = await run<RecoveryCodes>({ intent: "regenerate-recovery-codes" });
          setOutcome({ tone: "success", text: "Se generaron códigos nuevos. Los anteriores ya no funcionan." });
          onCodes(codes);
        }}
      >
        <p>Se crearán {SECOND_FACTOR_LIMITS.recoveryCodes} códigos nuevos y los anteriores dejarán de funcionar.</p>
      </ConfirmDialog>
    </SecuritySection>
  );
}
