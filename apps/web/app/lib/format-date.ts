import { lazily } from "./lazily";

// Dates as staff in Ecuador read them: day/month/year and 24-hour time, in the browser's time zone.
const dateTime = lazily(
  () =>
    new Intl.DateTimeFormat("es-EC", {
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }),
);
const clock = lazily(() => new Intl.DateTimeFormat("es-EC", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }));

/** "22/11/2026, 21:40" for an ISO timestamp; the text itself if it is not a date. */
export function formatDateTime(iso: string) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime().format(date);
}

/** "21:40". */
export const formatClock = (date: Date) => clock().format(date);

const DAY_MS = 86_400_000;

/** How long ago, in whole days: "hoy", "hace 1 día", "hace 3 días". */
export function ageText(iso: string, now = Date.now()) {
  const days = Math.floor((now - Date.parse(iso)) / DAY_MS);
  if (!(days >= 1)) return "hoy";
  return days === 1 ? "hace 1 día" : `hace ${days} días`;
}
