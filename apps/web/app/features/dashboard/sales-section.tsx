import type { Dashboard } from "@app/shared";
import { STAGE_LABELS } from "@app/shared/constants";
import { formatCents } from "~/lib/format-money";
import { ChartTable, cell, FiguresTable } from "./chart-table";
import { monthLong, percentText } from "./follow-up-format";
import { barPercent, total } from "./trend";

type Sales = Dashboard["sales"];

const ordersWord = (count: number) => (count === 1 ? "pedido" : "pedidos");
const opportunitiesWord = (count: number) => (count === 1 ? "oportunidad" : "oportunidades");

/**
 * `Ventas` (issue 33): where the money stands and where it came from. The pipeline's value by stage
 * counts every opportunity (a client may have several); revenue is orders before IVA, not cancelled,
 * by month and by product over 12 months; then the share of quotes sent that clients accepted and
 * how long a client takes from their first message to their first order.
 */
export function SalesSection({ sales }: { sales: Sales }) {
  const open = sales.pipelineByStage.filter((row) => row.stage !== "ganado" && row.stage !== "perdido");
  const openValue = total(open.map((row) => row.valueCents));
  const maxStage = Math.max(0, ...sales.pipelineByStage.map((row) => row.valueCents));
  const revenue = total(sales.revenueByMonth.map((row) => row.valueCents));
  const orders = total(sales.revenueByMonth.map((row) => row.orders));
  const maxProduct = Math.max(0, ...sales.revenueByProduct.map((row) => row.valueCents));
  const { sent, accepted } = sales.quotesAccepted;
  return (
    <section
      aria-labelledby="ventas"
      className="grid grid-cols-1 content-start gap-5 rounded-2xl bg-white p-5 ring-1 ring-stone-200"
    >
      <div>
        <h2 id="ventas" className="font-bold text-leaf-900 text-lg">
          Ventas
        </h2>
        <p className="text-sm text-stone-600">Valores en dólares, antes de IVA.</p>
      </div>
      <dl className="grid gap-3 sm:grid-cols-3">
        <div className="rounded-xl bg-leaf-50 p-3">
          <dt className="text-sm text-stone-700">En curso</dt>
          <dd className="font-bold text-leaf-900 text-xl tabular-nums">{formatCents(openValue)}</dd>
        </div>
        <div className="rounded-xl bg-leaf-50 p-3">
          <dt className="text-sm text-stone-700">Cotizaciones aceptadas (12 meses)</dt>
          <dd className="font-bold text-leaf-900 text-xl tabular-nums">
            {sent === 0 ? "—" : `${percentText(accepted, sent)} (${accepted} de ${sent})`}
          </dd>
        </div>
        <div className="rounded-xl bg-leaf-50 p-3">
          <dt className="text-sm text-stone-700">Del primer mensaje al primer pedido</dt>
          <dd className="font-bold text-leaf-900 text-xl tabular-nums">
            {sales.firstOrder.medianDays === null
              ? "—"
              : `${sales.firstOrder.medianDays.toLocaleString("es-EC")} días (mediana de ${sales.firstOrder.clients})`}
          </dd>
        </div>
      </dl>

      <FiguresTable
        id="tabla-valor-por-etapa"
        caption="Valor de las oportunidades por etapa"
        columns={["Etapa", "Valor"]}
      >
        {sales.pipelineByStage.map((row) => (
          <tr key={row.stage}>
            <th scope="row" className={`${cell} font-medium`}>
              {STAGE_LABELS[row.stage]}
              <span className="mt-1 block h-2 rounded-full bg-stone-100" aria-hidden="true">
                <span
                  className="block h-2 rounded-full bg-leaf-600"
                  style={{ width: `${barPercent(row.valueCents, maxStage)}%` }}
                />
              </span>
            </th>
            {/* The count under the value, not a column of its own: three columns do not fit a phone. */}
            <td className={`${cell} tabular-nums`}>
              <span className="block whitespace-nowrap">{formatCents(row.valueCents)}</span>
              <span className="block text-stone-600 text-xs">
                {row.count} {opportunitiesWord(row.count)}
              </span>
            </td>
          </tr>
        ))}
      </FiguresTable>

      <p className="text-stone-800">
        {orders === 0
          ? "Ningún pedido en los últimos 12 meses."
          : `${formatCents(revenue)} en ${orders} ${ordersWord(orders)} en 12 meses.`}
      </p>
      {orders > 0 && (
        <>
          <ChartTable
            id="tabla-ingresos-por-mes"
            caption="Pedidos por mes, últimos 12 meses"
            columns={["Mes", "Valor", "Pedidos"]}
          >
            {sales.revenueByMonth.map((row) => (
              <tr key={row.month}>
                <th scope="row" className={`${cell} font-medium`}>
                  {monthLong(row.month)}
                </th>
                <td className={`${cell} whitespace-nowrap tabular-nums`}>{formatCents(row.valueCents)}</td>
                <td className={`${cell} tabular-nums`}>{row.orders}</td>
              </tr>
            ))}
          </ChartTable>
          <FiguresTable
            id="tabla-ingresos-por-producto"
            caption="Pedidos por producto, últimos 12 meses"
            columns={["Producto", "Valor"]}
          >
            {sales.revenueByProduct.map((row) => (
              <tr key={row.serviceTypeId}>
                <th scope="row" className={`${cell} font-medium`}>
                  {row.title}
                  <span className="mt-1 block h-2 rounded-full bg-stone-100" aria-hidden="true">
                    <span
                      className="block h-2 rounded-full bg-petal-600"
                      style={{ width: `${barPercent(row.valueCents, maxProduct)}%` }}
                    />
                  </span>
                </th>
                <td className={`${cell} whitespace-nowrap tabular-nums`}>{formatCents(row.valueCents)}</td>
              </tr>
            ))}
          </FiguresTable>
        </>
      )}
    </section>
  );
}
