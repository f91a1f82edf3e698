import type { ReactNode } from "react";

/**
 * The look of text inputs, selects and text areas; red ring when the field is invalid (also when
 * only `aria-invalid` says so: the server marks fields of a form sent without JavaScript that way).
 */
export const inputStyles = (invalid: boolean) =>
  `block w-full rounded-xl bg-white px-4 py-3 text-base text-stone-900 shadow-sm ring-1 transition-shadow placeholder:text-stone-400 focus:outline-none focus:ring-2 disabled:bg-stone-100 aria-invalid:ring-red-600 aria-invalid:focus:ring-red-700 ${
    invalid ? "ring-red-600 focus:ring-red-700" : "ring-stone-300 focus:ring-leaf-600"
  }`;

/** A compact select or input that sits in a row of filters (not a form's full-width field). */
export const compactControl =
  "min-h-11 rounded-xl bg-white px-3 text-base text-stone-900 shadow-sm ring-1 ring-stone-300 focus:outline-none focus:ring-2 focus:ring-leaf-600";

export const errorId = (id: string) => `${id}-error`;
export const hintId = (id: string) => `${id}-hint`;

/** `aria-describedby` for a field: its hint and, when shown, its error. */
export const describedBy = (id: string, { error, hint }: { error?: string; hint?: boolean }) =>
  [hint ? hintId(id) : "", error ? errorId(id) : ""].filter(Boolean).join(" ") || undefined;

export type FieldProps = {
  id: string;
  label: ReactNode;
  /** Shown under the control once the field is touched (spec section 5). */
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  children: ReactNode;
};

/** Label, control, hint and error of one form field, wired for screen readers. */
export function Field({ id, label, error, hint, optional = false, children }: FieldProps) {
  return (
    <div className="grid content-start gap-1.5">
      <div className="text-sm">
        <label htmlFor={id} className="font-semibold text-leaf-900">
          {label}
        </label>
        {/* Outside the label, so the field's name stays exactly its label. */}
        {optional && <span className="ml-1 text-stone-600">(opcional)</span>}
      </div>
      {children}
      {hint && (
        <p id={hintId(id)} className="text-stone-600 text-xs">
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}

/**
 * The error line under a field. It always takes its place, empty or not: a message appearing when a
 * field is left must not push down the button the pointer is about to release on (the click would be
 * lost).
 */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return (
    // data-error-for: where the server writes the error of a form sent without JavaScript.
    <p id={error ? errorId(id) : undefined} data-error-for={id} className="min-h-5 font-medium text-red-700 text-sm">
      {error}
    </p>
  );
}
