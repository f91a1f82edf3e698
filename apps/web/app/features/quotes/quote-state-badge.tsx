import { QUOTE_STATE_LABELS, type QuoteState } from "@app/shared/constants";

/** Each state its own colour, each with text of at least 4.5:1 on its background. */
const STATE_STYLES: Record<QuoteState, string> = {
  borrador: "bg-stone-100 text-stone-800 ring-stone-300",
  enviada: "bg-sky-50 text-sky-900 ring-sky-200",
  aceptada: "bg-leaf-50 text-leaf-900 ring-leaf-200",
  rechazada: "bg-red-50 text-red-800 ring-red-200",
  vencida: "bg-amber-50 text-amber-900 ring-amber-200",
};

/** `Borrador`, `Enviada`, `Aceptada`, `Rechazada` or `Vencida`. */
export function QuoteStateBadge({ state }: { state: QuoteState }) {
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 font-medium text-xs ring-1 ${STATE_STYLES[state]}`}
    >
      {QUOTE_STATE_LABELS[state]}
    </span>
  );
}
