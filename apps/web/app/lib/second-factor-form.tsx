import type { SecondFactorMethod } from "@app/shared";
import { KeyRound, LoaderCircle } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { buttonStyles } from "~/components/ui/button-styles";
import { Notice } from "~/components/ui/notice";
import { TextField } from "~/components/ui/text-field";
import { textLinkStyles } from "~/components/ui/text-link-styles";
import { ApiError } from "./api-client";
import { fieldErrors } from "./error-message";
import { passkeyErrorMessage } from "./passkey-errors";
import { CODE_FIELD, type CodeKind, checkStepCode, isStepOver, stepErrorMessage, stepView } from "./second-factor-step";
import { preloadWebauthn } from "./webauthn";

export type SecondFactorFormProps = {
  /** What the account has enrolled, and how long the step lasts. */
  methods: readonly SecondFactorMethod[];
  expiresIn: number;
  /** Sends a typed code; resolves once the server accepted it (throws its ApiError otherwise). */
  submitCode: (method: CodeKind, code: string) => Promise<void>;
  /** Asks the browser for a passkey and the server to check it; resolves once accepted. */
  submitPasskey: () => Promise<void>;
  /** The step expired or was locked: the password form again, saying why. */
  onStepOver: () => void;
  /** `Cancelar`: back to the password form. */
  onCancel: () => void;
  /** The heading, and its id (a dialog names itself by it). */
  title?: string;
  titleId?: string;
};

const FIELD_ID = "second-factor-code";

/**
 * The second step after a right password, at sign-in or when a change asks who is at the keyboard:
 * `Usar llave de acceso`, the `Código de verificación` of the authenticator app, or
 * `Usar un código de recuperación`, as the account has them. Mounted once per step.
 */
export function SecondFactorForm({
  methods,
  expiresIn,
  submitCode: sendCode,
  submitPasskey,
  onStepOver,
  onCancel,
  title = "Verificación en dos pasos",
  titleId = "second-factor-title",
}: SecondFactorFormProps) {
  const [chosen, setChosen] = useState<CodeKind | null>(null);
  const view = stepView(methods, chosen);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<"code" | "passkey" | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const fieldRef = useRef<HTMLInputElement>(null);
  const stepOver = useRef(onStepOver);
  stepOver.current = onStepOver;
  const hasPasskey = methods.includes("passkey");

  // The person lands on the step's first control (the code field takes the browser's one-time-code
  // autofill), or on its heading when the account has only passkeys.
  useEffect(() => {
    (fieldRef.current ?? headingRef.current)?.focus();
    if (hasPasskey) void preloadWebauthn().catch(() => {});
  }, [hasPasskey]);

  // The server would refuse a late answer anyway; saying it when it happens spares typing in vain.
  useEffect(() => {
    const timer = setTimeout(() => stepOver.current(), expiresIn * 1000);
    return () => clearTimeout(timer);
  }, [expiresIn]);

  const refused = (error: unknown, onField: boolean) => {
    if (isStepOver(error)) return onStepOver();
    const message = stepErrorMessage(error);
    const fromFields = fieldErrors(error, ["code"] as const).code;
    // A wrong code (401) or a bad format (400) belongs under the field; anything else above it.
    if (onField && (fromFields || (error instanceof ApiError && error.status === 401))) {
      setCodeError(fromFields ?? message);
      fieldRef.current?.focus();
    } else setProblem(message);
  };

  const submitCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!view.code || busy) return;
    const checked = checkStepCode(view.code, code);
    setProblem(null);
    if (checked.error !== undefined) {
      setCodeError(checked.error);
      fieldRef.current?.focus();
      return;
    }
    setCodeError(undefined);
    setBusy("code");
    try {
      await sendCode(view.code, checked.code);
    } catch (error) {
      refused(error, true);
    } finally {
      setBusy(null);
    }
  };

  const usePasskey = async () => {
    if (busy) return;
    setBusy("passkey");
    setProblem(null);
    try {
      await submitPasskey();
    } catch (error) {
      if (error instanceof ApiError) refused(error, false);
      else setProblem(passkeyErrorMessage(error, "use"));
    } finally {
      setBusy(null);
    }
  };

  // The other kind's field replaces the one shown: the keyboard goes on there, not back to the page's top.
  const switched = useRef(false);
  const switchTo = (kind: CodeKind) => {
    switched.current = true;
    setChosen(kind);
    setCode("");
    setCodeError(undefined);
    setProblem(null);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the field shown changes, which is when to focus it
  useEffect(() => {
    if (!switched.current) return;
    switched.current = false;
    fieldRef.current?.focus();
  }, [view.code]);

  const field = view.code ? CODE_FIELD[view.code] : null;
  return (
    <section aria-labelledby={titleId} aria-busy={busy !== null} className="grid gap-4">
      <div>
        <h2 id={titleId} ref={headingRef} tabIndex={-1} className="font-bold text-leaf-900 text-xl">
          {title}
        </h2>
        <p className="text-stone-600 text-sm">Confirma que eres tú con el segundo factor de tu cuenta.</p>
      </div>
      {problem && (
        <Notice tone="problem">
          <p>{problem}</p>
        </Notice>
      )}
      {view.passkey && (
        <button
          type="button"
          disabled={busy !== null}
          onClick={usePasskey}
          className={`${view.code ? buttonStyles.secondary : buttonStyles.primary} min-h-12 w-full`}
        >
          {busy === "passkey" ? (
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          ) : (
            <KeyRound className="size-4" aria-hidden="true" />
          )}
          Usar llave de acceso
        </button>
      )}
      {view.code && field && (
        <form noValidate onSubmit={submitCode} className="grid gap-3">
          <TextField
            key={view.code}
            ref={fieldRef}
            id={FIELD_ID}
            name="code"
            label={field.label}
            hint={field.hint}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={codeError}
            autoComplete={view.code === "authenticator" ? "one-time-code" : "off"}
            inputMode={view.code === "authenticator" ? "numeric" : "text"}
            autoCapitalize="none"
            spellCheck={false}
            maxLength={view.code === "authenticator" ? 9 : 16}
          />
          <button type="submit" disabled={busy !== null} className={`${buttonStyles.primary} min-h-12 w-full`}>
            {busy === "code" && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
            Verificar
          </button>
        </form>
      )}
      <div className="flex flex-wrap items-center justify-between gap-x-4">
        {view.switchTo && (
          <button type="button" onClick={() => view.switchTo && switchTo(view.switchTo)} className={textLinkStyles}>
            {CODE_FIELD[view.switchTo].switchLabel}
          </button>
        )}
        <button type="button" onClick={onCancel} className={textLinkStyles}>
          Cancelar
        </button>
      </div>
      <p role="status" className="sr-only">
        {busy ? "Verificando…" : ""}
      </p>
    </section>
  );
}
