// The tables of the audit module. Only their owner writes them; other modules read them or call the
// owner's public face (`npm run lint` checks it, docs/architecture.md says why).
import type { AuditAction } from "@app/shared";
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";

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
