import type { ReverifyStep, SecondFactorAnswer } from "@app/shared";
import { SECOND_FACTOR_MESSAGES } from "@app/shared/constants";
import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from "react";
import { Dialog } from "~/components/ui/dialog";
import { DialogForm } from "~/components/ui/dialog-form";
import { TextField } from "~/components/ui/text-field";
import { ApiError, authRequest } from "./api-client";
import { errorMessage, fieldProblems } from "./error-message";
import { SecondFactorForm } from "./second-factor-form";
import { authenticateWithPasskey } from "./webauthn";

// Changing how an account is protected (factors, recovery codes, the policy, someone's reset), and
// accounts, roles, emails, passwords or lead assignment, asks for the password again when the
// sign-in is more than 10 minutes old: the API answers 403 "Reauthentication Required" (decisions
// 035 and 039). This asks for it in a dialog over whatever was being done, then for the second
// factor when the account has one, and does that again once both are confirmed.

const REAUTHENTICATE = "Reauthentication Required";

type Ask = () => Promise<boolean>;
const AskContext = createContext<Ask | null>(null);

/** Runs `work`; when the API wants the password again, asks for it and runs `work` once more. */
export function useRecentPassword() {
  const ask = useContext(AskContext);
  return useCallback(
    async <T,>(work: () => Promise<T>): Promise<T> => {
      try {
        return await work();
      } catch (error) {
        const wanted = error instanceof ApiError && error.code === REAUTHENTICATE;
        if (!wanted || !ask || !(await ask())) throw error;
        return work();
      }
    },
    [ask],
  );
}

const TITLE_ID = "confirmar-contrasena-titulo";

/** Mounted once in the CRM shell: the dialog that asks for the password again. */
export function RecentPasswordProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const answer = useRef<((confirmed: boolean) => void) | null>(null);
  const ask = useCallback<Ask>(
    () =>
      new Promise<boolean>((resolve) => {
        answer.current = resolve;
        setOpen(true);
      }),
    [],
  );
  const finish = (confirmed: boolean) => {
    answer.current?.(confirmed);
    answer.current = null;
    setOpen(false);
  };
  return (
    <AskContext.Provider value={ask}>
      {children}
      <Dialog open={open} onClose={() => finish(false)} labelledBy={TITLE_ID} className="max-w-md">
        {open && <Reverification onDone={finish} />}
      </Dialog>
    </AskContext.Provider>
  );
}

/** The password, then the second factor when the account has one. */
function Reverification({ onDone }: { onDone: (confirmed: boolean) => void }) {
  const [step, setStep] = useState<ReverifyStep | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  if (!step)
    return (
      <PasswordForm
        notice={notice}
        onConfirmed={(next) => (next ? setStep(next) : onDone(true))}
        onCancel={() => onDone(false)}
      />
    );
  return (
    <div className="p-6">
      <SecondFactorForm
        title="Confirma que eres tú"
        titleId={TITLE_ID}
        methods={step.methods}
        expiresIn={step.expiresIn}
        submitCode={async (method, code) => {
          await confirmSecondFactor({ method, code });
          onDone(true);
        }}
        submitPasskey={async () => {
          const { options } = await authRequest<{ options: Record<string, unknown> }>(
            "/account/confirm-second-factor/passkey-options",
            { method: "POST" },
          );
          await confirmSecondFactor({ method: "passkey", credential: await authenticateWithPasskey(options) });
          onDone(true);
        }}
        onStepOver={() => {
          setNotice(SECOND_FACTOR_MESSAGES.reverifyExpired);
          setStep(null);
        }}
        onCancel={() => onDone(false)}
      />
    </div>
  );
}

const confirmSecondFactor = (body: SecondFactorAnswer) =>
  authRequest<void>("/account/confirm-second-factor", { method: "POST", body });

type PasswordFormProps = {
  /** Why the person is asked again (the second step ran out). */
  notice: string | null;
  /** The password was right: proven (`undefined`), or the second factor comes next. */
  onConfirmed: (next: ReverifyStep | undefined) => void;
  onCancel: () => void;
};

function PasswordForm({ notice, onConfirmed, onCancel }: PasswordFormProps) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(notice);
  const [busy, setBusy] = useState(false);
  return (
    <DialogForm
      titleId={TITLE_ID}
      title="Confirma tu contraseña"
      busy={busy}
      problem={problem}
      submitLabel="Confirmar"
      onCancel={onCancel}
      intro={<p className="text-sm text-stone-700">{SECOND_FACTOR_MESSAGES.reauthenticate}</p>}
      onSubmit={async (event) => {
        event.preventDefault();
        setError(undefined);
        setProblem(null);
        if (!password) return setError("La contraseña es requerida");
        setBusy(true);
        try {
          // 204: proven; 200: the account's second factor comes next.
          const next = await authRequest<ReverifyStep | undefined>("/account/confirm-password", {
            method: "POST",
            body: { password },
          });
          onConfirmed(next?.step === "second_factor" ? next : undefined);
        } catch (failure) {
          const [onField] = fieldProblems(failure, ["password"] as const);
          if (onField) setError(onField.message);
          else setProblem(errorMessage(failure));
        } finally {
          setBusy(false);
        }
      }}
    >
      <TextField
        id="confirmar-contrasena"
        label="Contraseña"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={error}
      />
    </DialogForm>
  );
}
