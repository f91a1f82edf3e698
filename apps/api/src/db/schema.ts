import { pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** The products and services a contact request can be about (the spec's 18 titles, seeded). */
export const serviceTypes = pgTable("service_types", {
  id: serial("id").primaryKey(),
  title: text("title").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
