// The bulk seed's sales (issue 33's benchmark): companies with half the contacts in them, a quote
// for one message in ten and an order for every accepted quote (100,000 quotes and 50,000 orders at
// a million messages), with 1-3 lines each from the demo price list, numbered per year as the API
// numbers them. Like the rest of the bulk seed, every value is a hash of the row's number.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../db/client.ts";
import { hash, literal, pick } from "./seed-bulk-sql.ts";
import { ensureDemoPrices } from "./seed-demo-prices.ts";

const CANTONS = ["Cayambe", "Pedro Moncayo", "Latacunga", "Pujilí", "Quito", "Otavalo", "Salcedo", "Machachi"];
const PROVINCE_OF: Record<string, string> = {
  Cayambe: "Pichincha",
  "Pedro Moncayo": "Pichincha",
  Quito: "Pichincha",
  Machachi: "Pichincha",
  Latacunga: "Cotopaxi",
  Pujilí: "Cotopaxi",
  Salcedo: "Cotopaxi",
  Otavalo: "Imbabura",
};
const FARM_WORDS = ["Rosas", "Flores", "Jardines", "Hacienda", "Finca", "Plantaciones", "Agrícola", "Bouquets"];
const FARM_NAMES = [
  "del Valle",
  "La Esperanza",
  "Santa Clara",
  "El Rosal",
  "Los Andes",
  "San Isidro",
  "Tababela",
  "Nevado",
];
const MARKETS = ["Estados Unidos", "Rusia", "Países Bajos", "Canadá", "España", "Chile"];

export type BulkSalesSizes = { firstClientId: number; m: number; n: number; nowSeconds: number };

/** What was loaded, for the seed's report. */
export type BulkSales = { companies: number; quotes: number; orders: number };

export async function seedBulkSales(tx: Db, { firstClientId, m, n, nowSeconds }: BulkSalesSizes): Promise<BulkSales> {
  await ensureDemoPrices(tx);
  const companies = Math.max(1, Math.round(m / 10));
  const quotes = Math.max(1, Math.round(n / 10));
  const provinceCase = `case canton ${Object.entries(PROVINCE_OF)
    .map(([canton, province]) => `when ${literal(canton)} then ${literal(province)}`)
    .join(" ")} end`;
  const [first] = await queryRows<{ first: number }>(
    tx,
    sql.raw(`
    with made as (
      insert into companies (name, province, canton, hectares, varieties, stems_per_week, markets, created_at)
      select name, ${provinceCase}, canton, hectares, varieties, stems, markets, created_at from (
        select ${pick(FARM_WORDS, "k", 81)} || ' ' || ${pick(FARM_NAMES, "k", 82)} || ' ' || k as name,
               ${pick(CANTONS, "k", 83)} as canton,
               (5 + ${hash("k", 84, 60)})::numeric as hectares, 'Freedom, Explorer, Mondial' as varieties,
               (20000 + ${hash("k", 85, 200)} * 1000)::int as stems,
               ${pick(MARKETS, "k", 86)} || ', ' || ${pick(MARKETS, "k", 87)} as markets,
               to_timestamp(${nowSeconds} - 730 * 86400) as created_at
          from generate_series(1, ${companies}) k) c
      returning id
    ) select min(id) as first from made`),
  );
  const firstCompanyId = Number(first?.first);
  // Half the contacts (the even ones) work for one of the companies.
  await tx.execute(
    sql.raw(`update clients set company_id = ${firstCompanyId} + ${hash("id", 88, companies)}
      where id between ${firstClientId} and ${firstClientId + m - 1} and id % 2 = 0`),
  );
  await tx.execute(sql.raw(quotesInsert({ firstClientId, m, n, quotes, nowSeconds })));
  await tx.execute(sql.raw(quoteLinesInsert()));
  await tx.execute(sql.raw(quoteTotalsUpdate()));
  await tx.execute(sql.raw(ordersInsert()));
  for (const statement of numbersUpdate()) await tx.execute(sql.raw(statement));
  const [counted] = await queryRows<{ orders: number }>(tx, sql`select count(*)::int as orders from orders`);
  return { companies, quotes, orders: Number(counted?.orders ?? 0) };
}

/**
 * Quote q of `quotes`, for contact k: its state by q's last digit (half accepted, so orders are half
 * the quotes), its date spread over two years, numbered within its year in id order (numbersUpdate).
 */
function quotesInsert({ firstClientId, m, quotes, nowSeconds }: BulkSalesSizes & { quotes: number }) {
  const state = `case q % 10 when 5 then 'borrador' when 6 then 'enviada' when 7 then 'enviada'
    when 8 then 'rechazada' when 9 then 'vencida' else 'aceptada' end`;
  return `
    insert into quotes (opportunity_id, client_id, company_id, state, valid_until, payment_terms, owner_id,
      owner_name, issued_at, sent_at, answered_at, created_at, number)
    select c.opportunity_id, c.id, c.company_id, s.state, (s.at + interval '15 days')::date,
           (array['contado', 'credito_30', 'credito_60'])[1 + ${hash("q", 91, 3)}],
           c.owner_id, coalesce(u.display_name, 'Ventas'),
           case when s.state <> 'borrador' then s.at end, case when s.state <> 'borrador' then s.at end,
           case when s.state in ('aceptada', 'rechazada') then s.at + interval '3 days' end, s.at,
           case when s.state <> 'borrador' then 'seed-' || s.q end
      from (select q, ${state} as state,
                   to_timestamp(${nowSeconds} - 730 * 86400 + q::bigint * 730 * 86400 / ${quotes}) as at,
                   ${firstClientId} + ${hash("q", 92, m)} as client_id
              from generate_series(1, ${quotes}) q) s
      join clients c on c.id = s.client_id
      left join users u on u.id = c.owner_id
     order by s.q`;
}

