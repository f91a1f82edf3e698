import { AUTH_MESSAGES } from "@app/shared/constants";
import { LoaderCircle } from "lucide-react";
import { useState } from "react";
import { buttonStyles } from "~/components/ui/button-styles";
import { Notice } from "~/components/ui/notice";
import { TextField } from "~/components/ui/text-field";
import { errorMessage, fieldProblems } from "~/lib/error-message";
import { useRouteAction } from "~/lib/route-action";
import { useZodForm } from "~/lib/use-zod-form";
import { NewPasswordFields } from "./new-password-fields";
import { type ChangePasswordFormValues, changePasswordFormSchema } from "./password-schemas";

const EMPTY: ChangePasswordFormValues = { currentPassword: "", newPassword: "", confirmPassword: "" };
const FIELDS = ["currentPassword", "newPassword"] as const;

export type ChangePasswordFormProps = {
  /** Called once the new password is saved (the session continues with it). */
  onChanged: () => void;
};

/** Current password, new password and its confirmation; other sessions of the account end. */
export function ChangePasswordForm({ onChanged }: ChangePasswordFormProps) {
  const { register, handleSubmit, formState, setError, reset } = useZodForm(changePasswordFormSchema, {
    defaultValues: EMPTY,
  });
  const action = useRouteAction();
  const { errors, isSubmitting } = formState;
  const [problem, setProblem] = useState<string | null>(null);

  const onValid = async ({ currentPassword, newPassword }: ChangePasswordFormValues) => {
    setProblem(null);
    try {
      await action.run({ intent: "change-password", currentPassword, newPassword });
      reset(EMPTY);
      onChanged();
    } catch (error) {
      const onFields = fieldProblems(error, FIELDS);
      for (const { field, message } of onFields) setError(field, { message });
      const message = errorMessage(error);
      if (message === AUTH_MESSAGES.currentPasswordWrong) setError("currentPassword", { message });
      else if (onFields.length === 0) setProblem(message);
    }
  };

  return (
    <form
      noValidate
      aria-label="Cambiar contraseña"
      aria-busy={isSubmitting}
      onSubmit={handleSubmit(onValid)}
      className="grid max-w-md gap-4"
    >
      {problem && (
        <Notice tone="problem">
          <p>{problem}</p>
        </Notice>
      )}
      <TextField
        id="change-current-password"
        label="Contraseña actual"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register("currentPassword")}
      />
      <NewPasswordFields idPrefix="change" register={register} errors={errors} />
      <button
        type="submit"
        disabled={isSubmitting}
        className={`${buttonStyles.primary} min-h-12 md:justify-self-start`}
      >
        {isSubmitting && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
        Guardar contraseña
      </button>
    </form>
  );
}
