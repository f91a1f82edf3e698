import { and, eq, inArray, max } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contactMessages, contacts, emailOutbox, inboundEmails } from "../../db/schema/index.ts";
import { keyOf, tokenOf } from "../email/index.ts";

/** Where reading resumes: the highest UID already recorded under the mailbox's UIDVALIDITY. */
export async function lastImportedUid(db: Db, mailbox: string, uidValidity: number) {
  const [row] = await db
    .select({ uid: max(inboundEmails.uid) })
    .from(inboundEmails)
    .where(and(eq(inboundEmails.mailbox, mailbox), eq(inboundEmails.uidValidity, uidValidity)));
  return row?.uid ?? 0;
}

/** Whether an email with this Message-ID was already imported (the same email in the box twice). */
export async function importedBefore(db: Db, messageId: string) {
  const [row] = await db
    .select({ id: inboundEmails.id })
    .from(inboundEmails)
    .where(and(eq(inboundEmails.emailMessageId, messageId), eq(inboundEmails.outcome, "imported")))
    .limit(1);
  return row !== undefined;
}

/** Whose conversation an email joins, how it was found, and the address that contact has. */
export type ConversationMatch = { clientId: number; clientEmail: string; via: "token" | "thread" | "sender" };

/**
 * Whose conversation a received email belongs to: the token of the plus address it was sent to,
 * then the mails it answers (ours by their Message-ID key, or theirs already imported), then the
 * sender's address. Whether the sender may speak in that conversation is the caller's question.
 */
export async function findConversation(
  db: Db,
  email: { recipients: string[]; thread: string[]; from: { address: string } | undefined },
  mailboxAddress: string,
): Promise<ConversationMatch | undefined> {
  const contact = { clientId: contacts.id, clientEmail: contacts.emailKey };
  const tokens = email.recipients.flatMap((recipient) => tokenOf(recipient, mailboxAddress) ?? []);
  if (tokens.length > 0) {
    const [row] = await db.select(contact).from(contacts).where(inArray(contacts.replyToken, tokens)).limit(1);
    if (row) return { ...row, via: "token" };
  }
  const keys = email.thread.flatMap((id) => keyOf(id) ?? []);
  if (keys.length > 0) {
    const [row] = await db
      .select(contact)
      .from(emailOutbox)
      .innerJoin(contactMessages, eq(contactMessages.id, emailOutbox.messageId))
      .innerJoin(contacts, eq(contacts.id, contactMessages.clientId))
      .where(inArray(emailOutbox.messageKey, keys))
      .limit(1);
    if (row) return { ...row, via: "thread" };
  }
  if (email.thread.length > 0) {
    const [row] = await db
      .select(contact)
      .from(contactMessages)
      .innerJoin(contacts, eq(contacts.id, contactMessages.clientId))
      .where(inArray(contactMessages.emailMessageId, email.thread))
      .limit(1);
    if (row) return { ...row, via: "thread" };
  }
  if (email.from) {
    const [row] = await db
      .select(contact)
      .from(contacts)
      .where(eq(contacts.emailKey, email.from.address.toLowerCase()))
      .limit(1);
    if (row) return { ...row, via: "sender" };
  }
  return undefined;
}

/** The email of ours a bounce returns, by the Message-ID key it quotes: where it went and how it stands. */
export async function findReturnedEmail(db: Db, returnedId: string) {
  const key = keyOf(returnedId);
  if (key === undefined) return undefined;
  const [row] = await db
    .select({
      id: emailOutbox.id,
      messageId: emailOutbox.messageId,
      toAddress: emailOutbox.toAddress,
      status: emailOutbox.status,
    })
    .from(emailOutbox)
    .where(eq(emailOutbox.messageKey, key));
  return row;
}
