// The tables of the tasks module. Only their owner writes them; other modules read them or call the
// owner's public face (`npm run lint` checks it, docs/architecture.md says why).
import { sql } from "drizzle-orm";
import { date, index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { createdAt } from "./columns.ts";
import { contacts } from "./contacts.ts";

/** A follow-up someone must do for a contact by a given time (`Nueva tarea`). */
export const tasks = pgTable(
  "tasks",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    doneAt: timestamp("done_at", { withTimezone: true }),
    doneBy: integer("done_by").references(() => users.id, { onDelete: "set null" }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** Bumped by each change: a change sent with an older one is refused (409). */
    version: integer("version").notNull().default(0),
  },
  (table) => [
    // `/crm/tareas`: someone's open tasks by due time; a contact's tasks.
    index("tasks_open_owner_idx").on(table.ownerId, table.dueAt).where(sql`${table.doneAt} is null`),
    index("tasks_client_idx").on(table.clientId, table.dueAt),
    // The team's open tasks by due time (`/crm/tareas?de=equipo`): no sort of every open task.
    index("tasks_open_due_idx").on(table.dueAt, table.id).where(sql`${table.doneAt} is null`),
  ],
);

/**
 * One row per staff member and day (Ecuador's date) whose task digest was queued, written in the
 * transaction that queues it: a day is never sent twice, by a restart or by a second instance.
 */
export const taskDigests = pgTable(
  "task_digests",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    taskCount: integer("task_count").notNull(),
    queuedAt: timestamp("queued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);
