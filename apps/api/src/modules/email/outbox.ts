import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import type { EmailKind } from "../../db/schema.ts";

/** An email to queue, written into the same statement as its cause: who gets it and what to render. */
export type OutboxEmail = {
  kind: EmailKind;
  to: string;
  replyTo?: string | undefined;
  payload?: Record<string, unknown> | undefined;
};

/** A queued email leased to a worker for sending. */
export type ClaimedEmail = OutboxEmail & { id: number; messageId: number | undefined; attempts: number };

/** After this many failed attempts (about a day of backoff) an email is marked failed for staff to see. */
export const MAX_EMAIL_ATTEMPTS = 12;

/** While one worker sends an email, others leave it alone; after this, a crashed worker's email is retried. */
const LEASE_SECONDS = 120;

type Row = {
  id: number | string;
  kind: EmailKind;
  message_id: number | string | null;
  to_address: string;
  reply_to: string | null;
  payload: Record<string, unknown> | null;
  attempts: number;
};

/**
 * Takes up to `limit` due emails and leases them to the caller. SKIP LOCKED lets several instances
 * share one outbox without sending an email twice.
 */
export async function claimDueEmails(db: Db, limit: number): Promise<ClaimedEmail[]> {
  const rows = await queryRows<Row>(
    db,
    sql`
    update email_outbox
       set status = 'sending',
           attempts = attempts + 1,
           next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
     where id in (
       select id from email_outbox
        where status in ('pending', 'sending') and next_attempt_at <= now()
        order by next_attempt_at
        limit ${limit}
        for update skip locked)
    returning id, kind, message_id, to_address, reply_to, payload, attempts`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    messageId: row.message_id === null ? undefined : Number(row.message_id),
    to: row.to_address,
    replyTo: row.reply_to ?? undefined,
    payload: row.payload ?? undefined,
    attempts: row.attempts,
  }));
}

export async function markEmailSent(db: Db, id: number, subject: string) {
  await db.execute(sql`
    update email_outbox
       set status = 'sent', subject = ${subject}, sent_at = now(), last_error = null,
           -- A sent reset link is not kept: the table must not hold a usable token.
           payload = case when kind = 'password_reset' then null else payload end
     where id = ${id}`);
}

/** Exponential backoff with jitter: base, 2x, 4x... capped at an hour. */
export function retryDelayMs(attempts: number, baseMs: number, random = Math.random) {
  const delay = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 3_600_000);
  return Math.round(delay * (0.8 + 0.4 * random()));
}

export async function markEmailFailed(db: Db, email: ClaimedEmail, error: string, retryBaseMs: number) {
  const final = email.attempts >= MAX_EMAIL_ATTEMPTS;
  const delayMs = retryDelayMs(email.attempts, retryBaseMs);
  await db.execute(sql`
    update email_outbox
       set status = ${final ? "failed" : "pending"},
           next_attempt_at = now() + make_interval(secs => ${delayMs / 1000}),
           last_error = ${error.slice(0, 1000)}
     where id = ${email.id}`);
}
