import type { AuditAction, ContactSource, SubmittedDetails, TimelineKind } from "@app/shared";
import type {
  AssignmentMode,
  LostReason,
  MessageOrigin,
  MessageStatus,
  ReplyChannel,
  SiteItemKind,
  StaffRole,
  Stage,
} from "@app/shared/constants";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
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

/**
 * What search compares: lower case without accents ("rodriguez" finds "Rodríguez"). `f_unaccent` is
 * an immutable wrapper of unaccent() created by migration 0004, so expressions with it can be indexed.
 */
export const CLIENT_NAME_SEARCH = sql.raw(`f_unaccent(lower(first_name || ' ' || last_name))`);
export const CLIENT_COMPANY_SEARCH = sql.raw("f_unaccent(lower(company))");
export const MESSAGE_SEARCH = sql.raw("f_unaccent(lower(message))");

/**
 * The trigram indexes collect new entries in a pending list that the insert which fills it merges
 * into the index (PGlite has no autovacuum to do it in the background). At PostgreSQL's default of
 * 4 MB that merge made one contact request in a hundred wait 60-100 ms; lists of 256 kB are merged
 * in a few milliseconds each, and a search reads a shorter unindexed list (decision 027).
 */
const SMALL_PENDING_LIST = { gin_pending_list_limit: 256 };

/** The products and services a contact request can be about (the spec's 18 titles, seeded). */
export const serviceTypes = pgTable("service_types", {
  id: serial("id").primaryKey(),
  title: text("title").notNull().unique(),
  /**
   * Set when the site stopped offering it (its product retired or renamed): gone from the contact
   * form and `GET /api/service-types`; the messages that asked for it keep its title.
   */
  retiredAt: timestamp("retired_at", { withTimezone: true }),
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
    /**
     * When their newest message in the main list arrived (null: none there, e.g. only messages
     * waiting for review). The CRM's list is ordered by it, so it is kept up to date on every change.
     */
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
    /** The staff member following this contact up (`Responsable`); null: nobody. */
    ownerId: integer("owner_id").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    stage: text("stage").$type<Stage>().notNull().default("nuevo"),
    stageChangedAt: timestamp("stage_changed_at", { withTimezone: true }),
    lostReason: text("lost_reason").$type<LostReason>(),
    lostNote: text("lost_note"),
    /** A won contact's estimated value, in US cents. */
    wonValueCents: bigint("won_value_cents", { mode: "number" }),
    /** Bumped by each stage or owner change: a change sent with an older one is refused (409). */
    version: integer("version").notNull().default(0),
    /**
     * Names this client's conversation in the Reply-To of the emails they get (`ventas+<token>@...`),
     * so their answer finds them even from another address. 64 random bits: not guessable, and no
     * two clients draw the same one in practice (the unique index would refuse it).
     */
    replyToken: text("reply_token").notNull().default(sql`substr(md5(gen_random_uuid()::text), 1, 16)`),
  },
  (table) => [
    check(
      "clients_stage_check",
      sql`${table.stage} in ('nuevo', 'contactado', 'cotizacion', 'negociacion', 'ganado', 'perdido')`,
    ),
    // The board's columns and the owner filter, each in the list's order.
    index("clients_stage_idx")
      .on(table.stage, table.lastMessageAt.desc(), table.id.desc())
      .where(sql`${table.lastMessageAt} is not null`),
    // The counts beside the contacts screen's filters and the board's totals, read from the index alone.
    index("clients_pipeline_counts_idx")
      .on(table.stage, table.ownerId, table.wonValueCents)
      .where(sql`${table.lastMessageAt} is not null`),
    // The board's totals under a product filter: a stage's contacts in id order, merged with the
    // product's contacts in client_service_types' key order, from the two indexes alone (bench/crm:
    // a rare stage read clients_pkey and filtered the heap, 55 ms of a 60 ms board at a million).
    index("clients_stage_id_idx")
      .on(table.stage, table.id, table.wonValueCents)
      .where(sql`${table.lastMessageAt} is not null`),
    // The dashboard's 90-day conversion: contacts created since, with their stage.
    index("clients_created_idx").on(table.createdAt, table.stage).where(sql`${table.lastMessageAt} is not null`),
    index("clients_owner_idx")
      .on(table.ownerId, table.lastMessageAt.desc(), table.id.desc())
      .where(sql`${table.lastMessageAt} is not null`),
    uniqueIndex("clients_email_key_unique").on(table.emailKey),
    uniqueIndex("clients_reply_token_unique").on(table.replyToken),
    index("clients_last_message_idx")
      .on(table.lastMessageAt.desc(), table.id.desc())
      .where(sql`${table.lastMessageAt} is not null`),
    // Search (accent- and case-insensitive, any part of the text): trigram indexes, migration 0004.
    index("clients_name_trgm").using("gin", sql`${CLIENT_NAME_SEARCH} gin_trgm_ops`).with(SMALL_PENDING_LIST),
    index("clients_company_trgm").using("gin", sql`${CLIENT_COMPANY_SEARCH} gin_trgm_ops`).with(SMALL_PENDING_LIST),
    index("clients_email_trgm").using("gin", sql`${table.emailKey} gin_trgm_ops`).with(SMALL_PENDING_LIST),
    index("clients_phone_trgm").using("gin", sql`${table.phone} gin_trgm_ops`).with(SMALL_PENDING_LIST),
  ],
);

