import type { TaskGroup } from "@app/shared/constants";
import { businessDay } from "../../kernel/business-time.ts";

/** Where a task goes on `/crm/tareas`: overdue, later today, later on; or done. */
export function taskGroup(due: Date, done: boolean, now = new Date()): TaskGroup {
  if (done) return "hechas";
  if (due < now) return "vencidas";
  return businessDay(due) === businessDay(now) ? "hoy" : "proximas";
}
