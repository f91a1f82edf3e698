import { PARTNER_GROUP_LABELS, PARTNER_GROUPS, SITE_LIMITS } from "@app/shared/constants";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { Field, inputStyles } from "~/components/ui/field";
import { TextField } from "~/components/ui/text-field";
import type { PartnerFormValues } from "./site-form-schemas";

type Props = { register: UseFormRegister<PartnerFormValues>; errors: FieldErrors<PartnerFormValues> };

const id = (field: string) => `socio-${field}`;

/** A partner's fields: what the footer's `Nuestros socios` shows of it, on every page. */
export function PartnerFields({ register, errors }: Props) {
  return (
    <div className="grid gap-4">
      <TextField
        id={id("name")}
        label="Nombre"
        error={errors.name?.message}
        maxLength={SITE_LIMITS.partnerName}
        {...register("name")}
      />
      <TextField
        id={id("description")}
        label="Descripción"
        hint="Una línea: qué hace o en qué zona distribuye."
        error={errors.description?.message}
        maxLength={SITE_LIMITS.partnerDescription}
        {...register("description")}
      />
      <Field id={id("group")} label="Grupo" error={errors.group?.message}>
        <select id={id("group")} className={inputStyles(Boolean(errors.group))} {...register("group")}>
          {PARTNER_GROUPS.map((group) => (
            <option key={group} value={group}>
              {PARTNER_GROUP_LABELS[group]}
            </option>
          ))}
        </select>
      </Field>
    </div>
  );
}
