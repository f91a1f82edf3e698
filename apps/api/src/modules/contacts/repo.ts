import type { ClientMessage } from "@app/shared";
import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { clientMessages, clients, emailOutbox, messageServiceTypes, serviceTypes } from "../../db/schema.ts";

// Clients and their messages as the CRM reads and changes them. Every row type comes from the
// schema; the few conditions written as SQL name the aliases below (`c`, `m`).

export type ClientRecord = typeof clients.$inferSelect;
export type MessageRecord = typeof clientMessages.$inferSelect;

/** `clients c` and `client_messages m`: the aliases the search conditions are written against. */
export const c = alias(clients, "c");
export const m = alias(clientMessages, "m");

/**
 * A message that belongs to the main list: not suspicious, or accepted by staff. Written as a
 * comparison with '{}' (not cardinality()) so the planner uses the column's statistics: it
 * misjudged 99.9% of the rows as 0.5% and chose bad plans (bench/crm).
 */
export const VISIBLE = sql`(${m.reviewReasons} = '{}' or ${m.reviewedAt} is not null)`;
/** A message kept apart for review and not accepted yet (the predicate of client_messages_review_idx). */
const inReview = (table: typeof clientMessages | typeof m) =>
  sql`(${table.reviewReasons} <> '{}' and ${table.reviewedAt} is null)`;
export const IN_REVIEW = inReview(m);

type ServiceRef = { id: number; title: string };

/** PGlite answers json as text in some paths; node-postgres parses it. */
const parseJson = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : value) as T;

/**
 * The services of message `m`, in the order the person chose them. `m.id` is written out: in a
 * select list Drizzle names a column without its table, which inside this subquery would be `s.id`.
 */
const servicesOfMessage = sql<ServiceRef[]>`coalesce((
    select json_agg(json_build_object('id', s.id, 'title', s.title) order by ms.position)
      from ${messageServiceTypes} ms join ${serviceTypes} s on s.id = ms.service_type_id
     where ms.message_id = m.id), '[]'::json)`
  .mapWith((value) => parseJson<ServiceRef[]>(value))
  .as("services");

/** What `toClientMessage` reads of `client_messages m`. */
const messageColumns = {
  id: m.id,
  clientId: m.clientId,
  message: m.message,
  createdAt: m.createdAt,
  status: m.status,
  reply: m.reply,
  repliedAt: m.repliedAt,
  rejectionReason: m.rejectionReason,
  origin: m.origin,
  reviewReasons: m.reviewReasons,
  reviewedAt: m.reviewedAt,
  services: servicesOfMessage,
};

export type MessageRow = Pick<
  MessageRecord,
  | "id"
  | "clientId"
  | "message"
  | "createdAt"
  | "status"
  | "reply"
  | "repliedAt"
  | "rejectionReason"
  | "origin"
  | "reviewReasons"
  | "reviewedAt"
> & { services: ServiceRef[] };

/** A message in the API's shape (contract.md: the spec's fields plus its state). */
export function toClientMessage(row: MessageRow): ClientMessage {
  const reasons = row.reviewReasons ?? [];
  return {
    id: row.id,
    messageDescription: row.message,
    createdAt: row.createdAt.toISOString(),
    serviceTypeId: row.services[0]?.id ?? null,
    serviceDescription: row.services.map((service) => service.title).join(", "),
    services: row.services,
    status: row.status,
    reply: row.reply,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    rejectionReason: row.rejectionReason,
    origin: row.origin,
    inReview: reasons.length > 0 && row.reviewedAt === null,
    reviewReasons: reasons,
  };
}

/** One message by id, with the id of its client. */
export async function findMessage(db: Db, id: number) {
  const [row] = await db.select(messageColumns).from(m).where(eq(m.id, id));
  return row ? { clientId: row.clientId, message: toClientMessage(row) } : undefined;
}

/**
 * Messages of some clients, newest first, `limit` per client at most, filtered by `condition` (on
 * `m`); those meeting `first` (what a search matched) come before the others. One lateral read per
 * client walks client_messages_client_idx, however many messages the others have.
 */
