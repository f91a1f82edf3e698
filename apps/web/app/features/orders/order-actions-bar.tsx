import type { OrderState } from "@app/shared/constants";
import { Ban, CircleCheck, type LucideIcon, Repeat, Truck } from "lucide-react";
import { buttonStyles } from "~/components/ui/button-styles";

/** The states an order moves on to from each one (the API's rule): forward, never back. */
export const MOVES: Record<OrderState, readonly ("despachado" | "entregado")[]> = {
  confirmado: ["despachado", "entregado"],
  despachado: ["entregado"],
  entregado: [],
  cancelado: [],
};

/** Cancelled until it is delivered. */
export const cancellable = (state: OrderState) => state === "confirmado" || state === "despachado";

const MOVE_BUTTONS = {
  despachado: { label: "Marcar como despachado", icon: Truck },
  entregado: { label: "Marcar como entregado", icon: CircleCheck },
} as const;

export type OrderActionsBarProps = {
  state: OrderState;
  busy: boolean;
  onMove: (to: "despachado" | "entregado") => void;
  onCancel: () => void;
  onRepeat: () => void;
};

type Action = { key: string; label: string; icon: LucideIcon; look: string; onClick: () => void };

/**
 * The order's actions: its next states, `Cancelar pedido` and `Repetir pedido`, in a bar that stays
 * at the bottom of the screen while the order scrolls (last in the page, as in reading order): two
 * buttons a row on a phone, one row from tablet width.
 */
export function OrderActionsBar({ state, busy, onMove, onCancel, onRepeat }: OrderActionsBarProps) {
  const moves = MOVES[state];
  const actions: Action[] = [
    ...moves.map((to, index) => ({
      key: to,
      ...MOVE_BUTTONS[to],
      look: index === 0 ? buttonStyles.primary : buttonStyles.secondary,
      onClick: () => onMove(to),
    })),
    ...(cancellable(state)
      ? [{ key: "cancelar", label: "Cancelar pedido", icon: Ban, look: buttonStyles.secondary, onClick: onCancel }]
      : []),
    {
      key: "repetir",
      label: "Repetir pedido",
      icon: Repeat,
      look: moves.length === 0 ? buttonStyles.primary : buttonStyles.secondary,
      onClick: onRepeat,
    },
  ];
  // An odd count: the first button takes a whole row on a phone.
  const odd = actions.length % 2 === 1;
  return (
    <div className="sticky bottom-0 z-5 -mx-4 mt-6 grid grid-cols-2 gap-2 border-stone-200 border-t bg-white/95 px-4 py-3 backdrop-blur md:-mx-8 md:flex md:flex-wrap md:justify-end md:gap-3 md:px-8">
      {actions.map(({ key, label, icon: Icon, look, onClick }, index) => (
        <button
          key={key}
          type="button"
          disabled={busy}
          onClick={onClick}
          className={`${look} min-h-11 px-3 ${odd && index === 0 ? "col-span-2" : ""}`}
        >
          <Icon className="size-4 shrink-0" aria-hidden="true" />
          {label}
        </button>
      ))}
    </div>
  );
}
