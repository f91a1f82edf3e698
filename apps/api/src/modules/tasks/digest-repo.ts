import { and, asc, count, eq, isNotNull, isNull, lt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contacts, taskDigests, tasks, users } from "../../db/schema/index.ts";
import { queueEmails } from "../email/index.ts";

// The queries of the morning task digest: who has tasks due, the per-day record, the email's list.

const openAndDueBy = (end: Date) => and(isNull(tasks.doneAt), lt(tasks.dueAt, end));

/** Whether any staff member's digest was queued for `day` already (by any instance, before any restart). */
export async function digestsQueuedFor(db: Db, day: string) {
  const [row] = await db.select({ day: taskDigests.day }).from(taskDigests).where(eq(taskDigests.day, day)).limit(1);
  return row !== undefined;
}

/** Active staff with an email and open tasks of theirs due before `end`, with how many. */
export async function staffWithTasksDue(db: Db, end: Date) {
  const rows = await db
    .select({ userId: users.id, email: users.email, taskCount: count() })
    .from(tasks)
    .innerJoin(users, eq(users.id, tasks.ownerId))
    .where(and(openAndDueBy(end), eq(users.active, true), isNotNull(users.email)))
    .groupBy(users.id, users.email);
  return rows.flatMap((row) => (row.email ? [{ ...row, email: row.email, taskCount: Number(row.taskCount) }] : []));
}

/** Records the day's digests; answers the staff whose row is new (the others had theirs already). */
export async function recordDigests(db: Db, day: string, staff: { userId: number; taskCount: number }[]) {
  if (staff.length === 0) return [];
  const rows = await db
    .insert(taskDigests)
    .values(staff.map(({ userId, taskCount }) => ({ userId, day, taskCount })))
    .onConflictDoNothing()
    .returning({ userId: taskDigests.userId });
  return rows.map((row) => row.userId);
}

export async function queueDigestEmails(db: Db, emails: { to: string; userId: number; day: string; at: Date }[]) {
  if (emails.length === 0) return;
  await queueEmails(
    db,
    emails.map(({ to, userId, day, at }) => ({
      kind: "task_digest" as const,
      to,
      payload: { userId, day, at: at.toISOString() },
    })),
  );
}

/** The digest's tasks as the email shows them: soonest (most overdue) first, at most `limit`. */
export async function digestTasks(db: Db, userId: number, end: Date, limit: number) {
  const where = and(openAndDueBy(end), eq(tasks.ownerId, userId));
  const rows = await db
    .select({
      clientId: tasks.clientId,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      company: contacts.company,
      title: tasks.title,
      dueAt: tasks.dueAt,
    })
    .from(tasks)
    .innerJoin(contacts, eq(contacts.id, tasks.clientId))
    .where(where)
    .orderBy(asc(tasks.dueAt), asc(tasks.id))
    .limit(limit);
  const total =
    rows.length < limit ? rows.length : Number((await db.select({ n: count() }).from(tasks).where(where))[0]?.n ?? 0);
  return { rows, total };
}

export type DigestTaskRow = Awaited<ReturnType<typeof digestTasks>>["rows"][number];
