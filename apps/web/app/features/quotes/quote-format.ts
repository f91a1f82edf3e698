import { formatIvaPercent, formatPrice } from "@app/shared";
import { BUSINESS_TIME_ZONE } from "@app/shared/constants";
import { centsToDecimal } from "@app/shared/money";
import { lazily } from "~/lib/lazily";

// Money, figures and days of a quote as staff in Ecuador read and type them. Text in, text out:
// amounts come as whole cents or as the API's decimal text, and no binary fraction touches them.

/** Whole cents as people read them: 123450 -> "$1.234,50". */
export const formatCents = (cents: number) => formatPrice(centsToDecimal(cents));

/** The API's dollars ("1234.50") as people read them: "$1.234,50". */
export const formatDollars = (decimal: string) => formatPrice(decimal);

/** "15.00" -> "15 %". */
export const formatPercent = formatIvaPercent;

/**
 * A stored decimal as a field shows it for editing, with a decimal comma and no thousands
 * separators (the way the form reads it back): "12.500000" -> "12,50" with two decimals at least,
 * "3.00" -> "3", "10.50" -> "10,5".
 */
export function decimalForInput(stored: string, minimumDecimals = 0) {
  const [whole = "0", fraction = ""] = stored.split(".");
  const kept = fraction.replace(/0+$/, "").padEnd(minimumDecimals, "0");
  return kept ? `${whole},${kept}` : whole;
}

/** A stored decimal for reading, grouped: "1500.00" -> "1.500", "2.50" -> "2,5". */
export function formatFigure(stored: string) {
  const [whole = "0", fraction = ""] = stored.split(".");
  const kept = fraction.replace(/0+$/, "");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return kept ? `${grouped},${kept}` : grouped;
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

/** A calendar day `days` after `day` (both `YYYY-MM-DD`). */
export function addDays(day: string, days: number) {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** "2026-12-15" -> "15/12/2026". */
export function formatDay(day: string) {
  const [year, month, date] = day.split("-");
  return year && month && date ? `${date}/${month}/${year}` : day;
}