export async function messagesOfClients(db: Db, clientIds: number[], condition: SQL, limit?: number, first?: SQL) {
  const byClient = new Map<number, ClientMessage[]>();
  if (clientIds.length === 0) return byClient;
  const ids = sql`unnest(${sql.raw(`'{${clientIds.map(Number).join(",")}}'::int[]`)}) as ids(id)`;
  const newest = db
    .select(messageColumns)
    .from(m)
    .where(and(sql`${m.clientId} = ids.id`, condition))
    .orderBy(...(first ? [sql`(${first}) desc`] : []), desc(m.createdAt), desc(m.id))
    .limit(limit ?? 2_147_483_647)
    .as("x");
  const rows = await db
    .select({
      id: newest.id,
      clientId: newest.clientId,
      message: newest.message,
      createdAt: newest.createdAt,
      status: newest.status,
      reply: newest.reply,
      repliedAt: newest.repliedAt,
      rejectionReason: newest.rejectionReason,
      origin: newest.origin,
      reviewReasons: newest.reviewReasons,
      reviewedAt: newest.reviewedAt,
      services: newest.services,
    })
    .from(ids)
    .crossJoinLateral(newest);
  for (const row of rows) {
    const list = byClient.get(row.clientId) ?? [];
    list.push(toClientMessage(row));
    byClient.set(row.clientId, list);
  }
  return byClient;
}

/**
 * Recomputes where a client sits in the main list: their newest visible message; a contact with no
 * messages at all (created by staff, or everything deleted) stays listed by its creation; one with
 * only messages waiting for review is not listed (decision 015).
 */
export async function refreshClientListing(db: Db, clientId: number) {
  const newestVisible = db
    .select({ at: sql`max(${m.createdAt})` })
    .from(m)
    .where(and(eq(m.clientId, clients.id), VISIBLE));
  const anyMessage = db.select({ one: sql`1` }).from(m).where(eq(m.clientId, clients.id));
  await db
    .update(clients)
    .set({
      lastMessageAt: sql`coalesce((${newestVisible}), case when not exists (${anyMessage}) then ${clients.createdAt} end)`,
    })
    .where(eq(clients.id, clientId));
}

const clientColumns = {
  id: clients.id,
  firstName: clients.firstName,
  lastName: clients.lastName,
  email: clients.email,
  countryCode: clients.countryCode,
  phone: clients.phone,
  company: clients.company,
  createdAt: clients.createdAt,
  updatedAt: clients.updatedAt,
};

export async function findClient(db: Db, id: number) {
  const [row] = await db.select(clientColumns).from(clients).where(eq(clients.id, id));
  return row;
}

/** What staff type for a contact; the phone is the number without its country code. */
export type ClientFields = Pick<ClientRecord, "firstName" | "lastName" | "email" | "countryCode" | "phone" | "company">;

const storedFields = (fields: ClientFields) => ({ ...fields, phone: fields.countryCode + fields.phone });

/** Nuevo Contacto: listed at once (a unique violation on the address is the caller's to answer). */
export async function insertClient(db: Db, fields: ClientFields) {
  const [row] = await db
    .insert(clients)
    .values({ ...storedFields(fields), lastMessageAt: sql`now()` })
    .returning({ id: clients.id });
  return row?.id;
}

export async function updateClientFields(db: Db, id: number, fields: ClientFields) {
  const rows = await db
    .update(clients)
    .set({ ...storedFields(fields), updatedAt: sql`now()` })
    .where(eq(clients.id, id))
    .returning({ id: clients.id });
  return rows.length > 0;
}

/** Deletes a client with their messages and queued emails (cascade); answers how many messages went. */
export async function deleteClientRow(db: Db, id: number) {
  const [row] = await db
    .delete(clients)
    .where(eq(clients.id, id))
    .returning({
      messages: sql<number>`(select count(*)::int from ${clientMessages} where ${clientMessages.clientId} = ${id})`,
    });
  return row;
}

/** Replaces a message's services, keeping the order given (duplicates dropped). */
export async function setServices(db: Db, messageId: number, serviceTypeIds: number[]) {
  await db.delete(messageServiceTypes).where(eq(messageServiceTypes.messageId, messageId));
  const unique = [...new Set(serviceTypeIds)];
  if (unique.length === 0) return;
  await db
    .insert(messageServiceTypes)
    .values(unique.map((serviceTypeId, index) => ({ messageId, serviceTypeId, position: index + 1 })));
}

