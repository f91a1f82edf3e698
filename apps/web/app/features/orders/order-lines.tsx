import type { Order } from "@app/shared";
import { formatDollars, formatFigure, formatPercent } from "./order-format";

type Line = Order["lines"][number];

const HEADINGS = ["Presentación", "Cantidad", "Precio unitario", "Descuento", "Subtotal"] as const;
const cell = "px-3 py-2 align-top";

const discountOf = (line: Line) =>
  /^0+(\.0+)?$/.test(line.discountPercent) ? "—" : formatPercent(line.discountPercent);

/** An order's lines: cards on a phone, a table from tablet width. */
export function OrderLines({ lines }: { lines: Line[] }) {
  return (
    <>
      <ol aria-label="Líneas del pedido" className="grid gap-3 md:hidden">
        {lines.map((line) => (
          <li key={line.position} className="grid gap-2 rounded-2xl bg-white p-4 ring-1 ring-stone-200">
            <p className="break-words font-semibold text-leaf-900">{line.description}</p>
            <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
              <dt className="text-stone-600">Cantidad</dt>
              <dd className="text-right tabular-nums">{formatFigure(line.quantity)}</dd>
              <dt className="text-stone-600">Precio unitario</dt>
              <dd className="text-right tabular-nums">{formatDollars(line.unitPrice)}</dd>
              <dt className="text-stone-600">Descuento</dt>
              <dd className="text-right tabular-nums">{discountOf(line)}</dd>
              <dt className="font-semibold text-leaf-900">Subtotal</dt>
              <dd className="text-right font-semibold text-leaf-900 tabular-nums">{formatDollars(line.subtotal)}</dd>
            </dl>
          </li>
        ))}
      </ol>
      <div className="hidden overflow-hidden rounded-2xl bg-white ring-1 ring-stone-200 md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Líneas del pedido</caption>
          <thead className="bg-leaf-50 text-leaf-900">
            <tr>
              {HEADINGS.map((title, index) => (
                <th key={title} scope="col" className={`px-3 py-3 font-semibold ${index > 0 ? "text-right" : ""}`}>
                  {title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-200">
            {lines.map((line) => (
              <tr key={line.position}>
                <th scope="row" className={`${cell} font-medium`}>
                  {line.description}
                </th>
                <td className={`${cell} text-right tabular-nums`}>{formatFigure(line.quantity)}</td>
                <td className={`${cell} text-right tabular-nums`}>{formatDollars(line.unitPrice)}</td>
                <td className={`${cell} text-right tabular-nums`}>{discountOf(line)}</td>
                <td className={`${cell} text-right font-semibold tabular-nums`}>{formatDollars(line.subtotal)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
