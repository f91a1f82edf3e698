import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type EmailKind, emailOutbox } from "../../db/schema/index.ts";
import { dbNow } from "../../db/sql-helpers.ts";

/** An email to queue, written into the same statement as its cause: who gets it and what to render. */
export type OutboxEmail = {
  kind: EmailKind;
  to: string;
  replyTo?: string | undefined;
  payload?: Record<string, unknown> | undefined;
};

/** A queued email leased to a worker for sending. */
export type ClaimedEmail = OutboxEmail & {
  id: number;
  messageId: number | undefined;
  attempts: number;
  /** Makes the email's Message-ID, the same on every attempt. */
  messageKey: string;
};

/** After this many failed attempts (about a day of backoff) an email is marked failed for staff to see. */
export const MAX_EMAIL_ATTEMPTS = 12;

/** While one worker sends an email, others leave it alone; after this, a crashed worker's email is retried. */
const LEASE_SECONDS = 120;

/** `now()` plus some seconds, on the database's clock. */
const secondsFromNow = (seconds: number) => sql<Date>`${dbNow()} + make_interval(secs => ${seconds})`;

/**
 * Takes up to `limit` due emails and leases them to the caller. SKIP LOCKED lets several instances
 * share one outbox without sending an email twice.
 */
export async function claimDueEmails(db: Db, limit: number): Promise<ClaimedEmail[]> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    // Written as the predicate of the partial index email_outbox_due_idx, so the planner can use it.
    .where(and(sql`${emailOutbox.status} in ('pending', 'sending')`, lte(emailOutbox.nextAttemptAt, dbNow())))
    .orderBy(asc(emailOutbox.nextAttemptAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  const rows = await db
    .update(emailOutbox)
    .set({
      status: "sending",
      attempts: sql`${emailOutbox.attempts} + 1`,
      nextAttemptAt: secondsFromNow(LEASE_SECONDS),
    })
    .where(inArray(emailOutbox.id, due))
    .returning({
      id: emailOutbox.id,
      kind: emailOutbox.kind,
      messageId: emailOutbox.messageId,
      to: emailOutbox.toAddress,
      replyTo: emailOutbox.replyTo,
      payload: emailOutbox.payload,
      attempts: emailOutbox.attempts,
      messageKey: emailOutbox.messageKey,
    });
  return rows.map((row) => ({
    ...row,
    messageId: row.messageId ?? undefined,
    replyTo: row.replyTo ?? undefined,
    payload: row.payload ?? undefined,
  }));
}

export async function markEmailSent(db: Db, id: number, subject: string, smtpResponse: string | undefined) {
  await db
    .update(emailOutbox)
    .set({
      status: "sent",
      subject,
      sentAt: dbNow(),
      lastError: null,
      smtpResponse: smtpResponse?.slice(0, 1000) ?? null,
    })
    .where(eq(emailOutbox.id, id));
}

/** Exponential backoff with jitter: base, 2x, 4x... capped at an hour. */
export function retryDelayMs(attempts: number, baseMs: number, random = Math.random) {
  const delay = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 3_600_000);
  return Math.round(delay * (0.8 + 0.4 * random()));
}

export async function markEmailFailed(db: Db, email: ClaimedEmail, error: string, retryBaseMs: number) {
  const final = email.attempts >= MAX_EMAIL_ATTEMPTS;
  const delayMs = retryDelayMs(email.attempts, retryBaseMs);
  await db
    .update(emailOutbox)
    .set({
      status: final ? "failed" : "pending",
      nextAttemptAt: secondsFromNow(delayMs / 1000),
      lastError: error.slice(0, 1000),
    })
    .where(eq(emailOutbox.id, email.id));
}
