import type { PriceChange, PriceItem, PriceItemChangeInput, PriceItemInput, PriceProduct } from "@app/shared";
import { authRequest } from "~/lib/api-client";

// `Catálogo de precios`: every staff member reads the prices (quotes use them); administrators set them.

export const loadPriceItems = (signal?: AbortSignal) => authRequest<PriceItem[]>("/price-items", { signal });

export const loadPriceProducts = (signal?: AbortSignal) =>
  authRequest<PriceProduct[]>("/price-items/products", { signal });

export const loadPriceHistory = (id: number, signal?: AbortSignal) =>
  authRequest<PriceChange[]>(`/price-items/${id}/changes`, { signal });

export const createPriceItem = (body: PriceItemInput) =>
  authRequest<PriceItem>("/price-items", { method: "POST", body });

export const updatePriceItem = (id: number, body: PriceItemChangeInput) =>
  authRequest<PriceItem>(`/price-items/${id}`, { method: "PATCH", body });

/** What the screen shows: the presentations and the products they may belong to. */
export async function loadPriceCatalogue(signal?: AbortSignal) {
  const [items, products] = await Promise.all([loadPriceItems(signal), loadPriceProducts(signal)]);
  return { items, products };
}
export type PriceCatalogue = Awaited<ReturnType<typeof loadPriceCatalogue>>;
