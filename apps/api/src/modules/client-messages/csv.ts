/**
 * CSV for Excel: UTF-8 with a BOM (so accents survive), `;` separators (Excel in Spanish locales),
 * CRLF lines, every field quoted. A cell that starts like a formula (= + - @, tab, CR) gets a
 * leading apostrophe, so opening the file never runs what a visitor typed (OWASP CSV injection).
 */
export const CSV_BOM = "\uFEFF";

export function csvCell(value: string | number | null | undefined) {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export const csvLine = (cells: (string | number | null | undefined)[]) => `${cells.map(csvCell).join(";")}\r\n`;
