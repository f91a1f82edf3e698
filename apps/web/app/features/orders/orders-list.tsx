import type { OrderSummary } from "@app/shared";
import { Link } from "react-router";
import { paths } from "~/lib/paths";
import { formatDay, formatDollars } from "./order-format";
import { OrderStateBadge } from "./order-state-badge";

const cell = "px-3 py-2 align-top";
const HEADINGS = ["Número", "Cliente", "Total", "Fecha de entrega", "Estado"] as const;

const deliveryOf = (order: OrderSummary) => (order.deliveryOn ? formatDay(order.deliveryOn) : "Sin fecha");

/** The orders of one page: cards on a phone, a table from tablet width; each leads to its page. */
export function OrdersList({ orders }: { orders: OrderSummary[] }) {
  return (
    <>
      <ul aria-label="Pedidos" className="grid gap-3 md:hidden">
        {orders.map((order) => (
          <li key={order.id}>
            <Link
              to={paths.crmOrder(order.id)}
              className="grid gap-1 rounded-2xl bg-white p-4 ring-1 ring-stone-200 hover:ring-leaf-600 focus-visible:ring-2"
            >
              <span className="flex items-start justify-between gap-3">
                <span className="font-bold text-leaf-900">{order.number}</span>
                <OrderStateBadge state={order.state} />
              </span>
              <span className="min-w-0 break-words text-stone-800">
                {order.clientName}
                {order.companyName && <span className="text-stone-600"> · {order.companyName}</span>}
              </span>
              <span className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                <span>
                  <span className="text-stone-600">Total </span>
                  <span className="font-semibold text-leaf-900">{formatDollars(order.total)}</span>
                </span>
                <span>
                  <span className="text-stone-600">Entrega </span>
                  {deliveryOf(order)}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-hidden rounded-2xl bg-white ring-1 ring-stone-200 md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Pedidos</caption>
          <thead className="bg-leaf-50 text-leaf-900">
            <tr>
              {HEADINGS.map((title) => (
                <th
                  key={title}
                  scope="col"
                  className={`px-3 py-3 font-semibold ${title === "Total" ? "text-right" : ""}`}
                >
                  {title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-200">
            {orders.map((order) => (
              <tr key={order.id}>
                <th scope="row" className={`${cell} whitespace-nowrap font-semibold`}>
                  <Link to={paths.crmOrder(order.id)} className="text-leaf-800 underline underline-offset-2">
                    {order.number}
                  </Link>
                </th>
                <td className={cell}>
                  <span className="block break-words">{order.clientName}</span>
                  {order.companyName && <span className="block break-words text-stone-600">{order.companyName}</span>}
                </td>
                <td className={`${cell} whitespace-nowrap text-right font-semibold tabular-nums`}>
                  {formatDollars(order.total)}
                </td>
                <td className={`${cell} whitespace-nowrap`}>{deliveryOf(order)}</td>
                <td className={cell}>
                  <OrderStateBadge state={order.state} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
