import type { ComponentProps, ReactNode } from "react";
import { describedBy, Field, inputStyles } from "./field";

export type TextFieldProps = ComponentProps<"input"> & {
  id: string;
  label: string;
  error: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
};

/** A labelled single-line input with its hint and error wired for screen readers. */
export function TextField({ id, label, error, hint, optional, ...input }: TextFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} optional={optional}>
      <input
        id={id}
        type="text"
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(id, { error, hint: Boolean(hint) })}
        className={inputStyles(Boolean(error))}
        {...input}
      />
    </Field>
  );
}

export type TextAreaFieldProps = ComponentProps<"textarea"> & {
  id: string;
  label: string;
  error: string | undefined;
  hint?: ReactNode;
};

/** A labelled text area (paragraphs, one entry per line) with its hint and error wired for screen readers. */
export function TextAreaField({ id, label, error, hint, ...area }: TextAreaFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <textarea
        id={id}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(id, { error, hint: Boolean(hint) })}
        className={inputStyles(Boolean(error))}
        {...area}
      />
    </Field>
  );
}
