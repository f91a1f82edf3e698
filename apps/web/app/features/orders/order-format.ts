import { lazily } from "~/lib/lazily";

// What only orders need besides the shared formats (lib/format-document.ts): a day in words.
export { formatDay, formatDollars, formatFigure, formatPercent, todayInEcuador } from "~/lib/format-document";

// A calendar day is the same day everywhere: formatted in UTC, it never slips to the day before.
const longDay = lazily(
  () => new Intl.DateTimeFormat("es-EC", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }),
);
const longDayOfYear = lazily(
  () => new Intl.DateTimeFormat("es-EC", { day: "numeric", month: "long", timeZone: "UTC" }),
);

/** "2027-02-28" -> "28 de febrero de 2027"; without the year ("28 de febrero") when `withYear` is false. */
export function formatLongDay(day: string, withYear = true) {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return (withYear ? longDay() : longDayOfYear()).format(date);
}
