import { BUSINESS_TIME_ZONE as ZONE } from "@app/shared/constants";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import { pipelineByStage } from "../contacts/index.ts";
import { currentMonth, lastMonths } from "./follow-up-repo.ts";

// The dashboard's money (issue 33, point 6): the pipeline's value by stage (the board's totals),
// revenue from orders (before IVA, not cancelled) by month and by product, the share of quotes sent
// that clients accepted, and the median days from a client's first message to their first order.

export const SALES_MONTHS = 12;
/** Products shown by revenue; the rest add up under the last of them. */
const PRODUCTS_SHOWN = 8;

const since = sql`(date_trunc('month', now() at time zone ${ZONE}) - interval '${sql.raw(String(SALES_MONTHS - 1))} months') at time zone ${ZONE}`;

async function revenueByMonth(db: Db) {
  const rows = await queryRows<{ month: string; valueCents: string; orders: number }>(
    db,
    sql`select to_char(created_at at time zone ${ZONE}, 'YYYY-MM') as month,
        sum(subtotal_cents)::bigint as "valueCents", count(*)::int as orders
      from orders where created_at >= ${since} and state <> 'cancelado' group by 1`,
  );
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  return lastMonths(await currentMonth(db), SALES_MONTHS).map((month) => ({
    month,
    valueCents: Number(byMonth.get(month)?.valueCents ?? 0),
    orders: byMonth.get(month)?.orders ?? 0,
  }));
}

async function revenueByProduct(db: Db) {
  const rows = await queryRows<{ serviceTypeId: number; title: string; valueCents: string }>(
    db,
    sql`select s.id as "serviceTypeId", s.title, sum(l.subtotal_cents)::bigint as "valueCents"
      from orders o join order_lines l on l.order_id = o.id
        join price_items p on p.id = l.price_item_id join service_types s on s.id = p.service_type_id
      where o.created_at >= ${since} and o.state <> 'cancelado'
      group by s.id, s.title order by 3 desc, 2 limit ${PRODUCTS_SHOWN}`,
  );
  return rows.map((row) => ({
    serviceTypeId: row.serviceTypeId,
    title: row.title,
    valueCents: Number(row.valueCents),
  }));
}

/** Quotes sent in the window (numbered ones), and how many of them clients accepted. */
async function quoteAcceptance(db: Db) {
  const [row] = await queryRows<{ sent: number; accepted: number }>(
    db,
    sql`select count(*)::int as sent, count(*) filter (where state = 'aceptada')::int as accepted
      from quotes where issued_at >= ${since}`,
  );
  return { sent: row?.sent ?? 0, accepted: row?.accepted ?? 0 };
}

/** Days from each client's first message (their contact's creation) to their first order, the median. */
async function daysToFirstOrder(db: Db) {
  const [row] = await queryRows<{ median: string | null; clients: number }>(
    db,
    sql`select percentile_cont(0.5) within group (order by days) as median, count(*)::int as clients from (
        -- Never below zero: an order entered with an earlier date than the first message counts as day 0.
        select greatest(0, extract(epoch from min(o.created_at) - min(c.created_at)) / 86400) as days
          from orders o join clients c on c.id = o.client_id
         where o.state <> 'cancelado' group by o.client_id) first_orders`,
  );
  return {
    medianDays: row?.median === null || row?.median === undefined ? null : Math.round(Number(row.median) * 10) / 10,
    clients: row?.clients ?? 0,
  };
}

export async function salesFigures(db: Db) {
  return {
    pipelineByStage: await pipelineByStage(db),
    revenueByMonth: await revenueByMonth(db),
    revenueByProduct: await revenueByProduct(db),
    quotesAccepted: await quoteAcceptance(db),
    firstOrder: await daysToFirstOrder(db),
  };
}
