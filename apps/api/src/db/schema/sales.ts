// The tables of the sales module: quotes (`Cotizaciones`) and orders (`Pedidos`). Only their owner
// writes them; other modules read them or call the owner's public face. Amounts are whole US cents;
// quantities, unit prices and percentages are exact decimals (`@app/shared/money`).
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { priceItems } from "./catalogue.ts";
import { createdAt } from "./columns.ts";
import { companies } from "./companies.ts";
import { contacts, opportunities } from "./contacts.ts";
import { tasks } from "./tasks.ts";

export type QuoteState = "borrador" | "enviada" | "aceptada" | "rechazada" | "vencida";
export type OrderState = "confirmado" | "despachado" | "entregado" | "cancelado";
export type PaymentTerms = "contado" | "credito_30" | "credito_60";
export type DocumentKind = "COT" | "PED";

/**
 * The last number given to each kind of document in each year: issuing one takes the row's lock
 * and the next number in the issuing transaction, so numbers have no gaps and no duplicates however
 * many people issue at once (a rolled-back issue gives its number back).
 */
export const documentNumbers = pgTable(
  "document_numbers",
  {
    kind: text("kind").$type<DocumentKind>().notNull(),
    year: smallint("year").notNull(),
    last: integer("last").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.year] }),
    check("document_numbers_kind_check", sql`${table.kind} in ('COT', 'PED')`),
  ],
);

/** Totals every quote and order carries, computed from its lines by `documentTotals`. */
const totals = () => ({
  grossCents: bigint("gross_cents", { mode: "number" }).notNull().default(0),
  discountCents: bigint("discount_cents", { mode: "number" }).notNull().default(0),
  subtotalCents: bigint("subtotal_cents", { mode: "number" }).notNull().default(0),
  ivaCents: bigint("iva_cents", { mode: "number" }).notNull().default(0),
  totalCents: bigint("total_cents", { mode: "number" }).notNull().default(0),
});

