import { formatIvaPercent, formatPrice } from "@app/shared";
import { BUSINESS_TIME_ZONE } from "@app/shared/constants";
import { lazily } from "~/lib/lazily";

// Money, figures and days of an order as staff in Ecuador read them. Amounts come as the API's
// decimal text ("1234.50") and stay text: no binary fraction touches them.

/** The API's dollars ("1234.50") as people read them: "$1.234,50". */
export const formatDollars = (decimal: string) => formatPrice(decimal);

/** "15.00" -> "15 %". */
export const formatPercent = formatIvaPercent;

/** A stored decimal for reading, grouped: "1500.00" -> "1.500", "2.50" -> "2,5". */
export function formatFigure(stored: string) {
  const [whole = "0", fraction = ""] = stored.split(".");
  const kept = fraction.replace(/0+$/, "");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return kept ? `${grouped},${kept}` : grouped;
}

/** "2026-12-15" -> "15/12/2026". */
export function formatDay(day: string) {
  const [year, month, date] = day.split("-");
  return year && month && date ? `${date}/${month}/${year}` : day;
}

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

const ecuadorDay = lazily(
  () =>
    new Intl.DateTimeFormat("en-CA", {
      timeZone: BUSINESS_TIME_ZONE,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }),
);

/** Today in Ecuador, `YYYY-MM-DD`, whatever the browser's time zone. */
export const todayInEcuador = (now: Date = new Date()) => ecuadorDay().format(now);
