import type { Db } from "../../db/client.ts";
import type { ClaimedEmail, EmailLinks, EmailRenderers } from "../email/index.ts";
import { contactEmailReceived } from "./received-email.ts";
import { receivedEmailSummary } from "./received-summary.ts";

// The email the shared mailbox sends through the outbox: the staff are told what arrived.

async function emailReceived(db: Db, email: ClaimedEmail, { publicUrl }: EmailLinks) {
  const received = email.messageId === undefined ? undefined : await receivedEmailSummary(db, email.messageId);
  if (!received) throw new Error(`received email ${email.messageId} no longer exists`);
  return contactEmailReceived(received, `${publicUrl}/crm/mensajes?contacto=${received.clientId}`);
}

export const inboundEmailRenderers: EmailRenderers<"client_email_received"> = {
  client_email_received: emailReceived,
};
