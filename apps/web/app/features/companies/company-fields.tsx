import { COMPANY_LIMITS } from "@app/shared";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { TextAreaField, TextField } from "~/components/ui/text-field";
import type { CompanyFormInput } from "./company-form-schema";

export type CompanyFieldsProps = {
  /** Starts every field's id, so two forms on one page never share one. */
  idPrefix: string;
  register: UseFormRegister<CompanyFormInput>;
  errors: FieldErrors<CompanyFormInput>;
};

const L = COMPANY_LIMITS;

/** The fields of a company, in the order staff fill them: who it is, where, what it grows, notes. */
export function CompanyFields({ idPrefix, register, errors }: CompanyFieldsProps) {
  const id = (field: string) => `${idPrefix}-${field}`;
  return (
    <div className="grid gap-x-4 gap-y-1 md:grid-cols-2">
      <TextField
        id={id("nombre")}
        label="Nombre"
        autoComplete="organization"
        maxLength={L.name}
        error={errors.name?.message}
        {...register("name")}
      />
      <TextField
        id={id("ruc")}
        label="RUC"
        optional
        inputMode="numeric"
        autoComplete="off"
        maxLength={20}
        hint="13 dígitos, sin guiones."
        error={errors.ruc?.message}
        {...register("ruc")}
      />
      <TextField
        id={id("provincia")}
        label="Provincia"
        optional
        maxLength={L.place}
        error={errors.province?.message}
        {...register("province")}
      />
      <TextField
        id={id("canton")}
        label="Cantón"
        optional
        maxLength={L.place}
        error={errors.canton?.message}
        {...register("canton")}
      />
      <div className="md:col-span-2">
        <TextField
          id={id("direccion")}
          label="Dirección"
          optional
          autoComplete="street-address"
          maxLength={L.address}
          error={errors.address?.message}
          {...register("address")}
        />
      </div>
      <TextField
        id={id("hectareas")}
        label="Hectáreas"
        optional
        inputMode="decimal"
        autoComplete="off"
        maxLength={12}
        error={errors.hectares?.message}
        {...register("hectares")}
      />
      <TextField
        id={id("tallos")}
        label="Tallos por semana"
        optional
        inputMode="numeric"
        autoComplete="off"
        maxLength={12}
        error={errors.stemsPerWeek?.message}
        {...register("stemsPerWeek")}
      />
      <TextAreaField
        id={id("variedades")}
        label="Variedades principales"
        rows={2}
        maxLength={L.varieties}
        hint="Por ejemplo: Freedom, Explorer, Mondial."
        error={errors.varieties?.message}
        {...register("varieties")}
      />
      <TextAreaField
        id={id("mercados")}
        label="Mercados"
        rows={2}
        maxLength={L.markets}
        hint="A dónde exporta: Estados Unidos, Rusia, Países Bajos…"
        error={errors.markets?.message}
        {...register("markets")}
      />
      <div className="md:col-span-2">
        <TextAreaField
          id={id("notas")}
          label="Notas"
          rows={3}
          maxLength={L.notes}
          error={errors.notes?.message}
          {...register("notes")}
        />
      </div>
    </div>
  );
}
