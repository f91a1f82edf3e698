import type { SubmittedDetails } from "@app/shared";
import { toE164 } from "@app/shared/phone";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  contactMessages,
  contacts,
  emailOutbox,
  messageServiceTypes,
  orderLines,
  orders,
  quoteLines,
  quotes,
  serviceTypes,
} from "../../db/schema/index.ts";
import { m, VISIBLE } from "./tables.ts";

// Contacts as the CRM reads and changes them; row types from the schema.

export type ContactRecord = typeof contacts.$inferSelect;

/**
 * Recomputes where a contact sits in the main list: their newest visible message; a contact with no
 * messages at all (created by staff, or everything deleted) stays listed by its creation; one with
 * only messages waiting for review is not listed (decision 015).
 */
export async function refreshContactListing(db: Db, clientId: number) {
  const newestVisible = db
    .select({ at: sql`max(${m.createdAt})` })
    .from(m)
    .where(and(eq(m.clientId, contacts.id), VISIBLE));
  const anyMessage = db.select({ one: sql`1` }).from(m).where(eq(m.clientId, contacts.id));
  await db
    .update(contacts)
    .set({
      lastMessageAt: sql`coalesce((${newestVisible}), case when not exists (${anyMessage}) then ${contacts.createdAt} end)`,
    })
    .where(eq(contacts.id, clientId));
}

const contactColumns = {
  id: contacts.id,
  firstName: contacts.firstName,
  lastName: contacts.lastName,
  email: contacts.email,
  countryCode: contacts.countryCode,
  phone: contacts.phone,
  company: contacts.company,
  createdAt: contacts.createdAt,
  updatedAt: contacts.updatedAt,
};

export async function findContact(db: Db, id: number) {
  const [row] = await db.select(contactColumns).from(contacts).where(eq(contacts.id, id));
  return row;
}

/** What staff type for a contact; the phone is the number without its country code. */
export type ContactFields = Pick<
  ContactRecord,
  "firstName" | "lastName" | "email" | "countryCode" | "phone" | "company"
>;

const storedFields = (fields: ContactFields) => ({ ...fields, phone: toE164(fields.countryCode, fields.phone) });

/** Nuevo Contacto: listed at once (a unique violation on the address is the caller's to answer). */
export async function insertContact(db: Db, fields: ContactFields) {
  const [row] = await db
    .insert(contacts)
    .values({ ...storedFields(fields), lastMessageAt: sql`now()` })
    .returning({ id: contacts.id });
  return row?.id;
}

export const updateContactFields = (db: Db, id: number, fields: ContactFields) =>
  updateStoredDetails(db, id, storedFields(fields));

/** Writes a contact's details as stored (the phone with its country code); answers whether the contact exists. */
export async function updateStoredDetails(db: Db, id: number, details: SubmittedDetails) {
  const rows = await db
    .update(contacts)
    .set({ ...details, updatedAt: sql`now()` })
    .where(eq(contacts.id, id))
    .returning({ id: contacts.id });
  return rows.length > 0;
}

/** Deletes a contact with their messages and queued emails (cascade); answers how many messages went. */
export async function deleteContactRow(db: Db, id: number) {
  const [row] = await db
    .delete(contacts)
    .where(eq(contacts.id, id))
    .returning({
      messages: sql<number>`(select count(*)::int from ${contactMessages} where ${contactMessages.clientId} = ${id})`,
    });
  return row;
}

/** Deletes these contacts with all that hangs on them (the retention period ran out). */
export async function deleteContactRows(db: Db, clientIds: number[]) {
  await db.delete(contacts).where(inArray(contacts.id, clientIds));
}

/** Deletes a contact that has no message left (one made only by discarded submissions). */
export async function deleteContactWithoutMessages(db: Db, clientId: number) {
  await db
    .delete(contacts)
    .where(
      and(
        eq(contacts.id, clientId),
        sql`not exists (select 1 from ${contactMessages} where ${contactMessages.clientId} = ${contacts.id})`,
      ),
    );
}

/** Everything stored about a contact (LOPDP access), or undefined when there is no such client. */
export async function contactDataOf(db: Db, id: number) {
  const contact = await findContact(db, id);
  if (!contact) return undefined;
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
        db.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.clientId, id)),
      ),
    )
    .orderBy(asc(emailOutbox.createdAt));
  return { client: contact, messages, emails, ...(await salesOf(db, id)) };
}

/** The person's quotes and orders with their lines (read here; the sales module writes them). */
async function salesOf(db: Db, id: number) {
  const quoteRows = await db
    .select({
      id: quotes.id,
      number: quotes.number,
      state: quotes.state,
      createdAt: quotes.createdAt,
      validUntil: quotes.validUntil,
      paymentTerms: quotes.paymentTerms,
      deliveryNotes: quotes.deliveryNotes,
      totalCents: quotes.totalCents,
    })
    .from(quotes)
    .where(eq(quotes.clientId, id))
    .orderBy(asc(quotes.id));
  const quoteLineRows = await db
    .select({
      quoteId: quoteLines.quoteId,
      description: quoteLines.description,
      quantity: quoteLines.quantity,
      unitPrice: quoteLines.unitPrice,
      discountPercent: quoteLines.discountPercent,
      ivaPercent: quoteLines.ivaPercent,
    })
    .from(quoteLines)
    .innerJoin(quotes, eq(quotes.id, quoteLines.quoteId))
    .where(eq(quotes.clientId, id))
    .orderBy(asc(quoteLines.quoteId), asc(quoteLines.position));
  const orderRows = await db
    .select({
      id: orders.id,
      number: orders.number,
      state: orders.state,
      createdAt: orders.createdAt,
      deliveryOn: orders.deliveryOn,
      paymentTerms: orders.paymentTerms,
      notes: orders.notes,
      totalCents: orders.totalCents,
    })
    .from(orders)
    .where(eq(orders.clientId, id))
    .orderBy(asc(orders.id));
  const orderLineRows = await db
    .select({
      orderId: orderLines.orderId,
      description: orderLines.description,
      quantity: orderLines.quantity,
      unitPrice: orderLines.unitPrice,
      discountPercent: orderLines.discountPercent,
      ivaPercent: orderLines.ivaPercent,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(eq(orders.clientId, id))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
  const total = (cents: number) => (cents / 100).toFixed(2);
  return {
    quotes: quoteRows.map(({ totalCents, ...quote }) => ({
      ...quote,
      total: total(totalCents),
      lines: quoteLineRows.filter((line) => line.quoteId === quote.id).map(({ quoteId: _, ...line }) => line),
    })),
    orders: orderRows.map(({ totalCents, ...order }) => ({
      ...order,
      total: total(totalCents),
      lines: orderLineRows.filter((line) => line.orderId === order.id).map(({ orderId: _, ...line }) => line),
    })),
  };
}