/**
 * Why a submission waits for review instead of reaching the main list: the form's spam signs (the
 * honeypot; the form token of decision 046: none sent, not signed by us, or older than a day;
 * `too_fast`, measured by it or by the browser), an email from a stranger, an email in a client's
 * conversation from another address, and an email only its sender's address ties to a client,
 * without our mail server vouching for that sender.
 */
export type ReviewReason =
  | "honeypot"
  | "too_fast"
  | "no_token"
  | "forged_token"
  | "stale_token"
  | "unknown_sender"
  | "sender_mismatch"
  | "sender_unverified";

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
    /**
     * A returning sender's details as typed in the form, when they differed from the stored contact
     * (decision 040): the form never changes a known contact; staff copy these over if they want.
     */
    submittedDetails: jsonb("submitted_details").$type<SubmittedDetails>(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    /** The form's Idempotency-Key: a retried submission finds its first copy instead of a second row. */
    idempotencyKey: text("idempotency_key").unique(),
    requestHash: text("request_hash"),
    createdAt: createdAt(),
    origin: text("origin").$type<MessageOrigin>().notNull().default("web"),
    /** The staff member who wrote it (a note) or last edited its text. */
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }),
    repliedBy: integer("replied_by").references(() => users.id, { onDelete: "set null" }),
    /** Why staff declined the request (status rechazado). */
    rejectionReason: text("rejection_reason"),
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }),
    statusChangedBy: integer("status_changed_by").references(() => users.id, { onDelete: "set null" }),
    /** A submission kept for review joins the main list once staff accept it. */
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    /** How the reply went out: by email (the outbox) or by WhatsApp (staff confirmed they sent it). */
    replyChannel: text("reply_channel").$type<ReplyChannel>(),
    /** A received email's Message-ID: a later email answering it names it in In-Reply-To/References. */
    emailMessageId: text("email_message_id"),
    /** A received email's subject. */
    subject: text("subject"),
    /** A received email's sender as its From said: staff see who wrote, whoever the conversation is with. */
    emailFrom: text("email_from"),
    /** The earlier mails a received email quoted below its new text, kept apart and shown folded. */
    quotedText: text("quoted_text"),
  },
  (table) => [
    check("client_messages_status_check", sql`${table.status} in ('pendiente', 'respondido', 'rechazado')`),
    check("client_messages_origin_check", sql`${table.origin} in ('web', 'personal', 'email')`),
    check("client_messages_reply_channel_check", sql`${table.replyChannel} in ('email', 'whatsapp')`),
    index("client_messages_email_message_id_idx")
      .on(table.emailMessageId)
      .where(sql`${table.emailMessageId} is not null`),
    index("client_messages_created_at_idx").on(table.createdAt.desc(), table.id.desc()),
    index("client_messages_client_idx").on(table.clientId, table.createdAt.desc()),
    index("client_messages_search_trgm").using("gin", sql`${MESSAGE_SEARCH} gin_trgm_ops`).with(SMALL_PENDING_LIST),
    index("client_messages_review_idx")
      .on(table.createdAt.desc())
      .where(sql`${table.reviewReasons} <> '{}' and ${table.reviewedAt} is null`),
    index("client_messages_status_idx").on(table.status, table.createdAt.desc()),
    // `Sin respuesta hace más de N días`: unanswered messages of the main list by age, with their client.
    index("client_messages_waiting_idx")
      .on(table.createdAt, table.clientId)
      .where(sql`${table.status} = 'pendiente' and (${table.reviewReasons} = '{}' or ${table.reviewedAt} is not null)`),
    // The dashboard's recent activity: newest replies and status changes.
    index("client_messages_replied_at_idx").on(table.repliedAt.desc()).where(sql`${table.repliedAt} is not null`),
    index("client_messages_status_changed_idx")
      .on(table.statusChangedAt.desc())
      .where(sql`${table.statusChangedAt} is not null`),
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

/**
 * The products and services each client asked about in the main list: one row per client and
 * service with at least one such message (not one kept for review, unless accepted). Derived from
 * the two tables above and kept by triggers of migration 0010 on every write, so the product
 * filter probes one row per client instead of every message (decision 030).
 */
export const clientServiceTypes = pgTable(
  "client_service_types",
  {
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    serviceTypeId: integer("service_type_id")
      .notNull()
      .references(() => serviceTypes.id, { onDelete: "cascade" }),
  },
  (table) => [
    // Service first: a product's clients are one range of the key, and a client's probe is one lookup.
    primaryKey({ columns: [table.serviceTypeId, table.clientId] }),
    // A client's services: the board's cards (read from this index alone), and the triggers'
    // clean-up when messages go.
    index("client_service_types_client_idx").on(table.clientId, table.serviceTypeId),
  ],
);

/**
 * What happened to a contact besides its messages: stage and owner changes, exports, anonymisation.
 * With the messages and replies it makes the contact's timeline. The actor's name is copied so the
 * line outlives the account.
 */
export const contactEvents = pgTable(
  "contact_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    kind: text("kind").$type<TimelineKind>().notNull(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name"),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  },
  (table) => [
    index("contact_events_client_idx").on(table.clientId, table.at.desc(), table.id.desc()),
    // The dashboard: stage changes of the last 90 days, and when each contact became Ganado.
    index("contact_events_stage_at_idx").on(table.at).where(sql`${table.kind} = 'stage_changed'`),
    // `Deshacer` of a bulk change finds its lines by the change's id.
    index("contact_events_bulk_idx").on(sql`(${table.data} ->> 'bulkId')`).where(sql`${table.data} ? 'bulkId'`),
    index("contact_events_won_idx")
      .on(table.clientId, table.at)
      .where(
        sql`${table.kind} = 'stage_changed' and ${table.data}->>'to' = 'ganado' and ${table.data}->>'from' is distinct from 'ganado'`,
      ),
  ],
);

