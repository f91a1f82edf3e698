import { centsToDecimal, type DocumentTotals, formatScaled } from "@app/shared/money";
import type { ReactNode } from "react";
import { formatDollars, formatPercent } from "./quote-format";

/** The totals as the API gives them (`Quote`): dollars as decimal text. */
export type TotalsFigures = {
  subtotal: string;
  /** One per IVA rate, highest first. */
  ivaBases: { ivaPercent: string; base: string; iva: string }[];
  iva: string;
  total: string;
};

/** The totals `documentTotals` computes while editing, in the API's shape. */
export const figuresOf = (totals: DocumentTotals): TotalsFigures => ({
  subtotal: centsToDecimal(totals.subtotalCents),
  ivaBases: totals.ivaBases.map((base) => ({
    ivaPercent: formatScaled(base.ivaPercent, "percent"),
    base: centsToDecimal(base.baseCents),
    iva: centsToDecimal(base.ivaCents),
  })),
  iva: centsToDecimal(totals.ivaCents),
  total: centsToDecimal(totals.totalCents),
});

type QuoteTotalsProps = {
  /** Names the ids of its outputs: one block per page. */
  idPrefix: string;
  figures: TotalsFigures;
  /** A sentence under the block (lines not counted yet). */
  note?: ReactNode;
  /** Announce the total as it changes (the editor). */
  live?: boolean;
};

/** `Subtotal`, `IVA` (with each rate's base when there are several), `Total`. */
export function QuoteTotals({ idPrefix, figures, note, live = false }: QuoteTotalsProps) {
  const single = figures.ivaBases.length === 1 ? figures.ivaBases[0] : undefined;
  const row = (
    key: string,
    label: ReactNode,
    dollars: string,
    options: { strong?: boolean; detail?: ReactNode } = {},
  ) => (
    <div
      className={`flex items-baseline justify-between gap-4 py-1.5 ${options.strong ? "border-stone-200 border-t pt-3 text-lg" : ""}`}
    >
      <span>
        <label
          htmlFor={`${idPrefix}-${key}`}
          className={options.strong ? "font-bold text-leaf-900" : "font-semibold text-leaf-900"}
        >
          {label}
        </label>
        {options.detail && <span className="ml-1 text-sm text-stone-600">{options.detail}</span>}
      </span>
      <output
        id={`${idPrefix}-${key}`}
        aria-live={live && options.strong ? "polite" : "off"}
        className={`tabular-nums ${options.strong ? "font-bold text-leaf-900" : "text-stone-900"}`}
      >
        {formatDollars(dollars)}
      </output>
    </div>
  );
  return (
    <section aria-labelledby={`${idPrefix}-titulo`} className="grid rounded-2xl bg-white p-4 ring-1 ring-stone-200">
      <h2 id={`${idPrefix}-titulo`} className="sr-only">
        Totales
      </h2>
      {row("subtotal", "Subtotal", figures.subtotal)}
      {figures.ivaBases.length > 1 && (
        <ul aria-label="IVA por tarifa" className="grid gap-0.5 py-1 text-sm text-stone-700">
          {figures.ivaBases.map((base) => (
            <li key={base.ivaPercent} className="flex justify-between gap-4">
              <span>
                IVA {formatPercent(base.ivaPercent)} sobre {formatDollars(base.base)}
              </span>
              <span className="tabular-nums">{formatDollars(base.iva)}</span>
            </li>
          ))}
        </ul>
      )}
      {row("iva", "IVA", figures.iva, { detail: single && `(${formatPercent(single.ivaPercent)})` })}
      {row("total", "Total", figures.total, { strong: true })}
      {note && <p className="pt-2 text-sm text-stone-600">{note}</p>}
    </section>
  );
}
