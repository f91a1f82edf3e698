import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { contacts, tasks, users } from "../../db/schema/index.ts";
import { ANONYMISED } from "../contacts/index.ts";

// Tasks as stored: read with their contact and owner, created, changed with the version seen.

const owner = alias(users, "owner");

const taskColumns = {
  id: tasks.id,
  clientId: tasks.clientId,
  firstName: contacts.firstName,
  lastName: contacts.lastName,
  company: contacts.company,
  title: tasks.title,
  dueAt: tasks.dueAt,
  ownerId: tasks.ownerId,
  ownerName: owner.displayName,
  doneAt: tasks.doneAt,
  version: tasks.version,
};

export type TaskRow = {
  id: number;
  clientId: number;
  firstName: string;
  lastName: string;
  company: string;
  title: string;
  dueAt: Date;
  ownerId: number | null;
  ownerName: string | null;
  doneAt: Date | null;
  version: number;
};

const selectTasks = (db: Db) =>
  db
    .select(taskColumns)
    .from(tasks)
    .innerJoin(contacts, eq(contacts.id, tasks.clientId))
    .leftJoin(owner, eq(owner.id, tasks.ownerId));

export async function findTask(db: Db, id: number): Promise<TaskRow | undefined> {
  const [row] = await selectTasks(db).where(eq(tasks.id, id));
  return row;
}

export type TaskFilter = { ownerId?: number | undefined; done: boolean; clientId?: number | undefined };

function filterCondition(filter: TaskFilter): SQL | undefined {
  return and(
    filter.done ? isNotNull(tasks.doneAt) : isNull(tasks.doneAt),
    filter.ownerId === undefined ? undefined : eq(tasks.ownerId, filter.ownerId),
    filter.clientId === undefined ? undefined : eq(tasks.clientId, filter.clientId),
  );
}

/** Open tasks soonest first (the overdue on top); done ones latest first. */
export async function listTasks(db: Db, filter: TaskFilter, limit: number) {
  const rows = await selectTasks(db)
    .where(filterCondition(filter))
    .orderBy(filter.done ? desc(tasks.doneAt) : asc(tasks.dueAt), asc(tasks.id))
    .limit(limit);
  const total =
    rows.length < limit
      ? rows.length
      : ((await db.select({ n: count() }).from(tasks).where(filterCondition(filter)))[0]?.n ?? rows.length);
  return { rows, total: Number(total) };
}

export type NewTaskRow = { clientId: number; title: string; dueAt: Date; ownerId: number | null; createdBy: number };

export async function insertTask(db: Db, task: NewTaskRow) {
  const [row] = await db.insert(tasks).values(task).returning({ id: tasks.id });
  return row?.id;
}

export type TaskFields = Partial<{ title: string; dueAt: Date; ownerId: number | null; done: boolean }>;

/** Changes a task if it is still at `version`; false when it moved on (or does not exist). */
export async function updateTask(db: Db, id: number, version: number, fields: TaskFields, staffId: number) {
  const { done, ...details } = fields;
  const rows = await db
    .update(tasks)
    .set({
      ...details,
      ...(done === undefined
        ? {}
        : done
          ? { doneAt: sql`coalesce(${tasks.doneAt}, now())`, doneBy: staffId }
          : { doneAt: null, doneBy: null }),
      version: sql`${tasks.version} + 1`,
    })
    .where(and(eq(tasks.id, id), eq(tasks.version, version)))
    .returning({ id: tasks.id });
  return rows.length > 0;
}

/** Forgets what these contacts' tasks said (an anonymised person): their dates and owners stay. */
export async function anonymiseTasksOf(db: Db, clientIds: number[]) {
  if (clientIds.length === 0) return;
  await db.update(tasks).set({ title: ANONYMISED }).where(inArray(tasks.clientId, clientIds));
}
