import { SITE_LIMITS, TESTIMONIAL_RATINGS } from "@app/shared/constants";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { Field, inputStyles } from "~/components/ui/field";
import { TextAreaField, TextField } from "~/components/ui/text-field";
import type { TestimonialFormValues } from "./site-form-schemas";

type Props = { register: UseFormRegister<TestimonialFormValues>; errors: FieldErrors<TestimonialFormValues> };

const id = (field: string) => `testimonio-${field}`;
const starsLabel = (rating: number) => (rating === 1 ? "1 estrella" : `${rating} estrellas`);

/** A testimonial's fields: what the home page's `Testimonios` shows of it. */
export function TestimonialFields({ register, errors }: Props) {
  return (
    <div className="grid gap-4">
      <TextAreaField
        id={id("quote")}
        label="Testimonio"
        hint={`Lo que dijo el cliente, sin comillas, hasta ${SITE_LIMITS.quote} caracteres.`}
        error={errors.quote?.message}
        rows={4}
        maxLength={SITE_LIMITS.quote}
        {...register("quote")}
      />
      <TextField
        id={id("name")}
        label="Nombre"
        error={errors.name?.message}
        maxLength={SITE_LIMITS.person}
        {...register("name")}
      />
      <TextField
        id={id("role")}
        label="Cargo y lugar"
        hint="Por ejemplo: Jefa de poscosecha, finca de rosas en Cayambe"
        error={errors.role?.message}
        maxLength={SITE_LIMITS.role}
        {...register("role")}
      />
      <Field id={id("rating")} label="Estrellas" error={errors.rating?.message}>
        <select id={id("rating")} className={inputStyles(Boolean(errors.rating))} {...register("rating")}>
          {TESTIMONIAL_RATINGS.map((rating) => (
            <option key={rating} value={String(rating)}>
              {starsLabel(rating)}
            </option>
          ))}
        </select>
      </Field>
    </div>
  );
}
