// The follow-up figures in words: durations, shares and months as staff in Ecuador read them.
import { lazily } from "~/lib/lazily";

/**
 * A time to reply, to the minute: "45 min", "3 h 20 min", "3 h", "1 día 2 h", "2 días".
 * Under a minute is "menos de 1 min"; a day and more drops the minutes.
 */
export function formatMinutes(minutes: number) {
  const whole = Math.round(minutes);
  if (whole < 1) return "menos de 1 min";
  const days = Math.floor(whole / 1440);
  const hours = Math.floor((whole % 1440) / 60);
  const rest = whole % 60;
  if (days > 0) {
    const dayText = days === 1 ? "1 día" : `${days} días`;
    return hours > 0 ? `${dayText} ${hours} h` : dayText;
  }
  if (hours === 0) return `${rest} min`;
  return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
}

/** A share as a whole percentage with es-EC spacing: 6/7 -> "86 %"; nothing to share -> "—". */
export function percentText(part: number, whole: number) {
  return whole === 0 ? "—" : `${Math.round((part / whole) * 100)} %`;
}

const shortMonth = lazily(() => new Intl.DateTimeFormat("es-EC", { month: "short", timeZone: "UTC" }));
const longMonth = lazily(() => new Intl.DateTimeFormat("es-EC", { month: "long", year: "numeric", timeZone: "UTC" }));
const monthDate = (month: string) => new Date(`${month}-01T00:00:00Z`);

/** "2025-12" -> "dic" (under a column). */
export const monthShort = (month: string) => shortMonth().format(monthDate(month)).replace(".", "");

/** "2025-12" -> "diciembre de 2025" (in tables and sentences). */
export const monthLong = (month: string) => longMonth().format(monthDate(month));
