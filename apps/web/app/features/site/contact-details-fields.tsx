import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { TextField } from "~/components/ui/text-field";
import type { ContactDetailsFormValues } from "./site-form-schemas";

type Props = { register: UseFormRegister<ContactDetailsFormValues>; errors: FieldErrors<ContactDetailsFormValues> };

const FIELDS: { name: keyof ContactDetailsFormValues; label: string; type?: string; hint?: string }[] = [
  { name: "phone", label: "Teléfono", type: "tel", hint: "Con el código de país: +593 2 236 4100" },
  { name: "whatsapp", label: "WhatsApp", type: "tel", hint: "Con el código de país: +593 99 123 4567" },
  { name: "email", label: "Correo electrónico", type: "email" },
  { name: "street", label: "Calle" },
  { name: "city", label: "Ciudad" },
  { name: "region", label: "Provincia" },
  { name: "country", label: "País" },
  { name: "hours", label: "Horario de atención" },
];

/** How to reach the supplier: the site's header, footer, contact page, emails and JSON-LD say it. */
export function ContactDetailsFields({ register, errors }: Props) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {FIELDS.map(({ name, label, type = "text", hint }) => (
        <TextField
          key={name}
          id={`contacto-${name}`}
          label={label}
          type={type}
          hint={hint}
          error={errors[name]?.message}
          {...register(name)}
        />
      ))}
    </div>
  );
}
