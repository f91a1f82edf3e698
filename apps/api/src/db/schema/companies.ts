// The tables of the companies module (the farms and exporters that buy). Only their owner writes
// them; other modules read them or call the owner's public face (`npm run lint` checks it).
import { sql } from "drizzle-orm";
import { check, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { createdAt, SMALL_PENDING_LIST } from "./columns.ts";

/** What company search and the form's suggestions compare: lower case without accents. */
export const COMPANY_NAME_SEARCH = sql.raw("f_unaccent(lower(name))");

/**
 * A buyer: a flower farm (finca) or an exporter, with its RUC and what staff know of it. Its people
 * are the contacts whose `company_id` names it (decision 055).
 */
export const companies = pgTable(
  "companies",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** 13 digits with a valid check digit (`@app/shared/ruc`); null while nobody has it. */
    ruc: text("ruc"),
    province: text("province").notNull().default(""),
    canton: text("canton").notNull().default(""),
    address: text("address").notNull().default(""),
    hectares: numeric("hectares", { precision: 8, scale: 2 }),
    /** Main varieties grown, as staff write them ("Freedom, Explorer, Mondial"). */
    varieties: text("varieties").notNull().default(""),
    stemsPerWeek: integer("stems_per_week"),
    /** Where it ships ("Estados Unidos, Rusia, Países Bajos"). */
    markets: text("markets").notNull().default(""),
    notes: text("notes").notNull().default(""),
    createdAt: createdAt(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by each change: a change sent with an older one is refused (409). */
    version: integer("version").notNull().default(0),
  },
  (table) => [
    check("companies_ruc_check", sql`${table.ruc} ~ '^[0-9]{13}$'`),
    check("companies_hectares_check", sql`${table.hectares} >= 0`),
    check("companies_stems_check", sql`${table.stemsPerWeek} >= 0`),
    uniqueIndex("companies_ruc_unique").on(table.ruc),
    index("companies_name_idx").on(sql`${COMPANY_NAME_SEARCH}`, table.id),
    index("companies_name_trgm").using("gin", sql`${COMPANY_NAME_SEARCH} gin_trgm_ops`).with(SMALL_PENDING_LIST),
  ],
);