/** A follow-up someone must do for a contact by a given time (`Nueva tarea`). */
export const tasks = pgTable(
  "tasks",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    doneAt: timestamp("done_at", { withTimezone: true }),
    doneBy: integer("done_by").references(() => users.id, { onDelete: "set null" }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** Bumped by each change: a change sent with an older one is refused (409). */
    version: integer("version").notNull().default(0),
  },
  (table) => [
    // `/crm/tareas`: someone's open tasks by due time; a contact's tasks.
    index("tasks_open_owner_idx").on(table.ownerId, table.dueAt).where(sql`${table.doneAt} is null`),
    index("tasks_client_idx").on(table.clientId, table.dueAt),
    // The team's open tasks by due time (`/crm/tareas?de=equipo`): no sort of every open task.
    index("tasks_open_due_idx").on(table.dueAt, table.id).where(sql`${table.doneAt} is null`),
  ],
);

/** Staff's own words about a contact (`Nota interna`): never sent to the client, edited by their author only. */
export const internalNotes = pgTable(
  "internal_notes",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }),
  },
  (table) => [index("internal_notes_client_idx").on(table.clientId, table.createdAt.desc())],
);

/**
 * One row per staff member and day (Ecuador's date) whose task digest was queued, written in the
 * transaction that queues it: a day is never sent twice, by a restart or by a second instance.
 */