/** A quote for one opportunity: a draft until issued (`COT-<year>-<n>`), then sent and answered. */
export const quotes = pgTable(
  "quotes",
  {
    id: serial("id").primaryKey(),
    opportunityId: integer("opportunity_id")
      .notNull()
      .references(() => opportunities.id, { onDelete: "cascade" }),
    clientId: integer("client_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    companyId: integer("company_id").references(() => companies.id, { onDelete: "set null" }),
    /** `COT-2026-17`; null while a draft. */
    number: text("number"),
    state: text("state").$type<QuoteState>().notNull().default("borrador"),
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    paymentTerms: text("payment_terms").$type<PaymentTerms>().notNull().default("contado"),
    deliveryNotes: text("delivery_notes").notNull().default(""),
    ...totals(),
    /** Who makes the offer and signs it; the name is copied so the document outlives the account. */
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    ownerName: text("owner_name").notNull(),
    /** Random, part of what the email's links sign: a new one retires the links of an earlier email. */
    linkKey: text("link_key").notNull().default(sql`md5(gen_random_uuid()::text)`),
    issuedAt: timestamp("issued_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by each change: a change sent with an older one is refused (409). */
    version: integer("version").notNull().default(0),
  },
  (table) => [
    check("quotes_state_check", sql`${table.state} in ('borrador', 'enviada', 'aceptada', 'rechazada', 'vencida')`),
    check("quotes_terms_check", sql`${table.paymentTerms} in ('contado', 'credito_30', 'credito_60')`),
    check("quotes_number_check", sql`(${table.number} is null) = (${table.state} = 'borrador')`),
    uniqueIndex("quotes_number_unique").on(table.number),
    // `/crm/cotizaciones`: newest first, and by state.
    index("quotes_created_idx").on(table.createdAt.desc(), table.id.desc()),
    index("quotes_state_idx").on(table.state, table.createdAt.desc(), table.id.desc()),
    index("quotes_opportunity_idx").on(table.opportunityId, table.id.desc()),
    index("quotes_client_idx").on(table.clientId, table.id.desc()),
    index("quotes_company_idx").on(table.companyId, table.id.desc()).where(sql`${table.companyId} is not null`),
  ],
);

/** Columns every line of a quote or an order has, in its document's order. */
const lineColumns = () => ({
  position: smallint("position").notNull(),
  priceItemId: integer("price_item_id")
    .notNull()
    .references(() => priceItems.id),
  /** The product and presentation as printed (`Chrysal RVB · 5 L`), copied when the line is written. */
  description: text("description").notNull(),
  quantity: numeric("quantity", { precision: 14, scale: 2 }).notNull(),
  unitPrice: numeric("unit_price", { precision: 18, scale: 6 }).notNull(),
  discountPercent: numeric("discount_percent", { precision: 5, scale: 2 }).notNull().default("0"),
  ivaPercent: numeric("iva_percent", { precision: 5, scale: 2 }).notNull(),
  subtotalCents: bigint("subtotal_cents", { mode: "number" }).notNull(),
});

export const quoteLines = pgTable(
  "quote_lines",
  {
    id: serial("id").primaryKey(),
    quoteId: integer("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    ...lineColumns(),
  },
  (table) => [
    uniqueIndex("quote_lines_position_unique").on(table.quoteId, table.position),
    check("quote_lines_quantity_check", sql`${table.quantity} > 0`),
    check("quote_lines_price_check", sql`${table.unitPrice} >= 0`),
    check("quote_lines_discount_check", sql`${table.discountPercent} >= 0 and ${table.discountPercent} <= 100`),
    index("quote_lines_item_idx").on(table.priceItemId),
  ],
);

/** An order: from an accepted quote, or made by staff; numbered `PED-<year>-<n>` when created. */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    number: text("number").notNull(),
    opportunityId: integer("opportunity_id")
      .notNull()
      .references(() => opportunities.id, { onDelete: "cascade" }),
    clientId: integer("client_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    companyId: integer("company_id").references(() => companies.id, { onDelete: "set null" }),
    /** The quote it came from, if any: one order per quote. */
    quoteId: integer("quote_id").references(() => quotes.id, { onDelete: "set null" }),
    state: text("state").$type<OrderState>().notNull().default("confirmado"),
    deliveryOn: date("delivery_on", { mode: "string" }),
    paymentTerms: text("payment_terms").$type<PaymentTerms>().notNull().default("contado"),
    notes: text("notes").notNull().default(""),
    ...totals(),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    version: integer("version").notNull().default(0),
  },
  (table) => [
    check("orders_state_check", sql`${table.state} in ('confirmado', 'despachado', 'entregado', 'cancelado')`),
    check("orders_terms_check", sql`${table.paymentTerms} in ('contado', 'credito_30', 'credito_60')`),
    uniqueIndex("orders_number_unique").on(table.number),
    uniqueIndex("orders_quote_unique").on(table.quoteId),
    index("orders_created_idx").on(table.createdAt.desc(), table.id.desc()),
    index("orders_state_idx").on(table.state, table.createdAt.desc(), table.id.desc()),
    index("orders_client_idx").on(table.clientId, table.createdAt.desc()),
    index("orders_company_idx").on(table.companyId, table.createdAt.desc()).where(sql`${table.companyId} is not null`),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    ...lineColumns(),
  },
  (table) => [
    uniqueIndex("order_lines_position_unique").on(table.orderId, table.position),
    check("order_lines_quantity_check", sql`${table.quantity} > 0`),
    check("order_lines_price_check", sql`${table.unitPrice} >= 0`),
    check("order_lines_discount_check", sql`${table.discountPercent} >= 0 and ${table.discountPercent} <= 100`),
    index("order_lines_item_idx").on(table.priceItemId),
  ],
);

/**
 * The next order a buyer is expected to place, from its own order history (decision 056), and the
 * task that reminds its owner ahead of it: one row per buyer (its company, or the contact when it
 * has none), replaced by each new order.
 */
export const repeatReminders = pgTable(
  "repeat_reminders",
  {
    /** `company:<id>` or `client:<id>`. */
    buyerKey: text("buyer_key").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    expectedOn: date("expected_on", { mode: "string" }).notNull(),
    /** Days between orders the expectation used, and how many orders it came from. */
    gapDays: integer("gap_days").notNull(),
    ordersCounted: integer("orders_counted").notNull(),
    remindOn: date("remind_on", { mode: "string" }).notNull(),
    taskId: integer("task_id").references(() => tasks.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [index("repeat_reminders_order_idx").on(table.orderId)],
);
