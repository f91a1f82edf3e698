import type { Order } from "@app/shared";
import type { ReactNode } from "react";
import { formatDollars, formatPercent } from "./order-format";

export type OrderTotalsProps = Pick<Order, "subtotal" | "ivaBases" | "iva" | "total">;

/** `Subtotal`, `IVA` (with each rate's base when there are several) and `Total`, in USD. */
export function OrderTotals({ subtotal, ivaBases, iva, total }: OrderTotalsProps) {
  const single = ivaBases.length === 1 ? ivaBases[0] : undefined;
  const row = (key: string, label: string, dollars: string, strong = false, detail?: ReactNode) => (
    <div
      className={`flex items-baseline justify-between gap-4 py-1.5 ${strong ? "border-stone-200 border-t pt-3 text-lg" : ""}`}
    >
      <span>
        <label htmlFor={`pedido-${key}`} className={strong ? "font-bold text-leaf-900" : "font-semibold text-leaf-900"}>
          {label}
        </label>
        {detail && <span className="ml-1 text-sm text-stone-600">{detail}</span>}
      </span>
      <output id={`pedido-${key}`} className={`tabular-nums ${strong ? "font-bold text-leaf-900" : "text-stone-900"}`}>
        {formatDollars(dollars)}
      </output>
    </div>
  );
  return (
    <section aria-labelledby="pedido-totales" className="grid rounded-2xl bg-white p-4 ring-1 ring-stone-200">
      <h2 id="pedido-totales" className="sr-only">
        Totales
      </h2>
      {row("subtotal", "Subtotal", subtotal)}
      {ivaBases.length > 1 && (
        <ul aria-label="IVA por tarifa" className="grid gap-0.5 py-1 text-sm text-stone-700">
          {ivaBases.map((base) => (
            <li key={base.ivaPercent} className="flex justify-between gap-4">
              <span>
                IVA {formatPercent(base.ivaPercent)} sobre {formatDollars(base.base)}
              </span>
              <span className="tabular-nums">{formatDollars(base.iva)}</span>
            </li>
          ))}
        </ul>
      )}
      {row("iva", "IVA", iva, false, single && `(${formatPercent(single.ivaPercent)})`)}
      {row("total", "Total", total, true)}
    </section>
  );
}
