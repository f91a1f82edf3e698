import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contactMessages, contacts, messageServiceTypes, serviceTypes } from "../../db/schema/index.ts";
import type { ContactSummary } from "./request-emails.ts";

type ServiceTypeRow = typeof serviceTypes.$inferSelect;

/**
 * What the contact emails say about a message: the person, what they wrote and asked about. `asTyped`
 * takes the details the person typed with this message where they differ from the stored contact's
 * (a returning sender, decision 040): the staff are told what was sent.
 */
export async function contactSummary(db: Db, messageId: number, asTyped = false): Promise<ContactSummary | undefined> {
  // The titles in the order the person chose them, gathered in the same query.
  const titles = db
    .select({ title: serviceTypes.title })
    .from(messageServiceTypes)
    .innerJoin(serviceTypes, eq(serviceTypes.id, messageServiceTypes.serviceTypeId))
    .where(eq(messageServiceTypes.messageId, contactMessages.id))
    .orderBy(asc(messageServiceTypes.position));
  const [row] = await db
    .select({
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      email: contacts.email,
      phone: contacts.phone,
      company: contacts.company,
      message: contactMessages.message,
      source: contactMessages.source,
      submittedDetails: contactMessages.submittedDetails,
      services: sql<ServiceTypeRow["title"][]>`array(${titles})`,
    })
    .from(contactMessages)
    .innerJoin(contacts, eq(contacts.id, contactMessages.clientId))
    .where(eq(contactMessages.id, messageId));
  if (!row) return undefined;
  const { source, submittedDetails, ...summary } = row;
  const typed = asTyped && submittedDetails ? submittedDetails : {};
  return { ...summary, ...typed, page: source?.page ?? undefined };
}
