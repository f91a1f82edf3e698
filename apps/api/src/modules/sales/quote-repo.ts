import type { Quote, QuoteSummary } from "@app/shared";
import { centsToDecimal } from "@app/shared/money";
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { companies, contacts, opportunities, orders, quoteLines, quotes, users } from "../../db/schema/index.ts";
import { businessDay } from "../../kernel/business-time.ts";
import { newestFirst } from "../../kernel/newest-first.ts";
import { reusedCount } from "../../kernel/reused-count.ts";
import { documentView } from "./document-lines.ts";

// Reading quotes as the API and the PDF show them.

const owner = alias(users, "quote_owner");

/** Today in Ecuador ("2026-12-01"): a quote is valid through its `Válida hasta` day. */
export const today = () => businessDay(new Date());

/** An `Enviada` quote past its day reads `Vencida` everywhere, without a job having to mark it. */
const stateAsSeen = () =>
  sql<
    Quote["state"]
  >`case when ${quotes.state} = 'enviada' and ${quotes.validUntil} < ${today()}::date then 'vencida' else ${quotes.state} end`;

/** The quote as staff and the PDF see it; undefined when there is none with that id. */
export async function findQuote(
  db: Db,
  id: number,
): Promise<(Quote & { linkKey: string; clientCompany: string }) | undefined> {
  const [row] = await db
    .select({
      id: quotes.id,
      number: quotes.number,
      state: stateAsSeen(),
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
      validUntil: quotes.validUntil,
      paymentTerms: quotes.paymentTerms,
      deliveryNotes: quotes.deliveryNotes,
      ownerId: quotes.ownerId,
      ownerActiveName: owner.displayName,
      ownerName: quotes.ownerName,
      linkKey: quotes.linkKey,
      issuedAt: quotes.issuedAt,
      sentAt: quotes.sentAt,
      answeredAt: quotes.answeredAt,
      createdAt: quotes.createdAt,
      orderId: orders.id,
      version: quotes.version,
    })
    .from(quotes)
    .innerJoin(opportunities, eq(opportunities.id, quotes.opportunityId))
    .innerJoin(contacts, eq(contacts.id, quotes.clientId))
    .leftJoin(companies, eq(companies.id, quotes.companyId))
    .leftJoin(owner, and(eq(owner.id, quotes.ownerId), eq(owner.active, true)))
    .leftJoin(orders, eq(orders.quoteId, quotes.id))
    .where(eq(quotes.id, id));
  if (!row) return undefined;
  const lines = await db
    .select({
      position: quoteLines.position,
      priceItemId: quoteLines.priceItemId,
      description: quoteLines.description,
      quantity: quoteLines.quantity,
      unitPrice: quoteLines.unitPrice,
      discountPercent: quoteLines.discountPercent,
      ivaPercent: quoteLines.ivaPercent,
      subtotalCents: quoteLines.subtotalCents,
    })
    .from(quoteLines)
    .where(eq(quoteLines.quoteId, id))
    .orderBy(asc(quoteLines.position));
  const view = documentView(lines);
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
    clientCompany: row.clientCompany,
    validUntil: row.validUntil,
    paymentTerms: row.paymentTerms,
    deliveryNotes: row.deliveryNotes,
    ...view,
    owner:
      row.ownerId !== null && row.ownerActiveName !== null
        ? { id: row.ownerId, displayName: row.ownerActiveName }
        : null,
    ownerName: row.ownerName,
    linkKey: row.linkKey,
    issuedAt: row.issuedAt?.toISOString() ?? null,
    sentAt: row.sentAt?.toISOString() ?? null,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    orderId: row.orderId,
    version: row.version,
  };
}

export type QuoteListFilter = { state?: Quote["state"] | undefined; clientId?: number | undefined };

function listCondition(filter: QuoteListFilter): SQL | undefined {
  const day = today();
  const conditions: SQL[] = [];
  if (filter.clientId !== undefined) conditions.push(eq(quotes.clientId, filter.clientId));
  if (filter.state === "vencida") {
    conditions.push(
      sql`(${quotes.state} = 'vencida' or (${quotes.state} = 'enviada' and ${quotes.validUntil} < ${day}::date))`,
    );
  } else if (filter.state === "enviada") {
    conditions.push(sql`${quotes.state} = 'enviada' and ${quotes.validUntil} >= ${day}::date`);
  } else if (filter.state) {
    conditions.push(eq(quotes.state, filter.state));
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** `/crm/cotizaciones`: newest first, a page at a time, with how many there are. */
export async function listQuotes(db: Db, filter: QuoteListFilter, page: number, size: number) {
  const where = listCondition(filter);
  const rows = await db
    .select({
      id: quotes.id,
      number: quotes.number,
      state: stateAsSeen(),
      validUntil: quotes.validUntil,
      totalCents: quotes.totalCents,
      ownerName: quotes.ownerName,
      createdAt: quotes.createdAt,
      orderId: orders.id,
      clientId: quotes.clientId,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      clientCompany: contacts.company,
      companyName: companies.name,
    })
    .from(quotes)
    .innerJoin(contacts, eq(contacts.id, quotes.clientId))
    .leftJoin(companies, eq(companies.id, quotes.companyId))
    .leftJoin(orders, eq(orders.quoteId, quotes.id))
    .where(where)
    .orderBy(...newestFirst(quotes.createdAt, quotes.id))
    .limit(size)
    .offset(page * size);
  // Reused for a few seconds once large (kernel/reused-count.ts): counting 100,000 rows took 20-30 ms.
  const total = await reusedCount(
    db,
    `quotes:${JSON.stringify(filter)}`,
    async () => (await db.select({ total: sql<number>`count(*)::int` }).from(quotes).where(where))[0]?.total ?? 0,
    (counted) => counted,
  );
  const content: QuoteSummary[] = rows.map((row) => ({
    id: row.id,
    number: row.number,
    state: row.state,
    validUntil: row.validUntil,
    total: centsToDecimal(row.totalCents),
    ownerName: row.ownerName,
    createdAt: row.createdAt.toISOString(),
    orderId: row.orderId,
    clientId: row.clientId,
    clientName: `${row.firstName} ${row.lastName}`.trim(),
    companyName: row.companyName ?? row.clientCompany,
  }));
  return { content, total };
}
