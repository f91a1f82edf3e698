import { ORDER_STATE_LABELS, ORDER_STATES, type OrderState } from "@app/shared/constants";
import { ChoiceLinks } from "~/components/ui/choice-links";
import { ordersAddress } from "./orders-query";

const STATES: (OrderState | null)[] = [null, ...ORDER_STATES];

/** `Todos`, `Confirmado`, `Despachado`…: links, so the address says which orders are listed. */
export function OrderStateFilter({ current }: { current: OrderState | null }) {
  return (
    <ChoiceLinks
      label="Estado de los pedidos"
      choices={STATES.map((state) => ({
        label: state ? ORDER_STATE_LABELS[state] : "Todos",
        to: ordersAddress({ state, page: 0 }),
        chosen: state === current,
      }))}
    />
  );
}
