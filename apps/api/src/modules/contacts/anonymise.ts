import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contactEvents, contactMessages, contacts, internalNotes, opportunities } from "../../db/schema/index.ts";
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
export async function anonymiseContactRows(tx: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  // Their opportunities first (a title that repeats the company typed, why they were lost), with the
  // contacts' rows locked before them as every pipeline change does (decision 055).
  await tx.execute(sql`select 1 from ${contacts} where ${inArray(contacts.id, ids)} order by id for no key update`);
  await tx
    .update(opportunities)
    .set({
      title: sql`case when ${opportunities.title} = (select company from ${contacts} where id = ${opportunities.clientId})
        then 'Consulta web' else ${opportunities.title} end`,
      lostNote: sql`case when ${opportunities.lostNote} is null then null else ${ANONYMISED} end`,
    })
    .where(inArray(opportunities.clientId, ids));
  const rows = await tx
    .update(contacts)
    .set({
      firstName: "Contacto",
      lastName: sql`'anonimizado ' || ${contacts.id}`,
      email: sql`'anonimizado-' || ${contacts.id} || ${`@${ANONYMISED_EMAIL_DOMAIN}`}`,
      phone: sql`${contacts.countryCode} || '000000000'`,
      company: ANONYMISED,
      updatedAt: sql`now()`,
    })
    .where(inArray(contacts.id, ids))
    .returning({ id: contacts.id });
  if (rows.length === 0) return [];
  const found = rows.map((row) => row.id);
  const theirMessages = tx
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(inArray(contactMessages.clientId, found));
  await tx
    .update(contactMessages)
    .set({
      message: sql`case when ${contactMessages.message} = '' then '' else ${ANONYMISED} end`,
      reply: sql`case when ${contactMessages.reply} is null then null else ${ANONYMISED} end`,
      rejectionReason: sql`case when ${contactMessages.rejectionReason} is null then null else ${ANONYMISED} end`,
      source: null,
      submittedDetails: null,
      ip: null,
      userAgent: null,
      emailFrom: null,
    })
    .where(inArray(contactMessages.clientId, found));
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
      sql`'anonimizado-' || (select ${contactMessages.clientId} from ${contactMessages} where ${contactMessages.id} = ${messageId}) || ${`@${ANONYMISED_EMAIL_DOMAIN}`}`,
  );
  return found;
}
