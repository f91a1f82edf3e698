import type { FieldErrors, Path, UseFormRegister } from "react-hook-form";
import { TextField } from "~/components/ui/text-field";
import { NEW_PASSWORD_HINT } from "./password-schemas";

type NewPasswordValues = { newPassword: string; confirmPassword: string };

export type NewPasswordFieldsProps<T extends NewPasswordValues> = {
  /** Prefix of the inputs' ids, unique on the page (`reset`, `change`). */
  idPrefix: string;
  register: UseFormRegister<T>;
  errors: FieldErrors<NewPasswordValues>;
};

/** "Nueva contraseña" with its advice and "Confirmar contraseña": the same pair in every password form. */
export function NewPasswordFields<T extends NewPasswordValues>({
  idPrefix,
  register,
  errors,
}: NewPasswordFieldsProps<T>) {
  return (
    <>
      <TextField
        id={`${idPrefix}-new-password`}
        label="Nueva contraseña"
        type="password"
        autoComplete="new-password"
        hint={NEW_PASSWORD_HINT}
        error={errors.newPassword?.message}
        {...register("newPassword" as Path<T>)}
      />
      <TextField
        id={`${idPrefix}-confirm-password`}
        label="Confirmar contraseña"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register("confirmPassword" as Path<T>)}
      />
    </>
  );
}
