// The tables of the inbound module (the shared mailbox). Only their owner writes them; other modules read them or call the
// owner's public face (`npm run lint` checks it, docs/architecture.md says why).
import { sql } from "drizzle-orm";
import { bigint, bigserial, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { bytea, createdAt } from "./columns.ts";
import { contactMessages } from "./contacts.ts";

/**
 * A file that came with a received email (a photo of a crop, a purchase order). Kept in the database
 * so every instance and every backup has it (decision 034); one bigger than the limit is listed
 * with the reason and without its content.
 */
export const messageAttachments = pgTable(
  "message_attachments",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    messageId: bigint("message_id", { mode: "number" })
      .notNull()
      .references(() => contactMessages.id, { onDelete: "cascade" }),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    content: bytea("content"),
    /** Why the content was not kept (too big), or null. */
    skippedReason: text("skipped_reason"),
    createdAt: createdAt(),
  },
  (table) => [index("message_attachments_message_idx").on(table.messageId)],
);

/** What became of each email read from the shared mailbox (`IMAP_URL`). */
export type InboundOutcome = "imported" | "auto_reply" | "bounce" | "set_aside";

/**
 * The ledger of the mailbox: one row per email read, written in the same transaction as the message
 * it became. The unique key makes an email imported once, whatever crashes or runs twice, and the
 * highest UID of the mailbox's current UIDVALIDITY is where reading resumes.
 */
export const inboundEmails = pgTable(
  "inbound_emails",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    mailbox: text("mailbox").notNull(),
    uidValidity: bigint("uid_validity", { mode: "number" }).notNull(),
    uid: bigint("uid", { mode: "number" }).notNull(),
    emailMessageId: text("email_message_id"),
    fromAddress: text("from_address"),
    subject: text("subject"),
    size: integer("size"),
    outcome: text("outcome").$type<InboundOutcome>().notNull(),
    /** Why it was set aside or what it was recognised as (in Spanish, for staff). */
    reason: text("reason"),
    messageId: bigint("message_id", { mode: "number" }).references(() => contactMessages.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    check("inbound_emails_outcome_check", sql`${table.outcome} in ('imported', 'auto_reply', 'bounce', 'set_aside')`),
    uniqueIndex("inbound_emails_uid_unique").on(table.mailbox, table.uidValidity, table.uid),
    index("inbound_emails_message_id_idx").on(table.emailMessageId).where(sql`${table.emailMessageId} is not null`),
  ],
);
