import type { Order, OrderPage, Quote } from "@app/shared";
import type { OrderState } from "@app/shared/constants";
import { authRequest, type DownloadedFile } from "~/lib/api-client";
import type { OrdersQuery } from "./orders-query";

// `Pedidos` (issue 33): staff and administrators. A change goes with the version the page was loaded
// at: 409 with a Spanish message for a move not allowed, or when someone changed the order meanwhile.

export const ORDERS_PAGE_SIZE = 20;

export function loadOrders(query: OrdersQuery, signal?: AbortSignal) {
  const params = new URLSearchParams({ page: String(query.page), size: String(ORDERS_PAGE_SIZE) });
  if (query.state) params.set("state", query.state);
  return authRequest<OrderPage>(`/orders?${params}`, { signal });
}

/** `Exportar CSV`: every order line, as the accounting system imports them (the API streams it). */
export const exportOrders = () => authRequest<DownloadedFile>("/orders/export", { file: true });

export const loadOrder = (id: number, signal?: AbortSignal) => authRequest<Order>(`/orders/${id}`, { signal });

/** A move (`Despachado`, `Entregado`, `Cancelado`) or, with the same state, a new delivery date. */
export type OrderChange = { state: OrderState; deliveryOn?: string | null; version: number };

export const changeOrder = (id: number, change: OrderChange) =>
  authRequest<Order>(`/orders/${id}`, { method: "PATCH", body: change });

/** `Repetir pedido`: a new opportunity and a draft quote with the order's lines at today's prices. */
export const repeatOrder = (id: number) => authRequest<Quote>(`/orders/${id}/repeat`, { method: "POST" });
