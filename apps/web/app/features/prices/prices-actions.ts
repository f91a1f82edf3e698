import type { PriceItemChangeInput, PriceItemInput } from "@app/shared";
import { useRouteAction } from "~/lib/route-action";
import { createPriceItem, updatePriceItem } from "./prices-api";

// Every write of the Catálogo de precios screen, by name: the route's clientAction runs them, and
// React Router then loads the catalogue again.

export type PricesIntent =
  | { intent: "create-price-item"; body: PriceItemInput }
  | { intent: "update-price-item"; priceItemId: number; body: PriceItemChangeInput };

export function runPricesIntent(action: PricesIntent): Promise<unknown> {
  switch (action.intent) {
    case "create-price-item":
      return createPriceItem(action.body);
    case "update-price-item":
      return updatePriceItem(action.priceItemId, action.body);
  }
}

/** Runs one of the writes above through the route's clientAction (see lib/route-action.ts). */
export function usePricesAction() {
  const { run } = useRouteAction();
  return <T = unknown>(action: PricesIntent) => run<T>(action);
}
