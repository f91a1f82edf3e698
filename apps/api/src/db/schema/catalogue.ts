// The tables of the catalogue module: the staff's priced catalogue (`Catálogo de precios`). Only
// their owner writes them; other modules read them or call the owner's public face. Prices never
// reach the public site.
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { createdAt } from "./columns.ts";
import { serviceTypes } from "./service-types.ts";

/** The units a presentation's size is given in. */
export const PRESENTATION_UNITS = ["L", "ml", "kg", "g", "unidad"] as const;
export type PresentationUnit = (typeof PRESENTATION_UNITS)[number];

/**
 * One presentation of a product of the site (`Chrysal RVB` in 5 L): its code, size, USD list price
 * (6 decimals, as `@app/shared/money` reads unit prices) and IVA rate. Never deleted once quoted:
 * an inactive one is no longer offered for new quotes.
 */
export const priceItems = pgTable(
  "price_items",
  {
    id: serial("id").primaryKey(),
    serviceTypeId: integer("service_type_id")
      .notNull()
      .references(() => serviceTypes.id),
    code: text("code").notNull(),
    size: numeric("size", { precision: 12, scale: 3 }).notNull(),
    unit: text("unit").$type<PresentationUnit>().notNull(),
    listPrice: numeric("list_price", { precision: 18, scale: 6 }).notNull(),
    ivaPercent: numeric("iva_percent", { precision: 5, scale: 2 }).notNull().default("15"),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    /** Bumped by each change: a change sent with an older one is refused (409). */
    version: integer("version").notNull().default(0),
  },
  (table) => [
    check("price_items_size_check", sql`${table.size} > 0`),
    check("price_items_unit_check", sql`${table.unit} in ('L', 'ml', 'kg', 'g', 'unidad')`),
    check("price_items_price_check", sql`${table.listPrice} >= 0`),
    check("price_items_iva_check", sql`${table.ivaPercent} >= 0 and ${table.ivaPercent} <= 100`),
    uniqueIndex("price_items_code_unique").on(sql`lower(${table.code})`),
    index("price_items_service_idx").on(table.serviceTypeId, table.size),
  ],
);

/** Every change of a presentation's price or IVA rate: who, when, from what to what. */
export const priceChanges = pgTable(
  "price_changes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    priceItemId: integer("price_item_id")
      .notNull()
      .references(() => priceItems.id),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** Copied, so the line outlives the account. */
    actorName: text("actor_name").notNull(),
    /** Null when the presentation was created. */
    oldPrice: numeric("old_price", { precision: 18, scale: 6 }),
    newPrice: numeric("new_price", { precision: 18, scale: 6 }).notNull(),
    oldIvaPercent: numeric("old_iva_percent", { precision: 5, scale: 2 }),
    newIvaPercent: numeric("new_iva_percent", { precision: 5, scale: 2 }).notNull(),
  },
  (table) => [index("price_changes_item_idx").on(table.priceItemId, table.at.desc())],
);
