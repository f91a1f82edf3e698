import type { ContactEmails } from "@app/shared";
import { and, asc, desc, eq, inArray, isNotNull, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contactMessages, emailOutbox, messageAttachments } from "../../db/schema/index.ts";
import { byteaOf } from "../../db/sql-helpers.ts";

/**
 * The email side of a contact's messages: the received emails' sender, subject, quoted history and files,
 * and the newest reply email of each message with its delivery. Read when the contact dialog opens,
 * so the list of contacts does not pay for it.
 */
export async function contactEmails(db: Db, clientId: number): Promise<Omit<ContactEmails, "canReplyByEmail">> {
  const messages = await db
    .select({
      id: contactMessages.id,
      from: contactMessages.emailFrom,
      subject: contactMessages.subject,
      quotedText: contactMessages.quotedText,
    })
    .from(contactMessages)
    .where(
      and(
        eq(contactMessages.clientId, clientId),
        or(eq(contactMessages.origin, "email"), isNotNull(contactMessages.reply)),
      ),
    )
    .orderBy(desc(contactMessages.createdAt));
  if (messages.length === 0) return { messages: [] };
  const ids = messages.map((message) => message.id);
  const files = await db
    .select({
      id: messageAttachments.id,
      messageId: messageAttachments.messageId,
      filename: messageAttachments.filename,
      contentType: messageAttachments.contentType,
      size: messageAttachments.size,
      skippedReason: messageAttachments.skippedReason,
    })
    .from(messageAttachments)
    .where(inArray(messageAttachments.messageId, ids))
    .orderBy(asc(messageAttachments.id));
  const replies = await db
    .selectDistinctOn([emailOutbox.messageId], {
      id: emailOutbox.id,
      messageId: emailOutbox.messageId,
      status: emailOutbox.status,
      attempts: emailOutbox.attempts,
      smtpResponse: emailOutbox.smtpResponse,
      lastError: emailOutbox.lastError,
      sentAt: emailOutbox.sentAt,
    })
    .from(emailOutbox)
    .where(and(inArray(emailOutbox.messageId, ids), eq(emailOutbox.kind, "client_reply")))
    .orderBy(emailOutbox.messageId, desc(emailOutbox.id));
  return {
    messages: messages.map((message) => {
      const reply = replies.find((row) => row.messageId === message.id);
      return {
        messageId: message.id,
        from: message.from,
        subject: message.subject,
        quotedText: message.quotedText,
        attachments: files.filter((file) => file.messageId === message.id).map(({ messageId: _, ...file }) => file),
        replyDelivery: reply
          ? {
              id: reply.id,
              status: reply.status,
              attempts: reply.attempts,
              // A bounce's reason is kept as the server's answer; a failure's is the last error.
              serverAnswer:
                reply.status === "failed" || reply.status === "pending"
                  ? (reply.lastError ?? reply.smtpResponse)
                  : (reply.smtpResponse ?? reply.lastError),
              sentAt: reply.sentAt?.toISOString() ?? null,
            }
          : null,
      };
    }),
  };
}

/** A received file, for download; undefined when unknown or not kept. */
export async function findAttachment(db: Db, id: number) {
  const [row] = await db
    .select({
      filename: messageAttachments.filename,
      contentType: messageAttachments.contentType,
      content: byteaOf(messageAttachments.content),
    })
    .from(messageAttachments)
    .where(eq(messageAttachments.id, id));
  return row?.content ? { ...row, content: row.content } : undefined;
}
