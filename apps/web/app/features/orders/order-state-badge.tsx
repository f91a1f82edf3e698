import { ORDER_STATE_LABELS, type OrderState } from "@app/shared/constants";

/** Each state its own colour, each with text of at least 4.5:1 on its background. */
const STATE_STYLES: Record<OrderState, string> = {
  confirmado: "bg-sky-50 text-sky-900 ring-sky-200",
  despachado: "bg-amber-50 text-amber-900 ring-amber-200",
  entregado: "bg-leaf-50 text-leaf-900 ring-leaf-200",
  cancelado: "bg-stone-100 text-stone-800 ring-stone-300",
};

/** `Confirmado`, `Despachado`, `Entregado` or `Cancelado`. */
export function OrderStateBadge({ state }: { state: OrderState }) {
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 font-medium text-xs ring-1 ${STATE_STYLES[state]}`}
    >
      {ORDER_STATE_LABELS[state]}
    </span>
  );
}
