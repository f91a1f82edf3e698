import { Download, LoaderCircle, type LucideIcon, Save, Send } from "lucide-react";
import { buttonStyles } from "~/components/ui/button-styles";
import type { Busy } from "./use-quote-editor";

/** Two side by side in a phone's bar: the button look with less room at its sides, so each name fits one line. */
const BAR_BUTTON = buttonStyles.secondary.replace("px-5", "px-3");

export type QuoteEditorActionsProps = { busy: Busy; onDownload: () => void; onSend: () => void };

/**
 * `Guardar borrador` (the form's submit), `Descargar PDF` and `Enviar cotización`: a bar stuck to
 * the bottom of a phone's screen, so the work is always one tap from being saved or sent.
 */
export function QuoteEditorActions({ busy, onDownload, onSend }: QuoteEditorActionsProps) {
  const icon = (kind: Exclude<Busy, null>, Icon: LucideIcon, phone: boolean) =>
    busy === kind ? (
      <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
    ) : (
      <Icon className={phone ? "size-4" : "hidden size-4 sm:block"} aria-hidden="true" />
    );
  return (
    <div className="sticky bottom-0 z-10 -mx-4 grid grid-cols-2 gap-2 border-stone-200 border-t bg-white/95 px-4 py-3 backdrop-blur md:static md:mx-0 md:flex md:flex-wrap md:justify-end md:gap-3 md:border-0 md:bg-transparent md:p-0 md:backdrop-blur-none">
      <button type="submit" disabled={busy !== null} className={`${BAR_BUTTON} min-h-11`}>
        {icon("save", Save, false)}
        Guardar borrador
      </button>
      <button type="button" disabled={busy !== null} onClick={onDownload} className={`${BAR_BUTTON} min-h-11`}>
        {icon("pdf", Download, false)}
        Descargar PDF
      </button>
      <button
        type="button"
        disabled={busy !== null}
        onClick={onSend}
        className={`${buttonStyles.primary} col-span-2 min-h-11`}
      >
        {icon("send", Send, true)}
        Enviar cotización
      </button>
    </div>
  );
}
