import type { UserAccount } from "@app/shared";
import { useState } from "react";
import { Dialog } from "~/components/ui/dialog";
import { DialogForm } from "~/components/ui/dialog-form";
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
    <DialogForm
      titleId="contrasena-temporal-titulo"
      title={`Contraseña temporal de ${account.username}`}
      busy={isSubmitting}
      onSubmit={handleSubmit(onValid)}
      onCancel={onClose}
      submitLabel="Guardar contraseña temporal"
      intro={
        <p className="text-stone-700 text-sm">
          Las sesiones abiertas de {account.displayName} se cerrarán ahora y deberá elegir una contraseña nueva al
          iniciar sesión.
        </p>
      }
      problem={problem}
      spacing="roomy"
    >
      <TextField
        id="temporary-password"
        label="Contraseña temporal"
        type="password"
        autoComplete="new-password"
        hint={TEMPORARY_PASSWORD_HINT}
        error={errors.password?.message}
        {...register("password")}
      />
    </DialogForm>
  );
}
