import { and, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { clientMessages, clients, contactEvents, emailOutbox, internalNotes, tasks } from "../../db/schema.ts";

/** The domain of every anonymised address: `.invalid` can never receive mail (RFC 2606). */
export const ANONYMISED_EMAIL_DOMAIN = "anonimizado.invalid";

const ANONYMISED = "(anonimizado)";

/**
 * Anonymises these contacts, for staff (one) and for the retention job (a batch): what identifies
 * the person is replaced (names, address, phone, company, what they and we wrote, where from); dates,
 * services, stages and statuses stay for the statistics. Unsent emails to them are dropped. Run it inside a
 * transaction; it answers the ids it found.
 */
export async function anonymiseClientRows(tx: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .update(clients)
    .set({
      firstName: "Contacto",
      lastName: sql`'anonimizado ' || ${clients.id}`,
      email: sql`'anonimizado-' || ${clients.id} || ${`@${ANONYMISED_EMAIL_DOMAIN}`}`,
      phone: sql`${clients.countryCode} || '000000000'`,
      company: ANONYMISED,
      lostNote: sql`case when ${clients.lostNote} is null then null else ${ANONYMISED} end`,
      updatedAt: sql`now()`,
    })
    .where(inArray(clients.id, ids))
    .returning({ id: clients.id });
  if (rows.length === 0) return [];
  const found = rows.map((row) => row.id);
  const theirMessages = tx
    .select({ id: clientMessages.id })
    .from(clientMessages)
    .where(inArray(clientMessages.clientId, found));
  await tx
    .update(clientMessages)
    .set({
      message: sql`case when ${clientMessages.message} = '' then '' else ${ANONYMISED} end`,
      reply: sql`case when ${clientMessages.reply} is null then null else ${ANONYMISED} end`,
      rejectionReason: sql`case when ${clientMessages.rejectionReason} is null then null else ${ANONYMISED} end`,
      source: null,
      submittedDetails: null,
      ip: null,
      userAgent: null,
      emailFrom: null,
    })
    .where(inArray(clientMessages.clientId, found));
  // Staff's own words about the person go too: why they were lost, notes, what tasks said.
  await tx
    .update(contactEvents)
    .set({ data: sql`${contactEvents.data} - 'lostNote' - 'title'` })
    .where(inArray(contactEvents.clientId, found));
  await tx.update(internalNotes).set({ body: ANONYMISED }).where(inArray(internalNotes.clientId, found));
  await tx.update(tasks).set({ title: ANONYMISED }).where(inArray(tasks.clientId, found));
  await tx
    .delete(emailOutbox)
    .where(and(inArray(emailOutbox.status, ["pending", "sending"]), inArray(emailOutbox.messageId, theirMessages)));
  await tx
    .update(emailOutbox)
    .set({
      toAddress: sql`'anonimizado-' || (select ${clientMessages.clientId} from ${clientMessages} where ${clientMessages.id} = ${emailOutbox.messageId}) || ${`@${ANONYMISED_EMAIL_DOMAIN}`}`,
      replyTo: null,
      payload: null,
    })
    .where(inArray(emailOutbox.messageId, theirMessages));
  return found;
}
