import { RICH_TEXT_MESSAGES, SITE_LIMITS } from "@app/shared/constants";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { TextAreaField, TextField } from "~/components/ui/text-field";
import type { FaqFormValues } from "./site-form-schemas";

type Props = { register: UseFormRegister<FaqFormValues>; errors: FieldErrors<FaqFormValues> };

const id = (field: string) => `pregunta-${field}`;

/** A question of the home page's `Preguntas frecuentes` and its answer. */
export function FaqFields({ register, errors }: Props) {
  return (
    <div className="grid gap-4">
      <TextField
        id={id("question")}
        label="Pregunta"
        error={errors.question?.message}
        maxLength={SITE_LIMITS.question}
        {...register("question")}
      />
      <TextAreaField
        id={id("answer")}
        label="Respuesta"
        hint={RICH_TEXT_MESSAGES.hint(SITE_LIMITS.answer)}
        error={errors.answer?.message}
        rows={4}
        maxLength={SITE_LIMITS.answer}
        {...register("answer")}
      />
    </div>
  );
}
