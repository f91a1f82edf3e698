// The tables of the whatsapp-clicks module. Only their owner writes them; other modules read them or call the
// owner's public face (`npm run lint` checks it, docs/architecture.md says why).
import { date, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

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
