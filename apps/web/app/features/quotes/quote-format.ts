// What only the quote editor needs besides the shared formats (lib/format-document.ts): a stored
// decimal as a field shows it for editing, and days ahead of a date.
export {
  formatCents,
  formatDay,
  formatDollars,
  formatFigure,
  formatPercent,
  todayInEcuador,
} from "~/lib/format-document";

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

/** A calendar day `days` after `day` (both `YYYY-MM-DD`). */
export function addDays(day: string, days: number) {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}
