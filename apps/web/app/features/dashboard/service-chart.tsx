import type { Dashboard } from "@app/shared";
import { lazily } from "~/lib/lazily";
import { ChartTable, cell } from "./chart-table";
import { barPercent, total } from "./trend";

const dayMonth = lazily(() => new Intl.DateTimeFormat("es-EC", { day: "2-digit", month: "2-digit", timeZone: "UTC" }));
/** "2026-11-16" (a Monday) -> "16/11". */
const weekLabel = (monday: string) => {
  const date = new Date(`${monday.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? monday : dayMonth().format(date);
};

/** Up to three titles with their totals: "A (12), B (8) y C (5)". */
function topList(rows: { title: string; total: number }[]) {
  const parts = rows.slice(0, 3).map((row) => `${row.title} (${row.total})`);
  return parts.length > 1 ? `${parts.slice(0, -1).join(", ")} y ${parts.at(-1)}` : (parts[0] ?? "");
}

/** Twelve small columns, one per week: the shape of a service's demand (the table has the numbers). */
function WeeklyShape({ counts }: { counts: number[] }) {
  const max = Math.max(1, ...counts);
  return (
    <svg viewBox="0 0 96 28" className="h-7 w-24 shrink-0" aria-hidden="true" focusable="false">
      <line x1="0" y1="27.5" x2="96" y2="27.5" className="stroke-stone-300" strokeWidth="1" />
      {counts.map((count, index) => {
        const height = count === 0 ? 0 : Math.max(2, Math.round((count / max) * 26));
        return (
          <rect
            // biome-ignore lint/suspicious/noArrayIndexKey: one column per week, in order
            key={index}
            x={index * 8 + 1}
            y={27 - height}
            width="6"
            height={height}
            rx="1"
            className="fill-leaf-600"
          />
        );
      })}
    </svg>
  );
}

/**
 * Requests per product or service over the last 12 weeks: one bar per service for its total, most
 * asked first, and beside it the week-by-week shape. A sentence says the gist; the table the figures.
 */
export function ServiceChart({ weekly }: { weekly: Dashboard["weeklyRequests"] }) {
  const rows = weekly.series
    .map((series) => ({ ...series, total: total(series.counts) }))
    .filter((row) => row.total > 0)
    .sort((a, b) => b.total - a.total || a.title.localeCompare(b.title, "es"));
  const max = rows[0]?.total ?? 0;
  const first = weekly.weeks[0];
  const last = weekly.weeks.at(-1);
  const period = first && last ? `semanas del ${weekLabel(first)} al ${weekLabel(last)}` : "últimas 12 semanas";
  return (
    <section
      aria-labelledby="grafico-servicios"
      className="grid grid-cols-1 content-start gap-4 rounded-2xl bg-white p-5 ring-1 ring-stone-200"
    >
      <div>
        <h2 id="grafico-servicios" className="font-bold text-leaf-900 text-lg">
          Solicitudes por producto o servicio
        </h2>
        <p className="text-sm text-stone-600">Últimas 12 semanas ({period}).</p>
      </div>
      <p className="text-stone-800">
        {rows.length === 0
          ? "No hubo solicitudes de productos o servicios en las últimas 12 semanas."
          : `Lo más pedido en las últimas 12 semanas: ${topList(rows)}.`}
      </p>
      {rows.length > 0 && (
        <>
          <ul className="grid gap-3" aria-hidden="true">
            {rows.map((row) => (
              // A phone: title and weekly shape on one line, the bar below; wider: all on one line.
              <li
                key={row.serviceTypeId}
                className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 md:grid-cols-[13rem_minmax(0,1fr)_auto]"
              >
                <span className="truncate text-sm text-stone-800" title={row.title}>
                  {row.title}
                </span>
                <span className="order-2 col-span-2 flex items-center gap-2 md:col-span-1">
                  <span className="h-3 flex-1 rounded-full bg-stone-100">
                    <span
                      className="block h-3 rounded-full bg-leaf-600"
                      style={{ width: `${barPercent(row.total, max)}%` }}
                    />
                  </span>
                  <span className="w-8 text-right font-semibold text-leaf-900 text-sm tabular-nums">{row.total}</span>
                </span>
                <span className="order-1 md:order-3">
                  <WeeklyShape counts={row.counts} />
                </span>
              </li>
            ))}
          </ul>
          <ChartTable
            id="tabla-servicios"
            caption="Solicitudes por producto o servicio y semana (fecha del lunes)"
            columns={["Producto o servicio", ...weekly.weeks.map(weekLabel), "Total"]}
          >
            {rows.map((row) => (
              <tr key={row.serviceTypeId}>
                <th scope="row" className={`${cell} whitespace-nowrap font-medium`}>
                  {row.title}
                </th>
                {row.counts.map((count, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: one cell per week, in order
                  <td key={index} className={`${cell} tabular-nums`}>
                    {count}
                  </td>
                ))}
                <td className={`${cell} font-semibold tabular-nums`}>{row.total}</td>
              </tr>
            ))}
          </ChartTable>
        </>
      )}
    </section>
  );
}
