import type { SubmittedDetails } from "@app/shared";
import { toE164 } from "@app/shared/phone";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { clientMessages, clients, emailOutbox, messageServiceTypes, serviceTypes } from "../../db/schema/index.ts";
import { m, VISIBLE } from "./tables.ts";

// Clients as the CRM reads and changes them; row types from the schema.

export type ClientRecord = typeof clients.$inferSelect;

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

const storedFields = (fields: ClientFields) => ({ ...fields, phone: toE164(fields.countryCode, fields.phone) });

/** Nuevo Contacto: listed at once (a unique violation on the address is the caller's to answer). */
export async function insertClient(db: Db, fields: ClientFields) {
  const [row] = await db
    .insert(clients)
    .values({ ...storedFields(fields), lastMessageAt: sql`now()` })
    .returning({ id: clients.id });
  return row?.id;
}

export const updateClientFields = (db: Db, id: number, fields: ClientFields) =>
  updateStoredDetails(db, id, storedFields(fields));

/** Writes a client's details as stored (the phone with its country code); answers whether the client exists. */
export async function updateStoredDetails(db: Db, id: number, details: SubmittedDetails) {
  const rows = await db
    .update(clients)
    .set({ ...details, updatedAt: sql`now()` })
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

/** Deletes these clients with all that hangs on them (the retention period ran out). */
export async function deleteClientRows(db: Db, clientIds: number[]) {
  await db.delete(clients).where(inArray(clients.id, clientIds));
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
      submittedDetails: m.submittedDetails,
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
