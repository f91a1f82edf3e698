import { LoaderCircle } from "lucide-react";
import type { ReactNode } from "react";
import { buttonStyles } from "./button-styles";

export type FormButtonsProps = {
  submitLabel: string;
  /** True while the form is being sent: the submit button waits and shows a spinner. */
  busy: boolean;
  onCancel: () => void;
  /** Other buttons, before "Cancelar" (e.g. `Responder por WhatsApp`). */
  before?: ReactNode;
  className: string;
};

/** A form's closing row: "Cancelar" and the submit button. */
export function FormButtons({ submitLabel, busy, onCancel, before, className }: FormButtonsProps) {
  return (
    <div className={`flex flex-wrap justify-end ${className}`}>
      {before}
      <button type="button" onClick={onCancel} className={`${buttonStyles.secondary} min-h-11`}>
        Cancelar
      </button>
      <button type="submit" disabled={busy} className={`${buttonStyles.primary} min-h-11`}>
        {busy && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
        {submitLabel}
      </button>
    </div>
  );
}
