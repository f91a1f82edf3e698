import type { Quote } from "@app/shared";
import { ScrollTable } from "~/components/ui/scroll-table";
import { formatDollars, formatFigure, formatPercent } from "./quote-format";

const HEADINGS = ["Presentación", "Cantidad", "Precio unitario", "Descuento", "Subtotal"] as const;
const cell = "px-3 py-2 align-top";

export type DocumentLinesProps = {
  lines: Quote["lines"];
  /** The table's id and what the list and the table are called ("Líneas del pedido"). */
  id?: string;
  caption?: string;
};

/** A stored quote's (or order's: the same lines) lines: cards on a phone, a table from tablet width. */
export function QuoteLinesTable({
  lines,
  id = "cotizacion-lineas-tabla",
  caption = "Líneas de la cotización",
}: DocumentLinesProps) {
  const discount = (line: Quote["lines"][number]) =>
    /^0+\.0+$/.test(line.discountPercent) ? "—" : formatPercent(line.discountPercent);
  return (
    <>
      <ol aria-label={caption} className="grid grid-cols-1 gap-3 md:hidden">
        {lines.map((line) => (
          <li key={line.position} className="grid gap-2 rounded-2xl bg-white p-4 ring-1 ring-stone-200">
            <p className="break-words font-semibold text-leaf-900">{line.description}</p>
            <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
              <dt className="text-stone-600">Cantidad</dt>
              <dd className="text-right tabular-nums">{formatFigure(line.quantity)}</dd>
              <dt className="text-stone-600">Precio unitario</dt>
              <dd className="text-right tabular-nums">{formatDollars(line.unitPrice)}</dd>
              <dt className="text-stone-600">Descuento</dt>
              <dd className="text-right tabular-nums">{discount(line)}</dd>
              <dt className="font-semibold text-leaf-900">Subtotal</dt>
              <dd className="text-right font-semibold text-leaf-900 tabular-nums">{formatDollars(line.subtotal)}</dd>
            </dl>
          </li>
        ))}
      </ol>
      <div className="hidden md:block">
        <ScrollTable id={id} caption={caption} minWidth="min-w-[32rem]" headings={HEADINGS}>
          <tbody className="divide-y divide-stone-200">
            {lines.map((line) => (
              <tr key={line.position}>
                <th scope="row" className={`${cell} font-medium`}>
                  {line.description}
                </th>
                <td className={`${cell} tabular-nums`}>{formatFigure(line.quantity)}</td>
                <td className={`${cell} tabular-nums`}>{formatDollars(line.unitPrice)}</td>
                <td className={`${cell} tabular-nums`}>{discount(line)}</td>
                <td className={`${cell} font-semibold tabular-nums`}>{formatDollars(line.subtotal)}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      </div>
    </>
  );
}
