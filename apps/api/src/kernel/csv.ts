import { BUSINESS_TIME_ZONE } from "@app/shared/constants";

/**
 * CSV for Excel: UTF-8 with a BOM (so accents survive), `;` separators (Excel in Spanish locales),
 * CRLF lines, every field quoted. A cell that starts like a formula (= + - @, tab, CR) gets a
 * leading apostrophe, so opening the file never runs what a visitor typed (OWASP CSV injection).
 */
export const CSV_BOM = "\uFEFF";

export type Cell = string | number | null | undefined;

export function csvCell(value: Cell) {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export const csvLine = (cells: Cell[]) => `${cells.map(csvCell).join(";")}\r\n`;

const timeParts = new Intl.DateTimeFormat("en-CA", {
  timeZone: BUSINESS_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** `2026-11-29 11:26`: the time in Ecuador, where the people who open the file work (not UTC). */
export function csvTime(instant: Date | string | null | undefined) {
  if (instant === null || instant === undefined) return "";
  const part = Object.fromEntries(timeParts.formatToParts(new Date(instant)).map(({ type, value }) => [type, value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}

/** US cents as Excel in a Spanish locale reads a number: `1250,50`. */
export const csvDollars = (cents: number | null) =>
  cents === null ? "" : `${Math.trunc(cents / 100)},${String(Math.abs(cents) % 100).padStart(2, "0")}`;