export const taskDigests = pgTable(
  "task_digests",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    taskCount: integer("task_count").notNull(),
    queuedAt: timestamp("queued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

/** The administrator's rule for new leads' owner: one row (id 1). */
export const leadAssignment = pgTable(
  "lead_assignment",
  {
    id: integer("id").primaryKey().default(1),
    mode: text("mode").$type<AssignmentMode>().notNull().default("none"),
    /** Round-robin: who got the last lead, so the next goes to the next active staff member. */
    lastOwnerId: integer("last_owner_id").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    version: integer("version").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer("updated_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
  },
  (table) => [
    check("lead_assignment_single_row", sql`${table.id} = 1`),
    check("lead_assignment_mode_check", sql`${table.mode} in ('none', 'round_robin', 'by_product')`),
  ],
);

/** By-product assignment: who takes the leads about each product or service. */
export const productOwners = pgTable("product_owners", {
  serviceTypeId: integer("service_type_id")
    .primaryKey()
    .references(() => serviceTypes.id, { onDelete: "cascade" }),
  userId: integer("user_id")
    .notNull()
    .references((): AnyPgColumn => users.id, { onDelete: "cascade" }),
});

export const EMAIL_KINDS = [
  "staff_notification",
  "contact_confirmation",
  "password_reset",
  "client_reply",
  "owner_assigned",
  "task_digest",
  /** To the contact's owner (or the staff address): the client answered by email. */
  "client_email_received",
  /** To a staff member: a second factor added or removed, a recovery code used, a new device. */
  "security_notice",
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

/**
 * When an address last got the contact form's confirmation email (decision 045): at most one a day
 * each, so the form cannot be used to mail a stranger over and over. Keyed by the SHA-256 of the
 * lower-cased address (the row needs no readable address); claimed in the intake's own statement.
 */
export const contactConfirmations = pgTable("contact_confirmations", {
  addressKey: text("address_key").primaryKey(),
  queuedAt: timestamp("queued_at", { withTimezone: true }).notNull(),
});

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  // PGlite hands back a Uint8Array, node-postgres a Buffer.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

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
      .references(() => clientMessages.id, { onDelete: "cascade" }),
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
    messageId: bigint("message_id", { mode: "number" }).references(() => clientMessages.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    check("inbound_emails_outcome_check", sql`${table.outcome} in ('imported', 'auto_reply', 'bounce', 'set_aside')`),
    uniqueIndex("inbound_emails_uid_unique").on(table.mailbox, table.uidValidity, table.uid),
    index("inbound_emails_message_id_idx").on(table.emailMessageId).where(sql`${table.emailMessageId} is not null`),
  ],
);

/**
 * Work one instance at a time does (reading the mailbox): the holder renews its lease while it
 * works; another instance takes over once a lease has run out (its holder stopped or crashed).
 */
export const leases = pgTable("leases", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** Spanish answers staff pick in the reply editor; `{nombre}` and the other variables are filled in. */
export const replyTemplates = pgTable("reply_templates", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  body: text("body").notNull(),
  createdBy: integer("created_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Taps on a product's `WhatsApp` button, per product and day: no cookie, nothing about the person. */
export const whatsappClicks = pgTable(
  "whatsapp_clicks",
  {
    day: date("day", { mode: "string" }).notNull(),
    product: text("product").notNull(),
    clicks: integer("clicks").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.product] })],
);

/**
 * Who already tapped a product's button today, so each counts once a day: a keyed hash of the
 * visitor's network (never the address), kept only for the day it is about.
 */
export const whatsappClickVisitors = pgTable(
  "whatsapp_click_visitors",
  {
    day: date("day", { mode: "string" }).notNull(),
    product: text("product").notNull(),
    visitor: text("visitor").notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.product, table.visitor] })],
);

/** Staff accounts: who may use the CRM. Usernames are stored in lower case. */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull().unique(),
    displayName: text("display_name").notNull(),
    email: text("email"),
    /** The signature under their replies: name, then these when set. */
    jobTitle: text("job_title"),
    phone: text("phone"),
    whatsapp: text("whatsapp"),
    role: text("role").$type<StaffRole>().notNull().default("personal"),
    active: boolean("active").notNull().default(true),
    passwordHash: text("password_hash").notNull(),
    /** Set with a temporary password: the account may only change it until it does. */
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    /** Access tokens issued before this instant are refused (password change, reset, disabling). */
    tokensValidAfter: timestamp("tokens_valid_after", { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("users_role_check", sql`${table.role} in ('administrador', 'personal', 'editor')`),
    uniqueIndex("users_email_key_unique").on(sql`lower(${table.email})`).where(sql`${table.email} is not null`),
  ],
);

