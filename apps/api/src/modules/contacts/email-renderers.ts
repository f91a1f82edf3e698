import type { Db } from "../../db/client.ts";
import type { ClaimedEmail, EmailLinks, EmailRenderers } from "../email/index.ts";
import { readContactDetails } from "../site/index.ts";
import { contactsAssignedEmail, ownerAssignedEmail } from "./assignment-emails.ts";
import { contactSummary } from "./contact-summary.ts";
import { replySignature } from "./reply-signature.ts";
import { findContact } from "./repo.ts";
import { contactConfirmation, contactNotification, contactReplyEmail } from "./request-emails.ts";

// The emails the contacts send through the outbox, built from what is stored when each one leaves.

/** The message a contact email is about: who wrote, what they wrote and asked about. */
async function summaryOf(db: Db, email: ClaimedEmail, asTyped: boolean) {
  const summary = email.messageId === undefined ? undefined : await contactSummary(db, email.messageId, asTyped);
  // Deleting a message deletes its queued emails too; this only happens in a race with that.
  if (!summary) throw new Error(`message ${email.messageId} no longer exists`);
  return summary;
}

async function staffNotification(db: Db, email: ClaimedEmail, { publicUrl }: EmailLinks) {
  return contactNotification(await summaryOf(db, email, true), `${publicUrl}/crm/mensajes`);
}

async function senderConfirmation(db: Db, email: ClaimedEmail, { publicUrl }: EmailLinks) {
  const summary = await summaryOf(db, email, false);
  return contactConfirmation(summary.services, `${publicUrl}/privacidad`, await readContactDetails(db));
}

async function contactReply(db: Db, email: ClaimedEmail) {
  const summary = email.messageId === undefined ? undefined : await contactSummary(db, email.messageId);
  const { reply, staffName } = (email.payload ?? {}) as { reply?: string; staffName?: string };
  if (!summary || !reply || email.messageId === undefined)
    throw new Error(`reply to message ${email.messageId} without its message or text`);
  return contactReplyEmail(
    summary,
    reply,
    await replySignature(db, email.messageId, staffName),
    await readContactDetails(db),
  );
}

async function ownerAssigned(db: Db, email: ClaimedEmail, { publicUrl }: EmailLinks) {
  const { clientId, ownerName, assignedBy, count } = (email.payload ?? {}) as {
    clientId?: number;
    ownerName?: string;
    assignedBy?: string;
    count?: number;
  };
  if (count !== undefined && count > 1 && ownerName && assignedBy) {
    return contactsAssignedEmail(ownerName, count, assignedBy, `${publicUrl}/crm/mensajes?responsable=mios`);
  }
  const contact = clientId === undefined ? undefined : await findContact(db, clientId);
  // The contact was deleted before the email went out: nothing left to announce.
  if (!contact || !ownerName || !assignedBy) throw new Error(`assignment of contact ${clientId} without its contact`);
  const name = `${contact.firstName} ${contact.lastName}`.trim();
  return ownerAssignedEmail(
    ownerName,
    { name, company: contact.company },
    assignedBy,
    `${publicUrl}/crm/mensajes?contacto=${contact.id}`,
  );
}

export const contactEmailRenderers: EmailRenderers<
  "staff_notification" | "contact_confirmation" | "client_reply" | "owner_assigned"
> = {
  staff_notification: staffNotification,
  contact_confirmation: senderConfirmation,
  client_reply: contactReply,
  owner_assigned: ownerAssigned,
};
