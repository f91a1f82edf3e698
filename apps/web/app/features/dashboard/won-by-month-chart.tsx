import type { Dashboard } from "@app/shared";
import { formatCents, formatWholeCents } from "~/lib/format-money";
import { ChartTable, cell } from "./chart-table";
import { monthLong, monthShort } from "./follow-up-format";
import { barPercent, total } from "./trend";

const contactsWord = (count: number) => (count === 1 ? "contacto" : "contactos");

/**
 * `Valor ganado por mes`: the estimated value of the contacts that became Ganado, by month of
 * Ecuador's calendar, the last 12 months, as columns; a sentence gives the total, the table each month.
 */
export function WonByMonthChart({ wonByMonth }: { wonByMonth: Dashboard["wonByMonth"] }) {
  const value = total(wonByMonth.map((row) => row.valueCents));
  const count = total(wonByMonth.map((row) => row.count));
  const max = Math.max(0, ...wonByMonth.map((row) => row.valueCents));
  const best = wonByMonth.reduce<(typeof wonByMonth)[number] | undefined>(
    (top, row) => (row.valueCents > (top?.valueCents ?? 0) ? row : top),
    undefined,
  );
  return (
    <section
      aria-labelledby="valor-ganado"
      className="grid grid-cols-1 content-start gap-4 rounded-2xl bg-white p-5 ring-1 ring-stone-200"
    >
      <div>
        <h2 id="valor-ganado" className="font-bold text-leaf-900 text-lg">
          Valor ganado por mes
        </h2>
        <p className="text-sm text-stone-600">
          Valor estimado de los contactos que pasaron a Ganado, por mes, últimos 12 meses.
        </p>
      </div>
      <p className="text-stone-800">
        {count === 0
          ? "No se ganó ningún contacto en los últimos 12 meses."
          : `${formatCents(value)} en ${count} ${contactsWord(count)} ganados en 12 meses${
              best ? `; el mejor mes, ${monthLong(best.month)} (${formatCents(best.valueCents)}).` : "."
            }`}
      </p>
      {count > 0 && (
        <>
          <div className="flex h-40 items-end gap-1 border-stone-300 border-b" aria-hidden="true">
            {wonByMonth.map((row) => (
              <div key={row.month} className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1">
                {row.valueCents > 0 && (
                  <span className="hidden text-[10px] text-stone-700 tabular-nums sm:block">
                    {formatWholeCents(row.valueCents)}
                  </span>
                )}
                <span
                  className="block w-full max-w-10 rounded-t bg-petal-600"
                  style={{ height: `${barPercent(row.valueCents, max) * 0.8}%` }}
                />
              </div>
            ))}
          </div>
          <div className="-mt-3 flex gap-1" aria-hidden="true">
            {wonByMonth.map((row) => (
              <span key={row.month} className="min-w-0 flex-1 text-center text-[11px] text-stone-700">
                {monthShort(row.month)}
              </span>
            ))}
          </div>
          <ChartTable
            id="tabla-valor-ganado"
            caption="Valor ganado por mes, últimos 12 meses"
            columns={["Mes", "Valor", "Ganados"]}
          >
            {wonByMonth.map((row) => (
              <tr key={row.month}>
                <th scope="row" className={`${cell} font-medium`}>
                  {monthLong(row.month)}
                </th>
                <td className={`${cell} whitespace-nowrap tabular-nums`}>{formatCents(row.valueCents)}</td>
                <td className={`${cell} tabular-nums`}>{row.count}</td>
              </tr>
            ))}
          </ChartTable>
        </>
      )}
    </section>
  );
}
