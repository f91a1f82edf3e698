import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contactMessages, contacts, messageAttachments } from "../../db/schema/index.ts";
import type { ReceivedEmailSummary } from "./received-email.ts";

/** What the staff email about a received email says, read when it is sent. */
export async function receivedEmailSummary(
  db: Db,
  messageId: number,
): Promise<(ReceivedEmailSummary & { clientId: number }) | undefined> {
  const [row] = await db
    .select({
      clientId: contacts.id,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      email: contacts.email,
      from: contactMessages.emailFrom,
      subject: contactMessages.subject,
      text: contactMessages.message,
      reviewReasons: contactMessages.reviewReasons,
      reviewedAt: contactMessages.reviewedAt,
    })
    .from(contactMessages)
    .innerJoin(contacts, eq(contacts.id, contactMessages.clientId))
    .where(eq(contactMessages.id, messageId));
  if (!row) return undefined;
  const files = await db
    .select({ filename: messageAttachments.filename })
    .from(messageAttachments)
    .where(eq(messageAttachments.messageId, messageId))
    .orderBy(asc(messageAttachments.id));
  return {
    clientId: row.clientId,
    name: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    // Emails imported before the From was kept came from the contact's address.
    from: row.from ?? row.email,
    subject: row.subject,
    text: row.text,
    attachments: files.map((file) => file.filename),
    reviewReasons: row.reviewedAt === null ? row.reviewReasons : [],
  };
}
