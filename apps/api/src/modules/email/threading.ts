import { and, desc, eq, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contactMessages, contacts, type EmailKind, emailOutbox } from "../../db/schema/index.ts";
import { conversationAddress, type MailboxAddressing } from "./conversation-address.ts";
import type { ClaimedEmail } from "./outbox.ts";

/** The emails a contact gets: their thread with the supplier. Staff's own emails are not part of it. */
const CONVERSATION_KINDS = ["contact_confirmation", "client_reply", "quote_sent"] as const satisfies EmailKind[];

/** References name the newest mails of the thread only: enough for every mail program to thread. */
const REFERENCES_KEPT = 10;

export type ThreadHeaders = {
  messageId: string;
  inReplyTo?: string | undefined;
  references?: string[] | undefined;
  replyTo?: string | undefined;
};

export type ThreadOptions = {
  /** The domain of the From address: Message-IDs are `<key@domain>`. */
  domain: string;
  /** The shared mailbox, when answers are read from it. */
  inbound?: MailboxAddressing | undefined;
};

export const messageIdOf = (key: string, domain: string) => `<${key}@${domain}>`;

/** The outbox key in a Message-ID this product made (`<uuid@domain>`), if it is one. */
export function keyOf(messageId: string) {
  return messageId
    .match(/^<?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@[^>]+>?$/i)?.[1]
    ?.toLowerCase();
}

/**
 * Message-ID, Reply-To and the threading headers of a queued email. Every email gets a Message-ID
 * that stays the same on every attempt. An email to a contact also names the earlier mails of their
 * conversation (In-Reply-To: the mail it answers, or the last one; References: the newest ones), and
 * with the shared mailbox its Reply-To is the conversation's address there.
 */
export async function threadHeaders(db: Db, email: ClaimedEmail, options: ThreadOptions): Promise<ThreadHeaders> {
  const messageId = messageIdOf(email.messageKey, options.domain);
  const conversational = (CONVERSATION_KINDS as readonly EmailKind[]).includes(email.kind);
  if (!conversational || email.messageId === undefined) return { messageId, replyTo: email.replyTo };

  const [message] = await db
    .select({
      clientId: contactMessages.clientId,
      emailMessageId: contactMessages.emailMessageId,
      token: contacts.replyToken,
    })
    .from(contactMessages)
    .innerJoin(contacts, eq(contacts.id, contactMessages.clientId))
    .where(eq(contactMessages.id, email.messageId));
  if (!message) return { messageId, replyTo: email.replyTo };

  // Those still on their way count too: their Message-ID is already fixed, and a quote sent minutes
  // after the confirmation it follows must not start a thread of its own.
  const sent = await db
    .select({ at: sql<Date>`coalesce(${emailOutbox.sentAt}, ${emailOutbox.createdAt})`, key: emailOutbox.messageKey })
    .from(emailOutbox)
    .innerJoin(contactMessages, eq(contactMessages.id, emailOutbox.messageId))
    .where(
      and(
        eq(contactMessages.clientId, message.clientId),
        inArray(emailOutbox.kind, CONVERSATION_KINDS),
        inArray(emailOutbox.status, ["pending", "sending", "sent", "bounced"]),
        lt(emailOutbox.id, email.id),
      ),
    )
    .orderBy(desc(emailOutbox.id))
    .limit(REFERENCES_KEPT);
  const received = await db
    .select({ at: contactMessages.createdAt, id: contactMessages.emailMessageId })
    .from(contactMessages)
    .where(and(eq(contactMessages.clientId, message.clientId), isNotNull(contactMessages.emailMessageId)))
    .orderBy(desc(contactMessages.createdAt))
    .limit(REFERENCES_KEPT);
  const thread = [
    ...sent.map((row) => ({ at: new Date(row.at).getTime(), id: messageIdOf(row.key, options.domain) })),
    ...received.map((row) => ({ at: row.at.getTime(), id: row.id ?? "" })),
  ]
    .sort((a, b) => a.at - b.at)
    .slice(-REFERENCES_KEPT)
    .map((entry) => entry.id);

  return {
    messageId,
    inReplyTo: message.emailMessageId ?? thread.at(-1),
    references: thread.length > 0 ? thread : undefined,
    replyTo: options.inbound ? conversationAddress(options.inbound, message.token) : email.replyTo,
  };
}
