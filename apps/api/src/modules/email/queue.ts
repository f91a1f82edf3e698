import { type AnyColumn, and, eq, inArray, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { emailOutbox } from "../../db/schema/index.ts";
import { dbNow } from "../../db/sql-helpers.ts";
import type { OutboxEmail } from "./outbox.ts";

// What other modules do to the outbox, through the email module's face: the outbox table is
// written here only (`npm run lint` holds it), so its states change in one place.

/** An email to queue; `messageId` ties it to the contact request it answers or announces. */
export type QueuedEmail = Omit<OutboxEmail, "replyTo"> & {
  replyTo?: string | null | undefined;
  messageId?: number | undefined;
};

const rowOf = ({ kind, to, replyTo, payload, messageId }: QueuedEmail) => ({
  kind,
  toAddress: to,
  replyTo: replyTo ?? null,
  payload: payload ?? null,
  messageId: messageId ?? null,
});

/** Queues emails in the caller's transaction: they go out only if its change commits. */
export async function queueEmails(db: Db, emails: QueuedEmail[]) {
  if (emails.length === 0) return;
  await db.insert(emailOutbox).values(emails.map(rowOf));
}

/**
 * A common table expression `name` that queues the rows `select` gives, for a change written as one
 * statement (the contact form's batch): its columns are kind, message_id, to_address, reply_to,
 * payload, in that order.
 */
export const queueEmailsStep = (name: string, select: SQL) =>
  sql`${sql.raw(name)} as (
      insert into email_outbox (kind, message_id, to_address, reply_to, payload)
      ${select}
    )`;

/**
 * `Reintentar`: a failed or bounced email goes back to the queue, due now, with its tries counted
 * again from zero. Answers the message it belongs to, or undefined when there is no such email or
 * it is not in a state to retry.
 */
export async function retryEmail(db: Db, id: number) {
  const [row] = await db
    .update(emailOutbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: dbNow(), lastError: null, smtpResponse: null })
    .where(and(eq(emailOutbox.id, id), sql`${emailOutbox.status} in ('failed', 'bounced')`))
    .returning({ messageId: emailOutbox.messageId });
  return row;
}

/** Marks an email that went out (or is going) `Rebotado` with the reason; false if it was in no such state. */
export async function markEmailBounced(db: Db, id: number, reason: string) {
  const [marked] = await db
    .update(emailOutbox)
    .set({ status: "bounced", smtpResponse: reason })
    .where(and(eq(emailOutbox.id, id), inArray(emailOutbox.status, ["sent", "sending"])))
    .returning({ id: emailOutbox.id });
  return marked !== undefined;
}

/**
 * Forgets the emails of these messages (`messageIds`, a subquery) for an anonymised person: the
 * unsent are dropped, the sent keep their date and state with `addressOf(message id)` as the address
 * and no reply-to or contents.
 */
export async function forgetEmailsOf(db: Db, messageIds: SQLWrapper, addressOf: (messageId: AnyColumn) => SQL) {
  await db
    .delete(emailOutbox)
    .where(and(inArray(emailOutbox.status, ["pending", "sending"]), inArray(emailOutbox.messageId, messageIds)));
  await db
    .update(emailOutbox)
    .set({ toAddress: addressOf(emailOutbox.messageId), replyTo: null, payload: null })
    .where(inArray(emailOutbox.messageId, messageIds));
}
