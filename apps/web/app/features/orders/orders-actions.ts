import type { Order, Quote } from "@app/shared";
import { useRouteAction } from "~/lib/route-action";
import { changeOrder, type OrderChange, repeatOrder } from "./orders-api";

// Every write of an order's page, by name: the route's clientAction runs them, and React Router then
// loads the order again, so the page shows what is stored (also after a refusal: its current state).

export type OrderIntent =
  | { intent: "change-order"; orderId: number; change: OrderChange }
  | { intent: "repeat-order"; orderId: number };

export function runOrderIntent(action: OrderIntent): Promise<Order | Quote> {
  switch (action.intent) {
    case "change-order":
      return changeOrder(action.orderId, action.change);
    case "repeat-order":
      return repeatOrder(action.orderId);
  }
}

/** Runs one of the writes above through the route's clientAction (see lib/route-action.ts). */
export function useOrderAction() {
  const { run, busy } = useRouteAction();
  return {
    changeOrder: (orderId: number, change: OrderChange) =>
      run<Order>({ intent: "change-order", orderId, change } satisfies OrderIntent),
    repeatOrder: (orderId: number) => run<Quote>({ intent: "repeat-order", orderId } satisfies OrderIntent),
    busy,
  };
}
