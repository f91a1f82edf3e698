import { SIGNATURE_LIMITS } from "@app/shared/constants";
import type { FieldErrors, Path, UseFormRegister } from "react-hook-form";
import { TextField } from "~/components/ui/text-field";

type SignatureFormFields = { jobTitle?: string | null; phone?: string | null; whatsapp?: string | null };

export type SignatureFieldsProps<T extends SignatureFormFields> = {
  /** Prefix of the inputs' ids, unique on the page. */
  idPrefix: string;
  register: UseFormRegister<T>;
  errors: FieldErrors<SignatureFormFields>;
};

const PHONE_HINT = "Con + y el código de país, por ejemplo +593 99 123 4567.";

/** Cargo, Teléfono and WhatsApp: what a signature adds to the name. The same three everywhere. */
export function SignatureFields<T extends SignatureFormFields>({
  idPrefix,
  register,
  errors,
}: SignatureFieldsProps<T>) {
  return (
    <>
      <TextField
        id={`${idPrefix}-job-title`}
        label="Cargo"
        autoComplete="organization-title"
        optional
        maxLength={SIGNATURE_LIMITS.jobTitle}
        hint="Por ejemplo, Asesora técnica comercial."
        error={errors.jobTitle?.message}
        {...register("jobTitle" as Path<T>)}
      />
      <TextField
        id={`${idPrefix}-phone`}
        label="Teléfono"
        type="tel"
        autoComplete="tel"
        optional
        hint={PHONE_HINT}
        error={errors.phone?.message}
        {...register("phone" as Path<T>)}
      />
      <TextField
        id={`${idPrefix}-whatsapp`}
        label="WhatsApp"
        type="tel"
        autoComplete="off"
        optional
        hint={PHONE_HINT}
        error={errors.whatsapp?.message}
        {...register("whatsapp" as Path<T>)}
      />
    </>
  );
}
