// The tables of the kernel below the modules (leases). Only their owner writes them; other modules read them or call the
// owner's public face (`npm run lint` checks it, docs/architecture.md says why).
import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Work one instance at a time does (reading the mailbox): the holder renews its lease while it
 * works; another instance takes over once a lease has run out (its holder stopped or crashed).
 */
export const leases = pgTable("leases", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
