import type { FieldErrors, Path, UseFormRegister } from "react-hook-form";
import { TextField } from "~/components/ui/text-field";
import type { ContactFieldsFormInput } from "./contact-form-schemas";

export type ContactFieldsProps<T extends ContactFieldsFormInput> = {
  /** Prefix of the inputs' ids: two forms can be on the page at once. */
  idPrefix: string;
  register: UseFormRegister<T>;
  errors: FieldErrors<ContactFieldsFormInput>;
};

/** Nombre, Apellido, Correo electrónico, Código de país, Teléfono, Empresa: the contact's data. */
export function ContactFields<T extends ContactFieldsFormInput>({
  idPrefix,
  register: registerField,
  errors,
}: ContactFieldsProps<T>) {
  const id = (field: string) => `${idPrefix}-${field}`;
  // Any form that holds the contact's fields (the details form, Nuevo Contacto) can use these.
  const register = (name: keyof ContactFieldsFormInput) => registerField(name as Path<T>);
  return (
    <div className="grid gap-x-4 gap-y-1 md:grid-cols-2">
      <TextField
        id={id("first-name")}
        label="Nombre"
        autoComplete="off"
        error={errors.firstName?.message}
        {...register("firstName")}
      />
      <TextField
        id={id("last-name")}
        label="Apellido"
        autoComplete="off"
        error={errors.lastName?.message}
        {...register("lastName")}
      />
      <TextField
        id={id("email")}
        label="Correo electrónico"
        type="email"
        autoComplete="off"
        spellCheck={false}
        error={errors.email?.message}
        {...register("email")}
      />
      <div className="grid grid-cols-[8.5rem_1fr] gap-3">
        <TextField
          id={id("country-code")}
          label="Código de país"
          inputMode="tel"
          autoComplete="off"
          maxLength={5}
          error={errors.countryCode?.message}
          {...register("countryCode")}
        />
        <TextField
          id={id("phone")}
          label="Teléfono"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          hint="Sin el código de país: 9 o 10 dígitos."
          error={errors.phone?.message}
          {...register("phone")}
        />
      </div>
      <TextField
        id={id("company")}
        label="Empresa"
        autoComplete="off"
        error={errors.company?.message}
        {...register("company")}
      />
    </div>
  );
}