/**
 * One sign-in: the family of its rotating refresh tokens. Access tokens name it (`sid`), so logging
 * out or revoking it ends the session at once, not when the access token expires.
 */
export const authSessions = pgTable(
  "auth_sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    remember: boolean("remember").notNull().default(false),
    /** The end of the session whatever happens (12 h, or 30 days with "Recordarme"). */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedReason: text("revoked_reason"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    /** The browser's device cookie, hashed: a sign-in from a device not seen before is emailed. */
    deviceHash: text("device_hash"),
    /** Last sign-in or token renewal, for `Sesiones activas`. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the person last proved who they are in this session (the sign-in, or the password typed
     * again): changing factors asks for a recent one (decision 035).
     */
    verifiedAt: timestamp("verified_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [index("auth_sessions_user_idx").on(table.userId)],
);

/**
 * An account whose password strangers got wrong too often (decision 039): from then on their
 * attempts wait longer and longer, while the account's own devices sign in as usual. The row says
 * the lock is on until `until` (moved on by every further failure); its start and its end are
 * audited, and the owner is emailed when it starts.
 */
export const accountLocks = pgTable("account_locks", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  lockedAt: timestamp("locked_at", { withTimezone: true }).notNull().defaultNow(),
  until: timestamp("until", { withTimezone: true }).notNull(),
  /** Failed stranger attempts counted so far. */
  failures: integer("failures").notNull(),
});

/** Refresh tokens, stored as SHA-256; each is used once and replaced by the next of its session. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => authSessions.id, { onDelete: "cascade" }),
    /** Idle limit: unused past this, the session must sign in again. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** When it was exchanged for the next one; presenting it again afterwards is reuse. */
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("refresh_tokens_session_idx").on(table.sessionId)],
);

/** Single-use password-reset links (stored as SHA-256), valid for 10 minutes. */
export const passwordResets = pgTable(
  "password_resets",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("password_resets_user_idx").on(table.userId)],
);

/** Who did what to accounts and sessions, when and from where; names are copied so entries outlive accounts. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    action: text("action").$type<AuditAction>().notNull(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorUsername: text("actor_username"),
    targetId: integer("target_id").references(() => users.id, { onDelete: "set null" }),
    targetUsername: text("target_username"),
    ip: text("ip"),
    details: jsonb("details").$type<Record<string, unknown>>(),
  },
  (table) => [index("audit_log_at_idx").on(table.at.desc(), table.id.desc())],
);

/** Settings administrators change while the product runs (e.g. a second factor for everybody). */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<unknown>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
});

/** A staff member's passkeys (WebAuthn credentials; decision 035). */
export const passkeys = pgTable(
  "passkeys",
  {
    /** The credential ID, base64url. */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    publicKey: bytea("public_key").notNull(),
    /** The authenticator's signature counter: one going back means a cloned key. */
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    /** `singleDevice` or `multiDevice` (synced). */
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("passkeys_user_idx").on(table.userId)],
);

/** A staff member's authenticator app (TOTP): the secret encrypted with MFA_ENCRYPTION_KEY. */
export const authenticatorApps = pgTable("authenticator_apps", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  /** Null until a first code confirms that the app has it. */
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  /** The 30-second step of the last code accepted: a code is used once. */
  lastStep: bigint("last_step", { mode: "number" }),
  createdAt: createdAt(),
});

/** Single-use recovery codes, stored as an HMAC keyed with MFA_ENCRYPTION_KEY. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("recovery_codes_user_code_unique").on(table.userId, table.codeHash)],
);

export type AuthChallengePurpose = "second_factor" | "passkey_sign_in" | "passkey_registration" | "reverify";

/**
 * Short-lived, single-use steps of a sign-in: the step between password and second factor (its id
 * the SHA-256 of the step token), and the WebAuthn challenges of a passkey sign-in or registration.
 */
