import { ORDER_STATE_LABELS, PAYMENT_TERMS_LABELS, QUOTE_STATE_LABELS } from "@app/shared/constants";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { companies, contacts, orderLines, orders, priceItems, quotes } from "../../db/schema/index.ts";
import { type Cell, CSV_BOM, csvDollars, csvLine, csvTime } from "../../kernel/csv.ts";
import { today } from "./quote-repo.ts";

// The CSV of quotes (one line each) and of orders (one line per order line, the order's columns on
// each: the shape an accounting system imports for invoicing). Streamed a page at a time in id
// order, so a hundred thousand rows never sit in memory; formula-safe like every CSV here.

const PAGE = 500;

/** "12.50" -> "12,50": a decimal as Excel in a Spanish locale reads it. */
const comma = (decimal: string) => decimal.replace(".", ",");

const QUOTE_HEADER = [
  "Número",
  "Fecha",
  "Estado",
  "Cliente",
  "Correo",
  "Empresa",
  "RUC",
  "Subtotal",
  "IVA",
  "Total",
  "Válida hasta",
  "Condiciones de pago",
  "Responsable",
];

export async function* quoteCsv(db: Db): AsyncGenerator<string> {
  yield `${CSV_BOM}${csvLine(QUOTE_HEADER)}`;
  const day = today();
  for (let after = 0; ; ) {
    const rows = await db
      .select({
        id: quotes.id,
        number: quotes.number,
        createdAt: quotes.createdAt,
        state: sql<
          keyof typeof QUOTE_STATE_LABELS
        >`case when ${quotes.state} = 'enviada' and ${quotes.validUntil} < ${day}::date then 'vencida' else ${quotes.state} end`,
        firstName: contacts.firstName,
        lastName: contacts.lastName,
        email: contacts.email,
        typedCompany: contacts.company,
        companyName: companies.name,
        ruc: companies.ruc,
        subtotalCents: quotes.subtotalCents,
        ivaCents: quotes.ivaCents,
        totalCents: quotes.totalCents,
        validUntil: quotes.validUntil,
        paymentTerms: quotes.paymentTerms,
        ownerName: quotes.ownerName,
      })
      .from(quotes)
      .innerJoin(contacts, eq(contacts.id, quotes.clientId))
      .leftJoin(companies, eq(companies.id, quotes.companyId))
      .where(gt(quotes.id, after))
      .orderBy(asc(quotes.id))
      .limit(PAGE);
    if (rows.length === 0) return;
    after = rows.at(-1)?.id ?? after;
    yield rows
      .map((row): Cell[] => [
        row.number ?? "Borrador",
        csvTime(row.createdAt),
        QUOTE_STATE_LABELS[row.state],
        `${row.firstName} ${row.lastName}`.trim(),
        row.email,
        row.companyName ?? row.typedCompany,
        row.ruc,
        csvDollars(row.subtotalCents),
        csvDollars(row.ivaCents),
        csvDollars(row.totalCents),
        row.validUntil,
        PAYMENT_TERMS_LABELS[row.paymentTerms],
        row.ownerName,
      ])
      .map(csvLine)
      .join("");
  }
}

const ORDER_HEADER = [
  "Pedido",
  "Fecha",
  "Estado",
  "Cliente",
  "Correo",
  "Empresa",
  "RUC",
  "Condiciones de pago",
  "Fecha de entrega",
  "Línea",
  "Código",
  "Descripción",
  "Cantidad",
  "Precio unitario",
  "Descuento %",
  "IVA %",
  "Subtotal línea",
  "Subtotal pedido",
  "IVA pedido",
  "Total pedido",
];

export async function* orderCsv(db: Db): AsyncGenerator<string> {
  yield `${CSV_BOM}${csvLine(ORDER_HEADER)}`;
  for (let after = 0; ; ) {
    const page = await db
      .select({ id: orders.id })
      .from(orders)
      .where(gt(orders.id, after))
      .orderBy(asc(orders.id))
      .limit(PAGE);
    if (page.length === 0) return;
    const first = page[0]?.id ?? 0;
    const last = page.at(-1)?.id ?? first;
    after = last;
    const rows = await db
      .select({
        number: orders.number,
        createdAt: orders.createdAt,
        state: orders.state,
        firstName: contacts.firstName,
        lastName: contacts.lastName,
        email: contacts.email,
        typedCompany: contacts.company,
        companyName: companies.name,
        ruc: companies.ruc,
        paymentTerms: orders.paymentTerms,
        deliveryOn: orders.deliveryOn,
        position: orderLines.position,
        code: priceItems.code,
        description: orderLines.description,
        quantity: orderLines.quantity,
        unitPrice: orderLines.unitPrice,
        discountPercent: orderLines.discountPercent,
        ivaPercent: orderLines.ivaPercent,
        lineCents: orderLines.subtotalCents,
        subtotalCents: orders.subtotalCents,
        ivaCents: orders.ivaCents,
        totalCents: orders.totalCents,
      })
      .from(orders)
      .innerJoin(contacts, eq(contacts.id, orders.clientId))
      .leftJoin(companies, eq(companies.id, orders.companyId))
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .innerJoin(priceItems, eq(priceItems.id, orderLines.priceItemId))
      .where(and(sql`${orders.id} between ${first} and ${last}`))
      .orderBy(asc(orders.id), asc(orderLines.position));
    yield rows
      .map((row): Cell[] => [
        row.number,
        csvTime(row.createdAt),
        ORDER_STATE_LABELS[row.state],
        `${row.firstName} ${row.lastName}`.trim(),
        row.email,
        row.companyName ?? row.typedCompany,
        row.ruc,
        PAYMENT_TERMS_LABELS[row.paymentTerms],
        row.deliveryOn,
        row.position,
        row.code,
        row.description,
        comma(row.quantity),
        comma(row.unitPrice),
        comma(row.discountPercent),
        comma(row.ivaPercent),
        csvDollars(row.lineCents),
        csvDollars(row.subtotalCents),
        csvDollars(row.ivaCents),
        csvDollars(row.totalCents),
      ])
      .map(csvLine)
      .join("");
  }
}
