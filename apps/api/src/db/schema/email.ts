// The tables of the email module (the outbox). Only their owner writes them; other modules read them or call the
// owner's public face (`npm run lint` checks it, docs/architecture.md says why).
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { contactMessages } from "./contacts.ts";

export const EMAIL_KINDS = [
  "staff_notification",
  "contact_confirmation",
  "password_reset",
  "client_reply",
  "owner_assigned",
  "task_digest",
  /** To the contact's owner (or the staff address): the contact answered by email. */
  "client_email_received",
  /** To a staff member: a second factor added or removed, a recovery code used, a new device. */
  "security_notice",
  /** To a contact, in their conversation: a quote with its PDF and the links to answer it. */
  "quote_sent",
  /** To the quote's owner: the client accepted or rejected it. */
  "quote_answered",
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];
export const EMAIL_STATUSES = ["pending", "sending", "sent", "failed", "bounced"] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/**
 * Every email the product sends is written here first, in the same statement as what caused it, and
 * a worker renders and delivers it with retries: a mail-server outage delays emails, never loses
 * them. Only the recipients and what to render are stored (the contact emails are built from their
 * message when sent), which keeps the contact form's write small.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").$type<EmailKind>().notNull(),
    messageId: bigint("message_id", { mode: "number" }).references(() => contactMessages.id, { onDelete: "cascade" }),
    toAddress: text("to_address").notNull(),
    replyTo: text("reply_to"),
    /** What the kind's template needs beyond the message, if anything. */
    payload: jsonb("payload").$type<Record<string, unknown>>(),
    /** The subject as sent, for staff to see what went out. */
    subject: text("subject"),
    status: text("status").$type<EmailStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    /** What the mail server answered when it took the email (or the bounce's reason), for staff. */
    smtpResponse: text("smtp_response"),
    /** The email's Message-ID is `<key@domain>`: the same on every attempt, and found again by an answer. */
    messageKey: text("message_key").notNull().default(sql`gen_random_uuid()::text`),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    check("email_outbox_status_check", sql`${table.status} in ('pending', 'sending', 'sent', 'failed', 'bounced')`),
    uniqueIndex("email_outbox_message_key_unique").on(table.messageKey),
    index("email_outbox_due_idx").on(table.nextAttemptAt).where(sql`${table.status} in ('pending', 'sending')`),
    index("email_outbox_message_idx").on(table.messageId),
  ],
);