export const authChallenges = pgTable(
  "auth_challenges",
  {
    id: text("id").primaryKey(),
    purpose: text("purpose").$type<AuthChallengePurpose>().notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** The WebAuthn challenge issued under it, base64url. */
    challenge: text("challenge"),
    remember: boolean("remember").notNull().default(false),
    /** Wrong codes so far: the step is locked at SECOND_FACTOR_LIMITS.stepFailures. */
    failures: integer("failures").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check(
      "auth_challenges_purpose_check",
      sql`${table.purpose} in ('second_factor', 'passkey_sign_in', 'passkey_registration', 'reverify')`,
    ),
    index("auth_challenges_expires_idx").on(table.expiresAt),
  ],
);

/**
 * What staff edit of the public site (docs/decisions/037): a product of the catalogue, a service, a
 * testimonial, a question, a partner, the home page's copy, the site's contact details. Content is
 * JSON checked by the kind's schema (`siteContentSchemas`) at every save.
 */
export const siteItems = pgTable(
  "site_items",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").$type<SiteItemKind>().notNull(),
    /** What `Guardar borrador` stored last; what `Publicar` makes public. */
    draft: jsonb("draft").notNull(),
    /** What visitors see: null while never published, or once retired from the site. */
    published: jsonb("published"),
    /** Raised by every save, publish and restore: a change sent with an older one is a 409. */
    version: integer("version").notNull().default(1),
    /** Its place among the items of its kind (the catalogue's order). */
    position: integer("position").notNull().default(0),
    /** A product's service type: the title its contact requests ask for, kept by old leads. */
    serviceTypeId: integer("service_type_id").references(() => serviceTypes.id),
    updatedBy: integer("updated_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    publishedBy: integer("published_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check(
      "site_items_kind_check",
      sql`${table.kind} in ('product', 'service', 'testimonial', 'faq', 'partner', 'landing', 'contact-details')`,
    ),
    index("site_items_kind_position_idx").on(table.kind, table.position),
    // One set of contact details; no two products with one page address, draft or published.
    uniqueIndex("site_items_one_contact_details").on(table.kind).where(sql`${table.kind} = 'contact-details'`),
    uniqueIndex("site_items_one_landing").on(table.kind).where(sql`${table.kind} = 'landing'`),
    uniqueIndex("site_items_product_draft_slug")
      .on(sql`(${table.draft} ->> 'slug')`)
      .where(sql`${table.kind} = 'product'`),
  ],
);

/** Each published version of an item, newest last: the history `Restaurar` picks from. */
export const siteItemVersions = pgTable(
  "site_item_versions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    itemId: integer("item_id")
      .notNull()
      .references(() => siteItems.id, { onDelete: "cascade" }),
    content: jsonb("content").notNull(),
    publishedBy: integer("published_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("site_item_versions_item_idx").on(table.itemId, table.id)],
);

/** A product's old page address, answered with a 301 to its current one. */
export const siteRedirects = pgTable("site_redirects", {
  fromPath: text("from_path").primaryKey(),
  toPath: text("to_path").notNull(),
  createdAt: createdAt(),
});

/**
 * A picture staff uploaded for the site: the original as sent (never served: it may carry the
 * camera's metadata) and its size. Kept in the database like attachments, so every instance and
 * every backup has it.
 */
export const siteImages = pgTable("site_images", {
  id: serial("id").primaryKey(),
  original: bytea("original").notNull(),
  contentType: text("content_type").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  uploadedBy: integer("uploaded_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/** The copies visitors get: without metadata, AVIF and WebP, one per width (`/media/<id>-<width>.<format>`). */
export const siteImageVariants = pgTable(
  "site_image_variants",
  {
    imageId: integer("image_id")
      .notNull()
      .references(() => siteImages.id, { onDelete: "cascade" }),
    format: text("format").$type<"avif" | "webp">().notNull(),
    width: integer("width").notNull(),
    content: bytea("content").notNull(),
  },
  (table) => [primaryKey({ columns: [table.imageId, table.format, table.width] })],
);

/**
 * Changes to stored data that SQL alone cannot make (a phone library's rules), each applied once
 * after the migrations (db/data-migrations.ts).
 */
export const dataMigrations = pgTable("data_migrations", {
  name: text("name").primaryKey(),
  appliedAt: createdAt(),
});
