import type { Order, OrderSummary } from "@app/shared";
import { centsToDecimal } from "@app/shared/money";
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { companies, contacts, opportunities, orderLines, orders, quotes, users } from "../../db/schema/index.ts";
import { newestFirst } from "../../kernel/newest-first.ts";
import { reusedCount } from "../../kernel/reused-count.ts";
import { documentView } from "./document-lines.ts";
import { repeatOf } from "./repeat-reminders.ts";

// Reading orders as the API shows them.

export async function findOrder(db: Db, id: number): Promise<Order | undefined> {
  const [row] = await db
    .select({
      id: orders.id,
      number: orders.number,
      state: orders.state,
      opportunityId: opportunities.id,
      opportunityTitle: opportunities.title,
      opportunityStage: opportunities.stage,
      clientId: contacts.id,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      email: contacts.email,
      clientCompany: contacts.company,
      companyId: companies.id,
      companyName: companies.name,
      companyRuc: companies.ruc,
      quoteId: quotes.id,
      quoteNumber: quotes.number,
      deliveryOn: orders.deliveryOn,
      paymentTerms: orders.paymentTerms,
      notes: orders.notes,
      ownerName: users.displayName,
      createdAt: orders.createdAt,
      version: orders.version,
    })
    .from(orders)
    .innerJoin(opportunities, eq(opportunities.id, orders.opportunityId))
    .innerJoin(contacts, eq(contacts.id, orders.clientId))
    .leftJoin(companies, eq(companies.id, orders.companyId))
    .leftJoin(quotes, eq(quotes.id, orders.quoteId))
    .leftJoin(users, eq(users.id, orders.ownerId))
    .where(eq(orders.id, id));
  if (!row) return undefined;
  const lines = await db
    .select({
      position: orderLines.position,
      priceItemId: orderLines.priceItemId,
      description: orderLines.description,
      quantity: orderLines.quantity,
      unitPrice: orderLines.unitPrice,
      discountPercent: orderLines.discountPercent,
      ivaPercent: orderLines.ivaPercent,
      subtotalCents: orderLines.subtotalCents,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, id))
    .orderBy(asc(orderLines.position));
  return {
    id: row.id,
    number: row.number,
    state: row.state,
    opportunity: { id: row.opportunityId, title: row.opportunityTitle, stage: row.opportunityStage },
    client: {
      id: row.clientId,
      name: `${row.firstName} ${row.lastName}`.trim(),
      email: row.email,
      company: row.clientCompany,
    },
    company: row.companyId === null ? null : { id: row.companyId, name: row.companyName ?? "", ruc: row.companyRuc },
    quote: row.quoteId === null ? null : { id: row.quoteId, number: row.quoteNumber },
    deliveryOn: row.deliveryOn,
    paymentTerms: row.paymentTerms,
    notes: row.notes,
    ...documentView(lines),
    ownerName: row.ownerName,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
    nextOrder: await repeatOf(db, id),
  };
}

export type OrderListFilter = {
  state?: Order["state"] | undefined;
  clientId?: number | undefined;
  companyId?: number | undefined;
};

function listCondition(filter: OrderListFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.state) conditions.push(eq(orders.state, filter.state));
  if (filter.clientId !== undefined) conditions.push(eq(orders.clientId, filter.clientId));
  if (filter.companyId !== undefined) conditions.push(eq(orders.companyId, filter.companyId));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** `/crm/pedidos`: newest first, a page at a time, with how many there are. */
export async function listOrders(db: Db, filter: OrderListFilter, page: number, size: number) {
  const where = listCondition(filter);
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      state: orders.state,
      deliveryOn: orders.deliveryOn,
      totalCents: orders.totalCents,
      createdAt: orders.createdAt,
      clientId: orders.clientId,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      clientCompany: contacts.company,
      companyName: companies.name,
    })
    .from(orders)
    .innerJoin(contacts, eq(contacts.id, orders.clientId))
    .leftJoin(companies, eq(companies.id, orders.companyId))
    .where(where)
    .orderBy(...newestFirst(orders.createdAt, orders.id))
    .limit(size)
    .offset(page * size);
  // Reused for a few seconds once large (kernel/reused-count.ts): counting 100,000 rows took 20-30 ms.
  const total = await reusedCount(
    db,
    `orders:${JSON.stringify(filter)}`,
    async () => (await db.select({ total: sql<number>`count(*)::int` }).from(orders).where(where))[0]?.total ?? 0,
    (counted) => counted,
  );
  const content: OrderSummary[] = rows.map((row) => ({
    id: row.id,
    number: row.number,
    state: row.state,
    deliveryOn: row.deliveryOn,
    total: centsToDecimal(row.totalCents),
    createdAt: row.createdAt.toISOString(),
    clientId: row.clientId,
    clientName: `${row.firstName} ${row.lastName}`.trim(),
    companyName: row.companyName ?? row.clientCompany,
  }));
  return { content, total };
}
