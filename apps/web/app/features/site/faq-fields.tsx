import { SITE_LIMITS } from "@app/shared/constants";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { describedBy, Field, inputStyles } from "~/components/ui/field";
import { TextField } from "~/components/ui/text-field";
import type { FaqFormValues } from "./site-form-schemas";

type Props = { register: UseFormRegister<FaqFormValues>; errors: FieldErrors<FaqFormValues> };

const id = (field: string) => `pregunta-${field}`;

/** A question of the home page's `Preguntas frecuentes` and its answer. */
export function FaqFields({ register, errors }: Props) {
  const answerError = errors.answer?.message;
  const answerHint = `Uno o más párrafos, hasta ${SITE_LIMITS.answer} caracteres.`;
  return (
    <div className="grid gap-4">
      <TextField
        id={id("question")}
        label="Pregunta"
        error={errors.question?.message}
        maxLength={SITE_LIMITS.question}
        {...register("question")}
      />
      <Field id={id("answer")} label="Respuesta" error={answerError} hint={answerHint}>
        <textarea
          id={id("answer")}
          rows={4}
          maxLength={SITE_LIMITS.answer}
          aria-invalid={Boolean(answerError)}
          aria-describedby={describedBy(id("answer"), { error: answerError, hint: true })}
          className={inputStyles(Boolean(answerError))}
          {...register("answer")}
        />
      </Field>
    </div>
  );
}
