import { SECOND_FACTOR_MESSAGES } from "@app/shared/constants";
import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from "react";
import { Dialog } from "~/components/ui/dialog";
import { DialogForm } from "~/components/ui/dialog-form";
import { TextField } from "~/components/ui/text-field";
import { ApiError, authRequest } from "./api-client";
import { errorMessage, fieldProblems } from "./error-message";

// Changing how an account is protected (factors, recovery codes, the policy, someone's reset) asks
// for the password again when the sign-in is more than 10 minutes old: the API answers 403
// "Reauthentication Required" (decision 035). This asks for it in a dialog over whatever was being
// done, and does that again once the password is confirmed.

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
        {open && <PasswordForm onDone={finish} />}
      </Dialog>
    </AskContext.Provider>
  );
}

function PasswordForm({ onDone }: { onDone: (confirmed: boolean) => void }) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <DialogForm
      titleId={TITLE_ID}
      title="Confirma tu contraseña"
      busy={busy}
      problem={problem}
      submitLabel="Confirmar"
      onCancel={() => onDone(false)}
      intro={<p className="text-sm text-stone-700">{SECOND_FACTOR_MESSAGES.reauthenticate}</p>}
      onSubmit={async (event) => {
        event.preventDefault();
        setError(undefined);
        setProblem(null);
        if (!password) return setError("La contraseña es requerida");
        setBusy(true);
        try {
          await authRequest<void>("/account/confirm-password", { method: "POST", body: { password } });
          onDone(true);
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
