import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { clientMessages, clients, contactEvents, internalNotes } from "../../db/schema/index.ts";
import { forgetEmailsOf } from "../email/index.ts";

/** The domain of every anonymised address: `.invalid` can never receive mail (RFC 2606). */
export const ANONYMISED_EMAIL_DOMAIN = "anonimizado.invalid";

/** What stands where the person's words were. */
export const ANONYMISED = "(anonimizado)";

/**
 * Anonymises these contacts' rows, for staff (one) and for the retention job (a batch): what
 * identifies the person is replaced (names, address, phone, company, what they and we wrote, where
 * from); dates, services, stages and statuses stay for the statistics. Unsent emails to them are
 * dropped. The tasks module forgets its part (titles) after this: the retention module calls both.
 * Run it inside a transaction; it answers the ids it found.
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
  await forgetEmailsOf(
    tx,
    theirMessages,
    (messageId) =>
      sql`'anonimizado-' || (select ${clientMessages.clientId} from ${clientMessages} where ${clientMessages.id} = ${messageId}) || ${`@${ANONYMISED_EMAIL_DOMAIN}`}`,
  );
  return found;
}
