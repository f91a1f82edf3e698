import type { ContactSource } from "@app/shared";
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** The products and services a contact request can be about (the spec's 18 titles, seeded). */
export const serviceTypes = pgTable("service_types", {
  id: serial("id").primaryKey(),
  title: text("title").notNull().unique(),
  createdAt: createdAt(),
});

/** A person who wrote to the supplier: one row per email address, whatever its case. */
export const clients = pgTable(
  "clients",
  {
    id: serial("id").primaryKey(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    /** The address as compared: a returning sender is found whatever case they type. */
    emailKey: text("email_key").notNull().generatedAlwaysAs(sql`lower(email)`),
    countryCode: text("country_code").notNull(),
    phone: text("phone").notNull(),
    company: text("company").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("clients_email_key_unique").on(table.emailKey)],
);

export const MESSAGE_STATUSES = ["pendiente", "respondido", "rechazado"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Why a submission waits for review instead of reaching the main list. */
export type ReviewReason = "honeypot" | "too_fast";

/** One contact request: what a client wrote, its state in the CRM and the facts around it. */
export const clientMessages = pgTable(
  "client_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    message: text("message").notNull().default(""),
    status: text("status").$type<MessageStatus>().notNull().default("pendiente"),
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    consentGiven: boolean("consent_given").notNull().default(false),
    consentAt: timestamp("consent_at", { withTimezone: true }),
    privacyNoticeVersion: text("privacy_notice_version"),
    /** Empty for a normal request; otherwise it is kept apart for staff to review. */
    reviewReasons: text("review_reasons").array().$type<ReviewReason[]>().notNull().default(sql`'{}'::text[]`),
    fillTimeMs: integer("fill_time_ms"),
    /** Where the request came from (page, referrer, UTM, what was requested). */
    source: jsonb("source").$type<ContactSource>(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    /** The form's Idempotency-Key: a retried submission finds its first copy instead of a second row. */
    idempotencyKey: text("idempotency_key").unique(),
    requestHash: text("request_hash"),
    createdAt: createdAt(),
  },
  (table) => [
    check("client_messages_status_check", sql`${table.status} in ('pendiente', 'respondido', 'rechazado')`),
    index("client_messages_created_at_idx").on(table.createdAt.desc(), table.id.desc()),
    index("client_messages_client_idx").on(table.clientId, table.createdAt.desc()),
  ],
);

/** The products and services a message asks about, in the order the person chose them. */
export const messageServiceTypes = pgTable(
  "message_service_types",
  {
    messageId: bigint("message_id", { mode: "number" })
      .notNull()
      .references(() => clientMessages.id, { onDelete: "cascade" }),
    serviceTypeId: integer("service_type_id")
      .notNull()
      .references(() => serviceTypes.id),
    position: smallint("position").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.messageId, table.serviceTypeId] }),
    index("message_service_types_service_idx").on(table.serviceTypeId),
  ],
);

export const EMAIL_KINDS = ["staff_notification", "contact_confirmation"] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];
export const EMAIL_STATUSES = ["pending", "sending", "sent", "failed"] as const;
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
    messageId: bigint("message_id", { mode: "number" }).references(() => clientMessages.id, { onDelete: "cascade" }),
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
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    check("email_outbox_status_check", sql`${table.status} in ('pending', 'sending', 'sent', 'failed')`),
    index("email_outbox_due_idx").on(table.nextAttemptAt).where(sql`${table.status} in ('pending', 'sending')`),
    index("email_outbox_message_idx").on(table.messageId),
  ],
);
