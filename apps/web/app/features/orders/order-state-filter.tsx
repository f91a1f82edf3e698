import { ORDER_STATE_LABELS, ORDER_STATES, type OrderState } from "@app/shared/constants";
import { Link } from "react-router";
import { ordersAddress } from "./orders-query";

const CHOICES: { state: OrderState | null; label: string }[] = [
  { state: null, label: "Todos" },
  ...ORDER_STATES.map((state) => ({ state, label: ORDER_STATE_LABELS[state] })),
];

/** `Todos`, `Confirmado`, `Despachado`…: links, so the address says which orders are listed. */
export function OrderStateFilter({ current }: { current: OrderState | null }) {
  return (
    <nav aria-label="Estado de los pedidos" className="mb-4">
      <ul className="flex flex-wrap gap-2">
        {CHOICES.map(({ state, label }) => {
          const chosen = state === current;
          return (
            <li key={label}>
              <Link
                to={ordersAddress({ state, page: 0 })}
                aria-current={chosen ? "page" : undefined}
                className={`inline-flex min-h-11 items-center rounded-xl px-3 font-semibold text-sm ring-1 ${
                  chosen
                    ? "bg-leaf-800 text-white ring-leaf-800"
                    : "bg-white text-leaf-800 ring-leaf-200 hover:bg-leaf-50"
                }`}
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
