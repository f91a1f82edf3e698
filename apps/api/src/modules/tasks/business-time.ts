import { BUSINESS_TIME_ZONE, type TaskGroup } from "@app/shared/constants";

// Due times are typed and grouped in Ecuador's time. Ecuador (America/Guayaquil) has kept UTC-5
// all year since 1993, so a wall-clock time there is one instant, never two or none.

const OFFSET = "-05:00";

/** `2026-12-01T09:30` in Ecuador, as an instant. */
export const fromBusinessTime = (local: string) => new Date(`${local}:00${OFFSET}`);

const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: BUSINESS_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The calendar day in Ecuador, `YYYY-MM-DD`. */
export const businessDay = (instant: Date) => dayFormat.format(instant);

/** Where a task goes on `/crm/tareas`: overdue, later today, later on; or done. */
export function taskGroup(due: Date, done: boolean, now = new Date()): TaskGroup {
  if (done) return "hechas";
  if (due < now) return "vencidas";
  return businessDay(due) === businessDay(now) ? "hoy" : "proximas";
}
