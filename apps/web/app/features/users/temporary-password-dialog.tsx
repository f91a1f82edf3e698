import type { UserAccount } from "@app/shared";
import { LoaderCircle } from "lucide-react";
import { useState } from "react";
import { buttonStyles } from "~/components/ui/button-styles";
import { Dialog } from "~/components/ui/dialog";
import { Notice } from "~/components/ui/notice";
import { TextField } from "~/components/ui/text-field";
import { errorMessage, fieldProblems } from "~/lib/error-message";
import { useZodForm } from "~/lib/use-zod-form";
import {
  TEMPORARY_PASSWORD_HINT,
  type TemporaryPasswordFormValues,
  temporaryPasswordFormSchema,
} from "./user-form-schemas";
import { useUsersAction } from "./users-actions";

export type TemporaryPasswordDialogProps = {
  /** The account whose password is being set; null when the dialog is closed. */
  account: UserAccount | null;
  onClose: () => void;
  onSaved: (account: UserAccount) => void;
};

export function TemporaryPasswordDialog({ account, onClose, onSaved }: TemporaryPasswordDialogProps) {
  return (
    <Dialog open={account !== null} onClose={onClose} labelledBy="contrasena-temporal-titulo" className="max-w-md">
      {account && <TemporaryPasswordForm account={account} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

function TemporaryPasswordForm({
  account,
  onClose,
  onSaved,
}: { account: UserAccount } & Omit<TemporaryPasswordDialogProps, "account">) {
  const { register, handleSubmit, formState, setError } = useZodForm(temporaryPasswordFormSchema, {
    defaultValues: { password: "" },
  });
  const run = useUsersAction();
  const { errors, isSubmitting } = formState;
  const [problem, setProblem] = useState<string | null>(null);

  const onValid = async ({ password }: TemporaryPasswordFormValues) => {
    setProblem(null);
    try {
      await run({ intent: "set-temporary-password", userId: account.id, password });
      onSaved(account);
    } catch (error) {
      const onFields = fieldProblems(error, ["password"] as const);
      for (const { field, message } of onFields) setError(field, { message });
      if (onFields.length === 0) setProblem(errorMessage(error));
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onValid)} aria-busy={isSubmitting} className="grid gap-4 p-6">
      <h2 id="contrasena-temporal-titulo" className="font-bold text-leaf-900 text-xl">
        Contraseña temporal de {account.username}
      </h2>
      <p className="text-stone-700 text-sm">
        Las sesiones abiertas de {account.displayName} se cerrarán ahora y deberá elegir una contraseña nueva al iniciar
        sesión.
      </p>
      {problem && (
        <Notice tone="problem">
          <p>{problem}</p>
        </Notice>
      )}
      <TextField
        id="temporary-password"
        label="Contraseña temporal"
        type="password"
        autoComplete="new-password"
        hint={TEMPORARY_PASSWORD_HINT}
        error={errors.password?.message}
        {...register("password")}
      />
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" onClick={onClose} className={`${buttonStyles.secondary} min-h-11`}>
          Cancelar
        </button>
        <button type="submit" disabled={isSubmitting} className={`${buttonStyles.primary} min-h-11`}>
          {isSubmitting && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
          Guardar contraseña temporal
        </button>
      </div>
    </form>
  );
}
