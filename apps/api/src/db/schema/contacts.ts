// The tables of the contacts module (people who write in, their messages, stages and notes). Only their owner writes them; other modules read them or call the
// owner's public face (`npm run lint` checks it, docs/architecture.md says why).
import type { ContactSource, SubmittedDetails, TimelineKind } from "@app/shared";
import type {
  AssignmentMode,
  LostReason,
  MessageOrigin,
  MessageStatus,
  ReplyChannel,
  Stage,
} from "@app/shared/constants";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
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
import { users } from "./accounts.ts";
import { createdAt, SMALL_PENDING_LIST } from "./columns.ts";
import { companies } from "./companies.ts";
import { serviceTypes } from "./service-types.ts";

/**
 * What search compares: lower case without accents ("rodriguez" finds "Rodríguez"). `f_unaccent` is
 * an immutable wrapper of unaccent() created by migration 0004, so expressions with it can be indexed.
 */
export const CONTACT_NAME_SEARCH = sql.raw(`f_unaccent(lower(first_name || ' ' || last_name))`);
export const CONTACT_COMPANY_SEARCH = sql.raw("f_unaccent(lower(company))");
export const MESSAGE_SEARCH = sql.raw("f_unaccent(lower(message))");

/**
 * A person who wrote to the supplier: one row per email address, whatever its case. The SQL names
 * (`clients`, `client_messages`, `client_id`) are older than the word `contact` and applied
 * migrations fix them; code says `contacts` here, the one place the two meet (docs/glossary.md).
 */