/** 1-3 lines per quote, each a presentation of the demo list, a quantity and sometimes a discount. */
function quoteLinesInsert() {
  return `
    with items as (select id, list_price, iva_percent, (row_number() over (order by id))::int as r,
                          (count(*) over ())::int as n, description
                     from (select p.id, p.list_price, p.iva_percent, s.title || ' · ' || p.size::float8 || ' ' || p.unit as description
                             from price_items p join service_types s on s.id = p.service_type_id) d)
    insert into quote_lines (quote_id, position, price_item_id, description, quantity, unit_price, discount_percent,
      iva_percent, subtotal_cents)
    select q.id, l.position, i.id, i.description, l.quantity, i.list_price, l.discount, i.iva_percent,
           round(l.quantity * i.list_price * (100 - l.discount))::bigint
      from quotes q
      cross join lateral generate_series(1, 1 + ${hash("q.id", 93, 3)}) as l0(position)
      cross join lateral (select l0.position, (1 + ${hash("q.id * 7 + l0.position", 94, 40)})::numeric as quantity,
                                 (case when ${hash("q.id + l0.position", 95, 4)} = 0 then 5 else 0 end)::numeric as discount) l
      join items i on i.r = 1 + ((q.id * 3 + l.position * 7) % i.n)
     order by q.id, l.position`;
}

/** Each quote's totals from its lines: IVA per rate on the sum of that rate's lines, to the cent. */
function quoteTotalsUpdate() {
  return `
    update quotes q set gross_cents = t.gross, discount_cents = t.gross - t.subtotal, subtotal_cents = t.subtotal,
           iva_cents = t.iva, total_cents = t.subtotal + t.iva
      from (select quote_id, sum(subtotal) as subtotal, sum(gross) as gross, sum(iva) as iva from (
              select quote_id, sum(subtotal_cents) as subtotal,
                     sum(round(quantity * unit_price * 100))::bigint as gross,
                     round(sum(subtotal_cents) * iva_percent / 100)::bigint as iva
                from quote_lines group by quote_id, iva_percent) by_rate group by quote_id) t
     where q.id = t.quote_id`;
}

/** An order for every accepted quote, three days after it was sent, most of them delivered. */
function ordersInsert() {
  return `
    with made as (
      insert into orders (number, opportunity_id, client_id, company_id, quote_id, state, delivery_on, payment_terms,
        gross_cents, discount_cents, subtotal_cents, iva_cents, total_cents, owner_id, created_at)
      select 'seed-' || q.id, q.opportunity_id, q.client_id, q.company_id, q.id,
             (array['confirmado', 'despachado', 'entregado', 'entregado', 'entregado', 'cancelado'])[1 + ${hash("q.id", 96, 6)}],
             (q.answered_at + interval '10 days')::date, q.payment_terms, q.gross_cents, q.discount_cents,
             q.subtotal_cents, q.iva_cents, q.total_cents, q.owner_id, q.answered_at
        from quotes q where q.state = 'aceptada' order by q.id
      returning id, quote_id
    )
    insert into order_lines (order_id, position, price_item_id, description, quantity, unit_price, discount_percent,
      iva_percent, subtotal_cents)
    select made.id, l.position, l.price_item_id, l.description, l.quantity, l.unit_price, l.discount_percent,
           l.iva_percent, l.subtotal_cents
      from made join quote_lines l on l.quote_id = made.quote_id order by made.id, l.position`;
}

/** COT- and PED-<year>-<n> in date order within each year, and the counters the API goes on from. */
function numbersUpdate() {
  const numbered = (table: string) => `
    update ${table} t set number = ${table === "quotes" ? "'COT-'" : "'PED-'"} || n.year || '-' || n.seq
      from (select id, to_char(created_at at time zone 'America/Guayaquil', 'YYYY') as year,
                   row_number() over (partition by date_trunc('year', created_at at time zone 'America/Guayaquil')
                                      order by created_at, id) as seq
              from ${table} where number like 'seed-%') n
     where t.id = n.id`;
  return [
    numbered("quotes"),
    numbered("orders"),
    `
    insert into document_numbers (kind, year, last)
    select left(number, 3), split_part(number, '-', 2)::smallint, max(split_part(number, '-', 3)::int)
      from (select number from quotes where number is not null union all select number from orders) d
     group by 1, 2
    on conflict (kind, year) do update set last = greatest(document_numbers.last, excluded.last)`,
  ];
}
