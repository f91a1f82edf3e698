import {
  SERVICE_LINE_ICON_LABELS,
  SERVICE_LINE_ICONS,
  SERVICE_LINE_PAGE_LABELS,
  SERVICE_LINE_PAGES,
  SITE_LIMITS,
} from "@app/shared/constants";
import { Plus, Trash2 } from "lucide-react";
import { type Control, type FieldErrors, type UseFormRegister, useFieldArray } from "react-hook-form";
import { buttonStyles } from "~/components/ui/button-styles";
import { Field, FieldError, inputStyles } from "~/components/ui/field";
import { TextAreaField, TextField } from "~/components/ui/text-field";
import type { LandingFormContent, LandingFormValues } from "./site-form-schemas";

type Props = {
  register: UseFormRegister<LandingFormValues>;
  errors: FieldErrors<LandingFormValues>;
  control: Control<LandingFormValues, unknown, LandingFormContent>;
};

const id = (field: string) => `inicio-${field.replaceAll(".", "-")}`;
const legendStyles = "font-bold text-leaf-900 text-lg";
const groupStyles = "grid gap-4 rounded-2xl p-4 ring-1 ring-leaf-100";
const removeStyles = `${buttonStyles.secondary} min-h-11 justify-self-start`;

/**
 * The home page's own copy, in the order the page shows it: the first screen, the figures, the
 * service cards and the call to action. Its buttons' words (`Ver productos`, `Solicitar cotización`)
 * are the site's, not content.
 */
