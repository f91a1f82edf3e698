import type { Product } from "~/content/products";

export function ProductBadge({ state }: { state: Product["state"] }) {
  const tone = state === "Nuevo" ? "bg-petal-600 text-white" : "bg-leaf-700 text-white";
  return <span className={`rounded-full px-3 py-1 font-semibold text-xs ${tone}`}>{state}</span>;
}
