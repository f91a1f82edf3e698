import { ORDER_STATES, type OrderState } from "@app/shared/constants";
import { paths } from "~/lib/paths";

// Where the orders list is, kept in the address so a reload, the back button and a shared link come
// back to it: `?estado=despachado&pagina=2`. Pages count from 1 in the address and from 0 for the API.

export type OrdersQuery = { state: OrderState | null; page: number };

const MAX_PAGE = 100_000;

const isOrderState = (value: string | null): value is OrderState => ORDER_STATES.includes(value as OrderState);

/** The list an address asks for; anything unexpected falls back to every order's first page. */
export function parseOrdersQuery(params: URLSearchParams): OrdersQuery {
  const state = params.get("estado");
  const page = Number(params.get("pagina"));
  return {
    state: isOrderState(state) ? state : null,
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page - 1 : 0,
  };
}

/** The address of a place of the list. */
export function ordersAddress({ state, page }: OrdersQuery) {
  const params = new URLSearchParams();
  if (state) params.set("estado", state);
  if (page > 0) params.set("pagina", String(page + 1));
  const query = params.toString();
  return query ? `${paths.crmOrders}?${query}` : paths.crmOrders;
}
