import { formatIvaPercent, formatPrice } from "@app/shared";
import { BUSINESS_TIME_ZONE } from "@app/shared/constants";
import { centsToDecimal } from "@app/shared/money";
import { lazily } from "./lazily";

// Money, figures and days of quotes and orders as staff in Ecuador read them (features may not
// import each other, so it lives here). Text in, text out: amounts come as whole cents or as the
// API's decimal text, and no binary fraction touches them.

/** Whole cents as people read them: 123450 -> "$1.234,50". */
export const formatCents = (cents: number) => formatPrice(centsToDecimal(cents));

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
