// The tables of the database set-up below the modules (data migrations). Only their owner writes them; other modules read them or call the
// owner's public face (`npm run lint` checks it, docs/architecture.md says why).
import { pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";

/**
 * Changes to stored data that SQL alone cannot make (a phone library's rules), each applied once
 * after the migrations (db/data-migrations.ts).
 */
export const dataMigrations = pgTable("data_migrations", {
  name: text("name").primaryKey(),
  appliedAt: createdAt(),
});
