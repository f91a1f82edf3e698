import { z } from "zod";
import { TASK_MESSAGES as M, TASK_GROUPS, TASK_LIMITS } from "../task-rules.ts";
import { longText } from "./common.ts";

// Follow-up tasks on a contact and staff's internal notes (issue 13).

const staffId = z.number().int().min(1).max(2_147_483_647);
const version = z.number().int().min(0).max(2_147_483_647);

/**
 * A due time as the person picks it (an `<input type="datetime-local">`): a wall-clock time in
 * Ecuador (America/Guayaquil), `2026-12-01T09:30`. It must exist on the calendar.
 */
export const localDateTimeField = z
  .string({ error: M.dueRequired })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: M.dueInvalid })
  .refine(
    (text) => {
      const [date = "", time = ""] = text.split("T");
      const [year = 0, month = 0, day = 0] = date.split("-").map(Number);
      const [hour = 0, minute = 0] = time.split(":").map(Number);
      const probe = new Date(Date.UTC(year, month - 1, day, hour, minute));
      return (
        year >= 2000 &&
        year <= 2100 &&
        probe.getUTCMonth() === month - 1 &&
        probe.getUTCDate() === day &&
        hour < 24 &&
        minute < 60
      );
    },
    { error: M.dueInvalid },
  );

/** `POST /api/clients/:id/tasks`: the owner defaults to whoever creates it. */
export const newTaskSchema = z.strictObject({
  title: longText(TASK_LIMITS.title, M.titleRequired),
  dueAt: localDateTimeField,
  ownerId: staffId.optional(),
});
export type NewTaskInput = z.input<typeof newTaskSchema>;

/** `PATCH /api/tasks/:id`: done or undone, or its details, with the version the person saw. */
export const taskChangeSchema = z
  .strictObject({
    version,
    done: z.boolean().optional(),
    title: longText(TASK_LIMITS.title, M.titleRequired).optional(),
    dueAt: localDateTimeField.optional(),
    ownerId: staffId.nullable().optional(),
  })
  .refine((change) => Object.keys(change).length > 1, { error: M.nothingToChange });
export type TaskChangeInput = z.input<typeof taskChangeSchema>;

export const taskSchema = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  clientName: z.string(),
  company: z.string(),
  title: z.string(),
  /** The instant, ISO 8601. */
  dueAt: z.string(),
  owner: z.object({ id: z.number().int(), displayName: z.string() }).nullable(),
  done: z.boolean(),
  doneAt: z.string().nullable(),
  /** Where it goes on `/crm/tareas`, in Ecuador's day: Vencidas, Hoy, Próximas (or done). */
  group: z.enum(TASK_GROUPS),
  version: z.number().int(),
});
export type Task = z.infer<typeof taskSchema>;

/** `GET /api/tasks`: mine by default; `owner=all` for the team's. Open ones unless `status=done`. */
export const taskListQuerySchema = z.object({
  owner: z.union([z.enum(["me", "all"]), z.coerce.number().int().min(1).max(2_147_483_647)]).default("me"),
  status: z.enum(["open", "done"]).default("open"),
  clientId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});
export type TaskListQuery = z.infer<typeof taskListQuerySchema>;

export const taskListSchema = z.object({
  tasks: z.array(taskSchema),
  /** All that match, when more than the list carries. */
  total: z.number().int(),
});

/** `POST /api/clients/:id/notes` and `PATCH /api/notes/:id`. */
export const internalNoteInputSchema = z.strictObject({ body: longText(TASK_LIMITS.note, M.noteRequired) });

export const internalNoteSchema = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  body: z.string(),
  author: z.string(),
  authorId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
});
export type InternalNote = z.infer<typeof internalNoteSchema>;
