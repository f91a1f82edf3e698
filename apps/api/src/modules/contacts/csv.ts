import type { ClientMessageGroup } from "@app/shared";
import { STATUS_LABELS } from "@app/shared/constants";

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

/** The export's columns, in Spanish for the people who open the file. */
const HEADER = [
  "Nombre",
  "Apellido",
  "Correo",
  "Teléfono",
  "Empresa",
  "Fecha",
  "Servicios",
  "Estado",
  "Mensaje",
  "Respuesta",
];

type Group = ClientMessageGroup;

/**
 * The lines of the CSV file of a search, header first, one per message (a client without messages
 * gets one line), as pages are read: the file streams to the person while later pages load, and the
 * server never holds more than one page (at most `maxRows` lines of data). `done` learns how many
 * lines went out, also when the download stopped early.
 */
export async function* csvLines(
  readPage: (page: number) => Promise<{ content: Group[]; isLastPage: boolean }>,
  maxRows: number,
  done: (rows: number) => Promise<void>,
): AsyncGenerator<string> {
  let rows = 0;
  try {
    yield `${CSV_BOM}${csvLine(HEADER)}`;
    for (let page = 0; rows < maxRows; page++) {
      const result = await readPage(page);
      let chunk = "";
      for (const { client, messages } of result.content) {
        for (const message of messages.length > 0 ? messages : [undefined]) {
          chunk += csvLine([
            client.firstName,
            client.lastName,
            client.email,
            client.phone,
            client.company,
            message?.createdAt,
            message?.serviceDescription,
            message ? STATUS_LABELS[message.status] : "",
            message?.messageDescription,
            message?.reply,
          ]);
          rows += 1;
        }
      }
      if (chunk) yield chunk;
      if (result.isLastPage || result.content.length === 0) break;
    }
  } finally {
    await done(rows);
  }
}
