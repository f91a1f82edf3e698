import type { Db } from "../../db/client.ts";
import { contactMessages, contacts, type ReviewReason } from "../../db/schema/index.ts";
import { refreshContactListing } from "./repo.ts";

/** An email a contact (or a stranger) sent, as the mailbox reader understood it. */
export type ReceivedEmail = {
  text: string;
  subject: string;
  quoted: string | null;
  emailMessageId: string | undefined;
  from: string;
  reviewReasons: ReviewReason[];
};

/** Whose message it becomes: a known client's, or a new client named from the sender. */
export type ReceivedEmailAuthor = { clientId: number } | { newClient: { firstName: string; lastName: string } };

/**
 * Stores a received email as a message (`Correo recibido`, Pendiente) of its client, made first
 * when the sender is new (no phone or company: an email says neither), and brings the contact's
 * place in the lists up to date. Run it in the caller's transaction.
 */
export async function addReceivedEmail(db: Db, author: ReceivedEmailAuthor, email: ReceivedEmail) {
  let clientId: number;
  if ("clientId" in author) clientId = author.clientId;
  else {
    const [created] = await db
      .insert(contacts)
      .values({ ...author.newClient, email: email.from, countryCode: "", phone: "", company: "" })
      .returning({ id: contacts.id });
    if (!created) throw new Error("no client row returned");
    clientId = created.id;
  }
  const [message] = await db
    .insert(contactMessages)
    .values({
      clientId,
      origin: "email",
      message: email.text,
      subject: email.subject || null,
      quotedText: email.quoted,
      emailMessageId: email.emailMessageId ?? null,
      emailFrom: email.from.slice(0, 320),
      reviewReasons: email.reviewReasons,
    })
    .returning({ id: contactMessages.id });
  if (!message) throw new Error("no message row returned");
  await refreshContactListing(db, clientId);
  return { clientId, messageId: message.id };
}
