// Writes the demo's follow-up plans (seed-demo-follow-up.ts) for the contacts just inserted: their
// tasks, internal notes and timeline events, with the demo staff's ids and names; and switches the
// lead-assignment rule to round-robin, unless an administrator has already chosen one.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { contactEvents, internalNotes, leadAssignment, tasks } from "../db/schema/index.ts";
import type { FollowUp } from "./seed-demo-follow-up.ts";
import type { DemoStaff } from "./seed-demo-staff.ts";

export type FollowUpCounts = { tasks: number; openTasks: number; notes: number; events: number };

type NewEvent = typeof contactEvents.$inferInsert;

export async function writeFollowUp(
  db: Db,
  input: {
    /** Each plan with the id of its contact (inserted by this run). */
    contacts: { clientId: number; plan: FollowUp }[];
    staff: DemoStaff[];
    lastRuleOwner: number | null;
  },
): Promise<FollowUpCounts> {
  const { staff } = input;
  const member = (index: number) => staff[index] as DemoStaff;
  const actor = (index: number | null) =>
    index === null
      ? { actorId: null, actorName: null }
      : { actorId: member(index).id, actorName: member(index).displayName };
  const counts: FollowUpCounts = { tasks: 0, openTasks: 0, notes: 0, events: 0 };
  const events: NewEvent[] = [];
  const notes: (typeof internalNotes.$inferInsert)[] = [];
  for (const { clientId, plan } of input.contacts) {
    for (const change of plan.changes) {
      const { kind, at } = change;
      if (kind === "owner_changed") {
        const to = change.to === null ? null : member(change.to);
        events.push({
          clientId,
          kind,
          at: new Date(at),
          ...actor(change.actor),
          data: {
            from: change.from === null ? null : member(change.from).id,
            to: to?.id ?? null,
            toName: to?.displayName ?? null,
            ...(change.byRule ? { byRule: true } : {}),
          },
        });
      } else {
        const { actor: by, kind: _, at: __, ...data } = change;
        events.push({ clientId, kind, at: new Date(at), ...actor(by), data });
      }
    }
    // One statement per task: its id goes into the timeline's task events.
    for (const task of plan.tasks) {
      const owner = member(task.owner);
      const [row] = await db
        .insert(tasks)
        .values({
          clientId,
          title: task.title,
          dueAt: new Date(task.dueAt),
          ownerId: owner.id,
          createdBy: owner.id,
          createdAt: new Date(task.createdAt),
          doneAt: task.doneAt === null ? null : new Date(task.doneAt),
          doneBy: task.doneAt === null ? null : owner.id,
          version: task.doneAt === null ? 0 : 1,
        })
        .returning({ id: tasks.id });
      const taskId = row?.id as number;
      const by = actor(task.owner);
      events.push({
        clientId,
        kind: "task_created",
        at: new Date(task.createdAt),
        ...by,
        data: { taskId, title: task.title, dueAt: new Date(task.dueAt).toISOString() },
      });
      if (task.doneAt !== null) {
        events.push({
          clientId,
          kind: "task_done",
          at: new Date(task.doneAt),
          ...by,
          data: { taskId, title: task.title },
        });
      }
      counts.tasks += 1;
      if (task.doneAt === null) counts.openTasks += 1;
    }
    for (const note of plan.notes) {
      const author = member(note.author);
      notes.push({
        clientId,
        authorId: author.id,
        authorName: author.displayName,
        body: note.body,
        createdAt: new Date(note.at),
      });
    }
  }
  if (events.length > 0) await db.insert(contactEvents).values(events);
  if (notes.length > 0) await db.insert(internalNotes).values(notes);
  counts.events = events.length;
  counts.notes = notes.length;

  if (input.contacts.length > 0) {
    // Version 0: nobody has picked a rule yet (an administrator's choice is never overwritten).
    await db
      .update(leadAssignment)
      .set({
        mode: "round_robin",
        lastOwnerId: input.lastRuleOwner === null ? null : member(input.lastRuleOwner).id,
        version: sql`${leadAssignment.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(leadAssignment.id, 1), eq(leadAssignment.version, 0)));
  }
  return counts;
}
