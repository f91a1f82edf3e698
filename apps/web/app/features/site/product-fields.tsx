import { PRODUCT_TAB_LABELS, PRODUCT_TABS, RICH_TEXT_MESSAGES, SITE_LIMITS } from "@app/shared/constants";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { Field, FieldError, inputStyles } from "~/components/ui/field";
import { TextAreaField, TextField } from "~/components/ui/text-field";
import { BADGE_OPTIONS, type ProductFormValues } from "./site-form-schemas";
import { SiteImageField } from "./site-image-field";

type Props = {
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
  /** The product's picture, when it has one. */
  imageSrc: string;
  onImageChange: (src: string) => void;
};

const id = (field: string) => `producto-${field}`;

/** A product's fields: what its card, its dialog and its page `/productos/<dirección>` show. */
export function ProductFields({ register, errors, imageSrc, onImageChange }: Props) {
  const area = (field: "description" | "features" | "presentations", label: string, hint: string, rows: number) => (
    <TextAreaField
      id={id(field)}
      label={label}
      hint={hint}
      error={errors[field]?.message}
      rows={rows}
      {...register(field)}
    />
  );
  const tabsError = errors.tabs?.message;
  return (
    <div className="grid gap-4">
      <TextField
        id={id("title")}
        label="Título"
        error={errors.title?.message}
        maxLength={SITE_LIMITS.title}
        {...register("title")}
      />
      <TextField
        id={id("slug")}
        label="Dirección de la página"
        error={errors.slug?.message}
        hint="Se ve como /productos/dirección. Si la cambias, la dirección anterior lleva a la nueva."
        autoCapitalize="none"
        spellCheck={false}
        {...register("slug")}
      />
      {area("description", "Descripción", RICH_TEXT_MESSAGES.hint(SITE_LIMITS.description), 5)}
      {area("features", "Características", `Una por línea, hasta ${SITE_LIMITS.features}.`, 5)}
      {area("presentations", "Presentaciones", `Una por línea, hasta ${SITE_LIMITS.presentations}.`, 3)}
      <fieldset
        className="grid gap-2"
        aria-invalid={Boolean(tabsError)}
        aria-describedby={tabsError ? `${id("tabs")}-error` : undefined}
      >
        <legend className="font-semibold text-leaf-900 text-sm">Pestañas del catálogo</legend>
        {PRODUCT_TABS.map((tab) => (
          <label key={tab} className="flex min-h-11 items-center gap-3">
            <input type="checkbox" value={tab} className="size-5 accent-leaf-700" {...register("tabs")} />
            {PRODUCT_TAB_LABELS[tab]}
          </label>
        ))}
        <FieldError id={id("tabs")} error={tabsError} />
      </fieldset>
      <Field id={id("badge")} label="Distintivo" error={errors.badge?.message}>
        <select id={id("badge")} className={inputStyles(false)} {...register("badge")}>
          {BADGE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </Field>
      <SiteImageField
        src={imageSrc}
        onChange={onImageChange}
        alt={{ id: id("imageAlt"), error: errors.imageAlt?.message, input: register("imageAlt") }}
        withoutImage="Sin imagen: el sitio muestra el producto sin ella."
      />
    </div>
  );
}