export function LandingFields({ register, errors, control }: Props) {
  const stats = useFieldArray({ control, name: "stats" });
  const cards = useFieldArray({ control, name: "serviceLines" });
  const statsError = errors.stats?.message ?? errors.stats?.root?.message;
  const cardsError = errors.serviceLines?.message ?? errors.serviceLines?.root?.message;
  return (
    <div className="grid gap-6">
      <fieldset className={groupStyles}>
        <legend className={legendStyles}>Portada</legend>
        <TextField
          id={id("hero.eyebrow")}
          label="Antetítulo"
          error={errors.hero?.eyebrow?.message}
          maxLength={SITE_LIMITS.eyebrow}
          {...register("hero.eyebrow")}
        />
        <TextField
          id={id("hero.title")}
          label="Título principal"
          error={errors.hero?.title?.message}
          maxLength={SITE_LIMITS.heroTitle}
          {...register("hero.title")}
        />
        <TextField
          id={id("hero.text")}
          label="Texto bajo el título"
          error={errors.hero?.text?.message}
          maxLength={SITE_LIMITS.heroText}
          {...register("hero.text")}
        />
        <TextField
          id={id("hero.claim")}
          label="Frase destacada"
          error={errors.hero?.claim?.message}
          maxLength={SITE_LIMITS.claim}
          {...register("hero.claim")}
        />
      </fieldset>

      <fieldset className={groupStyles} aria-describedby={statsError ? `${id("stats")}-error` : undefined}>
        <legend className={legendStyles}>Cifras</legend>
        {stats.fields.map((field, index) => (
          <div key={field.id} className="grid gap-3 md:grid-cols-[10rem_1fr_auto] md:items-start">
            <TextField
              id={id(`stats.${index}.value`)}
              label={`Cifra ${index + 1}`}
              error={errors.stats?.[index]?.value?.message}
              maxLength={SITE_LIMITS.statValue}
              {...register(`stats.${index}.value`)}
            />
            <TextField
              id={id(`stats.${index}.label`)}
              label={`Qué mide la cifra ${index + 1}`}
              error={errors.stats?.[index]?.label?.message}
              maxLength={SITE_LIMITS.statLabel}
              {...register(`stats.${index}.label`)}
            />
            <button type="button" className={`${removeStyles} md:mt-6`} onClick={() => stats.remove(index)}>
              <Trash2 className="size-4" aria-hidden="true" />
              Quitar cifra {index + 1}
            </button>
          </div>
        ))}
        <FieldError id={id("stats")} error={statsError} />
        <button
          type="button"
          className={removeStyles}
          disabled={stats.fields.length >= SITE_LIMITS.stats}
          onClick={() => stats.append({ value: "", label: "" })}
        >
          <Plus className="size-4" aria-hidden="true" />
          Añadir cifra
        </button>
      </fieldset>

      <fieldset className={groupStyles} aria-describedby={cardsError ? `${id("serviceLines")}-error` : undefined}>
        <legend className={legendStyles}>Tarjetas de servicios</legend>
        {cards.fields.map((field, index) => (
          <div key={field.id} className="grid gap-3 border-leaf-100 border-b pb-4 md:grid-cols-2">
            <TextField
              id={id(`serviceLines.${index}.title`)}
              label={`Título de la tarjeta ${index + 1}`}
              error={errors.serviceLines?.[index]?.title?.message}
              maxLength={SITE_LIMITS.serviceLineTitle}
              {...register(`serviceLines.${index}.title`)}
            />
            <TextField
              id={id(`serviceLines.${index}.text`)}
              label={`Texto de la tarjeta ${index + 1}`}
              error={errors.serviceLines?.[index]?.text?.message}
              maxLength={SITE_LIMITS.serviceLineText}
              {...register(`serviceLines.${index}.text`)}
            />
            <Field id={id(`serviceLines.${index}.icon`)} label={`Icono de la tarjeta ${index + 1}`}>
              <select
                id={id(`serviceLines.${index}.icon`)}
                className={inputStyles(false)}
                {...register(`serviceLines.${index}.icon`)}
              >
                {SERVICE_LINE_ICONS.map((icon) => (
                  <option key={icon} value={icon}>
                    {SERVICE_LINE_ICON_LABELS[icon]}
                  </option>
                ))}
              </select>
            </Field>
            <Field id={id(`serviceLines.${index}.page`)} label={`«Conocer más» de la tarjeta ${index + 1} lleva a`}>
              <select
                id={id(`serviceLines.${index}.page`)}
                className={inputStyles(false)}
                {...register(`serviceLines.${index}.page`)}
              >
                {SERVICE_LINE_PAGES.map((page) => (
                  <option key={page} value={page}>
                    {SERVICE_LINE_PAGE_LABELS[page]}
                  </option>
                ))}
              </select>
            </Field>
            <button type="button" className={removeStyles} onClick={() => cards.remove(index)}>
              <Trash2 className="size-4" aria-hidden="true" />
              Quitar tarjeta {index + 1}
            </button>
          </div>
        ))}
        <FieldError id={id("serviceLines")} error={cardsError} />
        <button
          type="button"
          className={removeStyles}
          disabled={cards.fields.length >= SITE_LIMITS.serviceLines}
          onClick={() => cards.append({ title: "", text: "", icon: "escudo", page: "seguros" })}
        >
          <Plus className="size-4" aria-hidden="true" />
          Añadir tarjeta
        </button>
      </fieldset>

      <fieldset className={groupStyles}>
        <legend className={legendStyles}>Llamada a la acción</legend>
        <TextField
          id={id("callToAction.title")}
          label="Título de la llamada a la acción"
          error={errors.callToAction?.title?.message}
          maxLength={SITE_LIMITS.callToActionTitle}
          {...register("callToAction.title")}
        />
        <TextField
          id={id("callToAction.text")}
          label="Texto de la llamada a la acción"
          error={errors.callToAction?.text?.message}
          maxLength={SITE_LIMITS.callToActionText}
          {...register("callToAction.text")}
        />
        <TextAreaField
          id={id("callToAction.promises")}
          label="Ventajas"
          hint={`Una por línea, hasta ${SITE_LIMITS.promises}.`}
          error={errors.callToAction?.promises?.message}
          rows={4}
          {...register("callToAction.promises")}
        />
      </fieldset>
    </div>
  );
}
