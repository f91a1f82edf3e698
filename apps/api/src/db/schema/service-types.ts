// The tables of the service-types module. Only their owner writes them; other modules read them or call the
// owner's public face (`npm run lint` checks it, docs/architecture.md says why).
import { pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";

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
