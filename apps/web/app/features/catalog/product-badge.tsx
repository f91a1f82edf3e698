import type { ProductBadge as Badge } from "@app/shared/constants";

export function ProductBadge({ badge }: { badge: Badge }) {
  const tone = badge === "Nuevo" ? "bg-petal-600 text-white" : "bg-leaf-700 text-white";
  return <span className={`rounded-full px-3 py-1 font-semibold text-xs ${tone}`}>{badge}</span>;
}
