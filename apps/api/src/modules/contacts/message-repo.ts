import type { ContactMessage } from "@app/shared";
import type { ReplyChannel } from "@app/shared/constants";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contactMessages, contacts, messageServiceTypes, serviceTypes } from "../../db/schema/index.ts";
import { inReview, m } from "./tables.ts";

// Messages as the CRM reads and changes them; row types from the schema.

export type MessageRecord = typeof contactMessages.$inferSelect;

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
  replyChannel: m.replyChannel,
  rejectionReason: m.rejectionReason,
  origin: m.origin,
  reviewReasons: m.reviewReasons,
  reviewedAt: m.reviewedAt,
  submittedDetails: m.submittedDetails,
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
  | "replyChannel"
  | "rejectionReason"
  | "origin"
  | "reviewReasons"
  | "reviewedAt"
  | "submittedDetails"
> & { services: ServiceRef[] };

/** A message in the API's shape: the spec's fields, plus its state (status, reply, review). */
export function toContactMessage(row: MessageRow): ContactMessage {
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
    // A reply stored without its channel went out by email, the only way there was.
    replyChannel: row.reply === null ? null : (row.replyChannel ?? "email"),
    rejectionReason: row.rejectionReason,
    origin: row.origin,
    inReview: reasons.length > 0 && row.reviewedAt === null,
    reviewReasons: reasons,
    submittedDetails: row.submittedDetails,
  };
}

/** One message by id, with the id of its client. */
export async function findMessage(db: Db, id: number) {
  const [row] = await db.select(messageColumns).from(m).where(eq(m.id, id));
  return row ? { clientId: row.clientId, message: toContactMessage(row) } : undefined;
}

/**
 * Messages of some contacts, newest first, `limit` per contact at most, filtered by `condition` (on
 * `m`); those meeting `first` (what a search matched) come before the others. One lateral read per
 * contact walks client_messages_client_idx, however many messages the others have.
 */
export async function messagesOfContacts(db: Db, clientIds: number[], condition: SQL, limit?: number, first?: SQL) {
  const byContact = new Map<number, ContactMessage[]>();
  if (clientIds.length === 0) return byContact;
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
      replyChannel: newest.replyChannel,
      rejectionReason: newest.rejectionReason,
      origin: newest.origin,
      reviewReasons: newest.reviewReasons,
      reviewedAt: newest.reviewedAt,
      submittedDetails: newest.submittedDetails,
      services: newest.services,
    })
    .from(ids)
    .crossJoinLateral(newest);
  for (const row of rows) {
    const list = byContact.get(row.clientId) ?? [];
    list.push(toContactMessage(row));
    byContact.set(row.clientId, list);
  }
  return byContact;
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

/**
 * A note staff add for a contact; undefined when there is no such client. Run it in a transaction:
 * the contact is locked so it cannot be deleted between the check and the insert.
 */
export async function insertNote(tx: Db, clientId: number, message: string, staffId: number) {
  const [contact] = await tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, clientId)).for("update");
  if (!contact) return undefined;
  const [row] = await tx
    .insert(contactMessages)
    .values({ clientId, message, origin: "personal", createdBy: staffId, consentGiven: false })
    .returning({ id: contactMessages.id });
  return row?.id;
}

/** Touches a message (and changes its text when given); answers whether it exists. */
export async function updateMessageText(db: Db, id: number, message: string | undefined) {
  const rows = await db
    .update(contactMessages)
    .set({ updatedAt: sql`now()`, ...(message === undefined ? {} : { message }) })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  return rows.length > 0;
}

/** Deletes a message; answers its client and whether it was still waiting for review. */
export async function deleteMessageRow(db: Db, id: number) {
  const [row] = await db
    .delete(contactMessages)
    .where(eq(contactMessages.id, id))
    .returning({ clientId: contactMessages.clientId, inReview: sql<boolean>`${inReview(contactMessages)}` });
  return row;
}

export async function updateStatus(
  db: Db,
  id: number,
  status: MessageRecord["status"],
  reason: string | null,
  staffId: number,
) {
  const [row] = await db
    .update(contactMessages)
    .set({
      status,
      rejectionReason: status === "rechazado" ? reason : null,
      statusChangedAt: sql`now()`,
      statusChangedBy: staffId,
    })
    .where(eq(contactMessages.id, id))
    .returning({ clientId: contactMessages.clientId });
  return row?.clientId;
}

/**
 * Stores staff's answer, how it went out, and marks the message Respondido; answers the contact's id
 * and address.
 */
export async function storeReply(db: Db, id: number, reply: string, staffId: number, channel: ReplyChannel = "email") {
  const [row] = await db
    .update(contactMessages)
    .set({
      reply,
      repliedAt: sql`now()`,
      repliedBy: staffId,
      replyChannel: channel,
      status: "respondido",
      rejectionReason: null,
      statusChangedAt: sql`now()`,
      statusChangedBy: staffId,
    })
    .from(contacts)
    .where(and(eq(contactMessages.id, id), eq(contacts.id, contactMessages.clientId)))
    .returning({ clientId: contactMessages.clientId, email: contacts.email });
  return row;
}

/** A submission kept for review joins the main list; answers its client, or undefined if it was not in review. */
export async function markReviewed(db: Db, id: number) {
  const [row] = await db
    .update(contactMessages)
    .set({ reviewedAt: sql`now()` })
    .where(and(eq(contactMessages.id, id), inReview(contactMessages)))
    .returning({ clientId: contactMessages.clientId });
  return row?.clientId;
}

/** What a message brought from the form beyond the stored contact, and whether it still waits for review. */
export async function findSubmittedDetails(db: Db, id: number) {
  const [row] = await db
    .select({
      clientId: contactMessages.clientId,
      submittedDetails: contactMessages.submittedDetails,
      inReview: sql<boolean>`${inReview(contactMessages)}`,
    })
    .from(contactMessages)
    .where(eq(contactMessages.id, id));
  return row;
}
