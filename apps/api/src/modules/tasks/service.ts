import type { NewTaskInput, Task, TaskChangeInput, TaskListQuery } from "@app/shared";
import { TASK_LIMITS } from "@app/shared/constants";
import type { Db } from "../../db/client.ts";
import { fromBusinessTime } from "../../kernel/business-time.ts";
import { VersionConflictError } from "../../kernel/version-conflict.ts";
import { recordAudit } from "../audit/index.ts";
import { type Actor, activeOwner, insertContactEvent, lockPipeline } from "../contacts/index.ts";
import { publishLive } from "../live/index.ts";
import { findTask, insertTask, listTasks, type TaskFields, type TaskRow, updateTask } from "./repo.ts";
import { taskGroup } from "./task-group.ts";

// Follow-up tasks on contacts: created from the contact dialog, listed on /crm/tareas, done and
// undone; each creation and completion is on the contact's timeline, every change in the audit log.

export function toTask(row: TaskRow, now = new Date()): Task {
  return {
    id: row.id,
    clientId: row.clientId,
    clientName: `${row.firstName} ${row.lastName}`.trim(),
    company: row.company,
    title: row.title,
    dueAt: row.dueAt.toISOString(),
    owner: row.ownerId === null ? null : { id: row.ownerId, displayName: row.ownerName ?? "" },
    done: row.doneAt !== null,
    doneAt: row.doneAt?.toISOString() ?? null,
    group: taskGroup(row.dueAt, row.doneAt !== null, now),
    version: row.version,
  };
}

async function ensureOwner(db: Db, ownerId: number | null | undefined) {
  if (ownerId !== null && ownerId !== undefined) await activeOwner(db, ownerId);
}

const audit = (db: Db, action: "task_created" | "task_changed", actor: Actor, details: Record<string, unknown>) =>
  recordAudit(db, { action, actor: actor.staff, ip: actor.ip, details });

/** A new task on contact `clientId`; undefined when there is no such contact. */
export async function createTask(db: Db, clientId: number, input: NewTaskInput, actor: Actor) {
  const ownerId = input.ownerId ?? actor.staff.id;
  await ensureOwner(db, ownerId);
  const dueAt = fromBusinessTime(input.dueAt);
  const id = await db.transaction(async (tx) => {
    if (!(await lockPipeline(tx, clientId))) return undefined;
    const taskId = await insertTask(tx, { clientId, title: input.title, dueAt, ownerId, createdBy: actor.staff.id });
    await insertContactEvent(tx, {
      clientId,
      kind: "task_created",
      actorId: actor.staff.id,
      actorName: actor.staff.displayName,
      data: { taskId, title: input.title, dueAt: dueAt.toISOString() },
    });
    return taskId;
  });
  if (id === undefined) return undefined;
  await audit(db, "task_created", actor, { clientId, taskId: id });
  publishLive(db, { kind: "task_changed", clientId, taskId: id, actorId: actor.staff.id });
  const row = await findTask(db, id);
  return row && toTask(row);
}

/** Done, undone or edited, if still at the version the person saw; undefined when there is no such task. */
export async function changeTask(db: Db, id: number, input: TaskChangeInput, actor: Actor) {
  const before = await findTask(db, id);
  if (!before) return undefined;
  await ensureOwner(db, input.ownerId);
  const fields: TaskFields = {
    ...(input.title === undefined ? {} : { title: input.title }),
    ...(input.dueAt === undefined ? {} : { dueAt: fromBusinessTime(input.dueAt) }),
    ...(input.ownerId === undefined ? {} : { ownerId: input.ownerId }),
    ...(input.done === undefined ? {} : { done: input.done }),
  };
  const wasDone = before.doneAt !== null;
  const changed = await db.transaction(async (tx) => {
    if (!(await updateTask(tx, id, input.version, fields, actor.staff.id))) return false;
    if (input.done !== undefined && input.done !== wasDone) {
      await insertContactEvent(tx, {
        clientId: before.clientId,
        kind: input.done ? "task_done" : "task_reopened",
        actorId: actor.staff.id,
        actorName: actor.staff.displayName,
        data: { taskId: id, title: input.title ?? before.title },
      });
    }
    return true;
  });
  const now = await findTask(db, id);
  if (!now) return undefined;
  if (!changed) throw new VersionConflictError<Task>(toTask(now));
  await audit(db, "task_changed", actor, { clientId: before.clientId, taskId: id, fields: Object.keys(fields) });
  publishLive(db, { kind: "task_changed", clientId: before.clientId, taskId: id, actorId: actor.staff.id });
  return toTask(now);
}

/** `/crm/tareas`: mine, someone's or the team's; open (soonest first) or done (latest first). */
export async function taskList(db: Db, query: TaskListQuery, actor: Actor) {
  const ownerId = query.owner === "me" ? actor.staff.id : query.owner === "all" ? undefined : query.owner;
  const { rows, total } = await listTasks(
    db,
    { ownerId, done: query.status === "done", clientId: query.clientId },
    TASK_LIMITS.list,
  );
  const now = new Date();
  return { tasks: rows.map((row) => toTask(row, now)), total };
}
