import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { tasks } from "../../db/schema/index.ts";
import { insertContactEvent } from "../contacts/index.ts";

// Tasks the product gives staff by itself (the repeat-order reminder of the sales module): no one
// created them, so the timeline says which rule did.

export type ReminderTask = { clientId: number; title: string; dueAt: Date; ownerId: number | null; rule: string };

/** Adds the task within the caller's transaction; its id. */
export async function addReminderTask(db: Db, task: ReminderTask) {
  const [row] = await db
    .insert(tasks)
    .values({ clientId: task.clientId, title: task.title, dueAt: task.dueAt, ownerId: task.ownerId })
    .returning({ id: tasks.id });
  if (!row) throw new Error("the reminder task was not written");
  await insertContactEvent(db, {
    clientId: task.clientId,
    kind: "task_created",
    actorName: task.rule,
    data: { taskId: row.id, title: task.title, dueAt: task.dueAt.toISOString() },
  });
  return row.id;
}

/** Marks a reminder done because what it waited for happened (the order came): untouched if done already. */
export async function closeReminderTask(db: Db, id: number) {
  await db
    .update(tasks)
    .set({ doneAt: sql`now()`, version: sql`${tasks.version} + 1` })
    .where(and(eq(tasks.id, id), isNull(tasks.doneAt)));
}
