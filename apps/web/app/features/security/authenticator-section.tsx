import "~/lib/zod-browser";
import { type AuthenticatorSetup, authenticatorCodeField, type FactorAdded } from "@app/shared";
import { LoaderCircle, Smartphone } from "lucide-react";
import { useRef, useState } from "react";
import { buttonStyles } from "~/components/ui/button-styles";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { ApiError } from "~/lib/api-client";
import { errorMessage, fieldErrors } from "~/lib/error-message";
import { formatDateTime } from "~/lib/format-date";
import { useRecentPassword } from "~/lib/recent-password";
import { AuthenticatorSetupPanel } from "./authenticator-setup";
import { useSecurityAction } from "./security-actions";
import { startAuthenticatorSetup } from "./security-api";
import { type Outcome, SecuritySection } from "./security-section";

export type AuthenticatorSectionProps = {
  /** When the app was confirmed; null without one. */
  confirmedAt: string | null;
  onFactorAdded: (added: FactorAdded) => void;
};

/** `Aplicación de autenticación`: set it up (QR, secret, a code to confirm), or remove it. */
export function AuthenticatorSection({ confirmedAt, onFactorAdded }: AuthenticatorSectionProps) {
  const run = useSecurityAction();
  const recent = useRecentPassword();
  const [setup, setSetup] = useState<AuthenticatorSetup | null>(null);
  const [busy, setBusy] = useState(false);
  const [codeError, setCodeError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [removing, setRemoving] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const begin = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      setSetup(await recent(startAuthenticatorSetup));
      setCodeError(undefined);
    } catch (error) {
      setOutcome({ tone: "problem", text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (typed: string) => {
    const parsed = authenticatorCodeField.safeParse(typed);
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message);
      document.getElementById("authenticator-code")?.focus();
      return;
    }
    setBusy(true);
    setCodeError(undefined);
    try {
      const added = await run<FactorAdded>({ intent: "confirm-authenticator", code: parsed.data });
      setSetup(null);
      setOutcome({ tone: "success", text: "Tu aplicación de autenticación quedó configurada." });
      headingRef.current?.focus();
      onFactorAdded(added);
    } catch (error) {
      const onField = fieldErrors(error, ["code"] as const).code;
      // A wrong code (401/400) belongs under the field; the rest above the set-up.
      if (onField || (error instanceof ApiError && (error.status === 400 || error.status === 401))) {
        setCodeError(onField ?? errorMessage(error));
        document.getElementById("authenticator-code")?.focus();
      } else setOutcome({ tone: "problem", text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <SecuritySection
      id="autenticacion-titulo"
      title="Aplicación de autenticación"
      headingRef={headingRef}
      outcome={outcome}
      description={<p>Un código de 6 dígitos que cambia cada 30 segundos en una aplicación de tu teléfono.</p>}
    >
      {confirmedAt ? (
        <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
          <p className="flex items-center gap-2 text-stone-800">
            <Smartphone className="size-5 shrink-0 text-leaf-700" aria-hidden="true" />
            Configurada el {formatDateTime(confirmedAt)}.
          </p>
          <button type="button" onClick={() => setRemoving(true)} className={`${buttonStyles.secondary} min-h-11`}>
            Quitar aplicación de autenticación
          </button>
        </div>
      ) : setup ? (
        <AuthenticatorSetupPanel
          setup={setup}
          busy={busy}
          codeError={codeError}
          onConfirm={confirm}
          onCancel={() => {
            setSetup(null);
            headingRef.current?.focus();
          }}
        />
      ) : (
        <div>
          <button type="button" disabled={busy} onClick={begin} className={`${buttonStyles.primary} min-h-11`}>
            {busy ? (
              <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
            ) : (
              <Smartphone className="size-4" aria-hidden="true" />
            )}
            Configurar aplicación de autenticación
          </button>
        </div>
      )}
      <ConfirmDialog
        open={removing}
        title="¿Quitar la aplicación de autenticación?"
        confirmLabel="Quitar aplicación"
        onClose={() => setRemoving(false)}
        describeError={errorMessage}
        focusAfterConfirm={() => headingRef.current}
        onConfirm={async () => {
          await run({ intent: "remove-authenticator" });
          setOutcome({ tone: "success", text: "Se quitó la aplicación de autenticación." });
        }}
      >
        <p>Sus códigos dejarán de servir para iniciar sesión. Puedes borrar la cuenta también en la aplicación.</p>
      </ConfirmDialog>
    </SecuritySection>
  );
}