export const contacts = pgTable(
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
    /** The company as the person typed it; `companyId` is the one staff linked them to. */
    company: text("company").notNull(),
    companyId: integer("company_id").references(() => companies.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When their newest message in the main list arrived (null: none there, e.g. only messages
     * waiting for review). The CRM's list is ordered by it, so it is kept up to date on every change.
     */
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
    /**
     * The contact's current opportunity (its newest open one, else its newest) and, below, a copy of
     * its owner, stage, lost reason, value and version: triggers of migration 0032 keep them, and
     * nothing else writes them (decision 055). The list, its filters and counts read them here.
     */
    opportunityId: integer("opportunity_id").references((): AnyPgColumn => opportunities.id, {
      onDelete: "set null",
    }),
    /** The staff member following this contact up (`Responsable`); null: nobody. */
    ownerId: integer("owner_id").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    stage: text("stage").$type<Stage>().notNull().default("nuevo"),
    stageChangedAt: timestamp("stage_changed_at", { withTimezone: true }),
    lostReason: text("lost_reason").$type<LostReason>(),
    lostNote: text("lost_note"),
    /** The current opportunity's value (`Valor estimado`, or what it was won for), in US cents. */
    wonValueCents: bigint("won_value_cents", { mode: "number" }),
    /** Bumped by each stage or owner change: a change sent with an older one is refused (409). */
    version: integer("version").notNull().default(0),
    /**
     * Names this contact's conversation in the Reply-To of the emails they get (`ventas+<token>@...`),
     * so their answer finds them even from another address. 64 random bits: not guessable, and no
     * two contacts draw the same one in practice (the unique index would refuse it).
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
    // Contacts outside the main list (only messages waiting for review): the few the board's totals,
    // counted over every opportunity, take back out.
    index("clients_unlisted_idx").on(table.id).where(sql`${table.lastMessageAt} is null`),
    // Counts under a stage and a product filter: a stage's contacts in id order, merged with the
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
    index("clients_company_idx").on(table.companyId).where(sql`${table.companyId} is not null`),
    uniqueIndex("clients_reply_token_unique").on(table.replyToken),
    index("clients_last_message_idx")
      .on(table.lastMessageAt.desc(), table.id.desc())
      .where(sql`${table.lastMessageAt} is not null`),
    // Search (accent- and case-insensitive, any part of the text): trigram indexes, migration 0004.
    index("clients_name_trgm").using("gin", sql`${CONTACT_NAME_SEARCH} gin_trgm_ops`).with(SMALL_PENDING_LIST),
    index("clients_company_trgm").using("gin", sql`${CONTACT_COMPANY_SEARCH} gin_trgm_ops`).with(SMALL_PENDING_LIST),
    index("clients_email_trgm").using("gin", sql`${table.emailKey} gin_trgm_ops`).with(SMALL_PENDING_LIST),
    index("clients_phone_trgm").using("gin", sql`${table.phone} gin_trgm_ops`).with(SMALL_PENDING_LIST),
  ],
);

/**
 * A sale in the making with one contact (and their company): where a stage, an owner and an expected
 * value are written (decision 055). A contact may have several over the years; the first one comes
 * with the contact (a trigger of migration 0032).
 */
export const opportunities = pgTable(
  "opportunities",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references((): AnyPgColumn => contacts.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    stage: text("stage").$type<Stage>().notNull().default("nuevo"),
    stageChangedAt: timestamp("stage_changed_at", { withTimezone: true }),
    lostReason: text("lost_reason").$type<LostReason>(),
    lostNote: text("lost_note"),
    /** `Valor estimado` while open, what it was won for once `Ganado`; US cents. */
    valueCents: bigint("value_cents", { mode: "number" }),
    expectedCloseOn: date("expected_close_on", { mode: "string" }),
    createdAt: createdAt(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    /**
     * The board's order: when it was opened, then its contact's last message while it is their
     * current one (migration 0036's trigger), as the contacts list is ordered.
     */
    activityAt: timestamp("activity_at", { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by each change: a change sent with an older one is refused (409). */
    version: integer("version").notNull().default(0),
  },
  (table) => [
    check(
      "opportunities_stage_check",
      sql`${table.stage} in ('nuevo', 'contactado', 'cotizacion', 'negociacion', 'ganado', 'perdido')`,
    ),
    check("opportunities_value_check", sql`${table.valueCents} >= 0`),
    // A contact's opportunities, newest first; the triggers' choice of the current one.
    index("opportunities_client_idx").on(table.clientId, table.id.desc()),
    // A board column (all, or one owner's), newest activity first.
    index("opportunities_stage_idx").on(table.stage, table.activityAt.desc(), table.id.desc()),
    index("opportunities_owner_idx").on(table.ownerId, table.stage, table.activityAt.desc(), table.id.desc()),
    // The board's totals, read from the index alone: by stage and owner, and, under a product
    // filter, a stage's opportunities in client order merged with client_service_types' key
    // (bench/crm: walking the stage and joining each contact took 70 ms at a million messages).
    index("opportunities_counts_idx").on(table.stage, table.ownerId, table.valueCents),
    index("opportunities_stage_client_idx").on(table.stage, table.clientId, table.valueCents),
  ],
);

/** The products an opportunity is about (`Productos de interés`), in the order staff gave them. */
export const opportunityServiceTypes = pgTable(
  "opportunity_service_types",
  {
    opportunityId: integer("opportunity_id")
      .notNull()
      .references(() => opportunities.id, { onDelete: "cascade" }),
    serviceTypeId: integer("service_type_id")
      .notNull()
      .references(() => serviceTypes.id),
    position: smallint("position").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.opportunityId, table.serviceTypeId] }),
    index("opportunity_service_types_service_idx").on(table.serviceTypeId),
  ],
);

/**
 * Why a submission waits for review instead of reaching the main list: the form's spam signs (the
 * honeypot; the form token of decision 046: none sent, not signed by us, or older than a day;
 * `too_fast`, measured by it or by the browser), an email from a stranger, an email in a contact's
 * conversation from another address, and an email only its sender's address ties to a contact,
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

/** One contact request: what a contact wrote, its state in the CRM and the facts around it. */
export const contactMessages = pgTable(
  "client_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
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
      .references(() => contactMessages.id, { onDelete: "cascade" }),
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
 * The products and services each contact asked about in the main list: one row per contact and
 * service with at least one such message (not one kept for review, unless accepted). Derived from
 * the two tables above and kept by triggers of migration 0010 on every write, so the product
 * filter probes one row per contact instead of every message (decision 030).
 */
export const contactServiceTypes = pgTable(
  "client_service_types",
  {
    clientId: integer("client_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    serviceTypeId: integer("service_type_id")
      .notNull()
      .references(() => serviceTypes.id, { onDelete: "cascade" }),
  },
  (table) => [
    // Service first: a product's contacts are one range of the key, and a contact's probe is one lookup.
    primaryKey({ columns: [table.serviceTypeId, table.clientId] }),
    // A contact's services: the board's cards (read from this index alone), and the triggers'
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
      .references(() => contacts.id, { onDelete: "cascade" }),
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

/** Staff's own words about a contact (`Nota interna`): never sent to the contact, edited by their author only. */
export const internalNotes = pgTable(
  "internal_notes",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }),
  },
  (table) => [index("internal_notes_client_idx").on(table.clientId, table.createdAt.desc())],
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

/**
 * When an address last got the contact form's confirmation email (decision 045): at most one a day
 * each, so the form cannot be used to mail a stranger over and over. Keyed by the SHA-256 of the
 * lower-cased address (the row needs no readable address); claimed in the intake's own statement.
 */
export const contactConfirmations = pgTable("contact_confirmations", {
  addressKey: text("address_key").primaryKey(),
  queuedAt: timestamp("queued_at", { withTimezone: true }).notNull(),
});
