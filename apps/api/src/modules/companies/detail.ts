import type {
  CompanyDetail,
  CompanyDocument,
  CompanyOpportunity,
  CompanyPerson,
  CompanyTimelineEntry,
  TimelineKind,
} from "@app/shared";
import { and, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Db, queryRows } from "../../db/client.ts";
import { contacts, opportunities, orders, quotes, users } from "../../db/schema/index.ts";
import { VISIBLE } from "../contacts/index.ts";
import { findCompany, toCompany } from "./repo.ts";

// A company's page (`GET /api/companies/:id`): its people, their opportunities, its quotes and
// orders, and what happened lately to its people, each read on its own index. Read only: the
// tables of contacts and sales are read here as any module may, never written.

/** More than a company's page shows at once; the rest stays on the contact's own timeline. */
const TIMELINE_LIMIT = 50;
const LIST_LIMIT = 200;

const owner = alias(users, "owner");
/** A disabled account shows as nobody, as the contact dialog and the board show it. */
const activeOwner = (ownerId: typeof contacts.ownerId | typeof opportunities.ownerId) =>
  and(eq(owner.id, ownerId), eq(owner.active, true));

const ownerOf = (row: { ownerId: number | null; ownerName: string | null }) =>
  row.ownerId === null || row.ownerName === null ? null : { id: row.ownerId, displayName: row.ownerName };

const byName = new Intl.Collator("es", { sensitivity: "base", numeric: true });

async function peopleOf(db: Db, companyId: number): Promise<CompanyPerson[]> {
  const rows = await db
    .select({
      id: contacts.id,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      email: contacts.email,
      phone: contacts.phone,
      stage: contacts.stage,
      ownerId: contacts.ownerId,
      ownerName: owner.displayName,
    })
    .from(contacts)
    .leftJoin(owner, activeOwner(contacts.ownerId))
    .where(eq(contacts.companyId, companyId))
    .limit(LIST_LIMIT);
  return rows
    .map(({ ownerId, ownerName, ...person }) => ({ ...person, owner: ownerOf({ ownerId, ownerName }) }))
    .sort((a, b) => byName.compare(`${a.firstName} ${a.lastName}`, `${b.firstName} ${b.lastName}`) || a.id - b.id);
}

async function opportunitiesOf(db: Db, companyId: number): Promise<CompanyOpportunity[]> {
  const rows = await db
    .select({
      id: opportunities.id,
      clientId: opportunities.clientId,
      clientName: sql<string>`${contacts.firstName} || ' ' || ${contacts.lastName}`,
      title: opportunities.title,
      stage: opportunities.stage,
      ownerId: opportunities.ownerId,
      ownerName: owner.displayName,
      valueCents: opportunities.valueCents,
    })
    .from(opportunities)
    .innerJoin(contacts, eq(contacts.id, opportunities.clientId))
    .leftJoin(owner, activeOwner(opportunities.ownerId))
    .where(eq(contacts.companyId, companyId))
    .orderBy(desc(opportunities.id))
    .limit(LIST_LIMIT);
  return rows.map(({ ownerId, ownerName, ...opportunity }) => ({
    ...opportunity,
    owner: ownerOf({ ownerId, ownerName }),
    valueCents: opportunity.valueCents === null ? null : Number(opportunity.valueCents),
  }));
}

/** Its quotes and orders, newest first: a quote dated when issued (a draft when made). */
async function documentsOf(db: Db, companyId: number) {
  const quoteRows = await db
    .select({
      id: quotes.id,
      number: quotes.number,
      state: quotes.state,
      totalCents: quotes.totalCents,
      date: sql<Date>`coalesce(${quotes.issuedAt}, ${quotes.createdAt})`,
    })
    .from(quotes)
    .where(eq(quotes.companyId, companyId))
    .orderBy(desc(quotes.id))
    .limit(LIST_LIMIT);
  const orderRows = await db
    .select({
      id: orders.id,
      number: orders.number,
      state: orders.state,
      totalCents: orders.totalCents,
      date: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.companyId, companyId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(LIST_LIMIT);
  type DocumentRow = { id: number; number: string | null; state: string; totalCents: number; date: Date };
  const toDocument = (row: DocumentRow): CompanyDocument => ({
    ...row,
    totalCents: Number(row.totalCents),
    date: new Date(row.date).toISOString(),
  });
  return { quotes: quoteRows.map(toDocument), orders: orderRows.map(toDocument) };
}

type TimelineRow = {
  kind: TimelineKind;
  at: Date | string;
  actor: string | null;
  clientId: number;
  clientName: string;
  data: Record<string, unknown> | string | null;
};

/**
 * What its people wrote and were answered (their messages of the main list, not those waiting for
 * review) and every other change of theirs (contact_events), newest first, as one union.
 */
async function timelineOf(db: Db, companyId: number): Promise<CompanyTimelineEntry[]> {
  const person = sql`c.first_name || ' ' || c.last_name`;
  const rows = await queryRows<TimelineRow>(
    db,
    sql`select kind, at, actor, "clientId", "clientName", data from (
        select case when m.origin = 'personal' then 'message_added' else 'message_received' end as kind,
               m.created_at as at, a.display_name as actor, m.client_id as "clientId", ${person} as "clientName",
               jsonb_build_object('message', m.message) as data, 0::bigint as seq
          from client_messages m join ${contacts} c on c.id = m.client_id
          left join ${users} a on a.id = m.created_by
         where c.company_id = ${companyId} and ${VISIBLE}
        union all
        select 'reply_sent', m.replied_at, a.display_name, m.client_id, ${person},
               jsonb_build_object('reply', m.reply, 'channel', coalesce(m.reply_channel, 'email')), 1::bigint
          from client_messages m join ${contacts} c on c.id = m.client_id
          left join ${users} a on a.id = m.replied_by
         where c.company_id = ${companyId} and m.replied_at is not null and ${VISIBLE}
        union all
        select e.kind, e.at, e.actor_name, e.client_id, ${person}, e.data, 1 + e.id
          from contact_events e join ${contacts} c on c.id = e.client_id
         where c.company_id = ${companyId}
      ) lines
      order by at desc, seq desc
      limit ${TIMELINE_LIMIT}`,
  );
  return rows.map((row) => ({
    kind: row.kind,
    at: new Date(row.at).toISOString(),
    actor: row.actor,
    clientId: Number(row.clientId),
    clientName: row.clientName,
    data: typeof row.data === "string" ? JSON.parse(row.data) : (row.data ?? {}),
  }));
}

/** Undefined when there is no such company. */
export async function companyDetail(db: Db, id: number): Promise<CompanyDetail | undefined> {
  const row = await findCompany(db, id);
  if (!row) return undefined;
  const [people, opportunityList, documents, timeline] = await Promise.all([
    peopleOf(db, id),
    opportunitiesOf(db, id),
    documentsOf(db, id),
    timelineOf(db, id),
  ]);
  return { company: toCompany(row), people, opportunities: opportunityList, ...documents, timeline };
}