/** Everything stored about a client (LOPDP access), or undefined when there is no such client. */
export async function clientDataOf(db: Db, id: number) {
  const client = await findClient(db, id);
  if (!client) return undefined;
  // `m.id` written out, as in servicesOfMessage.
  const titles = sql<string[]>`array(select s.title from ${messageServiceTypes} ms
      join ${serviceTypes} s on s.id = ms.service_type_id where ms.message_id = m.id order by ms.position)`;
  const messages = await db
    .select({
      id: m.id,
      message: m.message,
      createdAt: m.createdAt,
      status: m.status,
      reply: m.reply,
      repliedAt: m.repliedAt,
      rejectionReason: m.rejectionReason,
      origin: m.origin,
      consentGiven: m.consentGiven,
      consentAt: m.consentAt,
      privacyNoticeVersion: m.privacyNoticeVersion,
      source: m.source,
      ip: m.ip,
      userAgent: m.userAgent,
      services: titles,
    })
    .from(m)
    .where(eq(m.clientId, id))
    .orderBy(asc(m.createdAt));
  const emails = await db
    .select({
      kind: emailOutbox.kind,
      toAddress: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      status: emailOutbox.status,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
    })
    .from(emailOutbox)
    .where(
      inArray(
        emailOutbox.messageId,
        db.select({ id: clientMessages.id }).from(clientMessages).where(eq(clientMessages.clientId, id)),
      ),
    )
    .orderBy(asc(emailOutbox.createdAt));
  return { client, messages, emails };
}

/**
 * A note staff add for a client; undefined when there is no such client. Run it in a transaction:
 * the client is locked so it cannot be deleted between the check and the insert.
 */
export async function insertNote(tx: Db, clientId: number, message: string, staffId: number) {
  const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).for("update");
  if (!client) return undefined;
  const [row] = await tx
    .insert(clientMessages)
    .values({ clientId, message, origin: "personal", createdBy: staffId, consentGiven: false })
    .returning({ id: clientMessages.id });
  return row?.id;
}

/** Touches a message (and changes its text when given); answers whether it exists. */
export async function updateMessageText(db: Db, id: number, message: string | undefined) {
  const rows = await db
    .update(clientMessages)
    .set({ updatedAt: sql`now()`, ...(message === undefined ? {} : { message }) })
    .where(eq(clientMessages.id, id))
    .returning({ id: clientMessages.id });
  return rows.length > 0;
}

/** Deletes a message; answers its client and whether it was still waiting for review. */
export async function deleteMessageRow(db: Db, id: number) {
  const [row] = await db
    .delete(clientMessages)
    .where(eq(clientMessages.id, id))
    .returning({ clientId: clientMessages.clientId, inReview: sql<boolean>`${inReview(clientMessages)}` });
  return row;
}

/** Deletes a client that has no message left (one made only by discarded submissions). */
export async function deleteClientWithoutMessages(db: Db, clientId: number) {
  await db
    .delete(clients)
    .where(
      and(
        eq(clients.id, clientId),
        sql`not exists (select 1 from ${clientMessages} where ${clientMessages.clientId} = ${clients.id})`,
      ),
    );
}

export async function updateStatus(
  db: Db,
  id: number,
  status: MessageRecord["status"],
  reason: string | null,
  staffId: number,
) {
  const [row] = await db
    .update(clientMessages)
    .set({
      status,
      rejectionReason: status === "rechazado" ? reason : null,
      statusChangedAt: sql`now()`,
      statusChangedBy: staffId,
    })
    .where(eq(clientMessages.id, id))
    .returning({ clientId: clientMessages.clientId });
  return row?.clientId;
}

/** Stores staff's answer and marks the message Respondido; answers the client's id and address. */
export async function storeReply(db: Db, id: number, reply: string, staffId: number) {
  const [row] = await db
    .update(clientMessages)
    .set({
      reply,
      repliedAt: sql`now()`,
      repliedBy: staffId,
      status: "respondido",
      rejectionReason: null,
      statusChangedAt: sql`now()`,
      statusChangedBy: staffId,
    })
    .from(clients)
    .where(and(eq(clientMessages.id, id), eq(clients.id, clientMessages.clientId)))
    .returning({ clientId: clientMessages.clientId, email: clients.email });
  return row;
}

/** A submission kept for review joins the main list; answers its client, or undefined if it was not in review. */
export async function markReviewed(db: Db, id: number) {
  const [row] = await db
    .update(clientMessages)
    .set({ reviewedAt: sql`now()` })
    .where(and(eq(clientMessages.id, id), inReview(clientMessages)))
    .returning({ clientId: clientMessages.clientId });
  return row?.clientId;
}
