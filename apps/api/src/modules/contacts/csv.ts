import type { ContactMessageGroup } from "@app/shared";
import { LOST_REASON_LABELS, STAGE_LABELS, STATUS_LABELS } from "@app/shared/constants";
import { formatInternational } from "@app/shared/phone";
import { type Cell, CSV_BOM, csvDollars, csvLine, csvTime } from "../../kernel/csv.ts";
import type { ReportDetails } from "./contact-report.ts";

export { csvCell, csvTime } from "../../kernel/csv.ts";

type Group = ContactMessageGroup;

/** The person, first on every line of both exports. */
const PERSON_HEADER = ["Nombre", "Apellido", "Correo", "Teléfono", "Empresa"];
const personCells = ({ client: contact }: Group): Cell[] => [
  contact.firstName,
  contact.lastName,
  contact.email,
  formatInternational(contact.phone),
  contact.company,
];

/** What one kind of export makes of a page of groups: its header and its lines. */
export type CsvShape = {
  header: string[];
  linesOf: (groups: Group[]) => Promise<Cell[][]>;
};

/** One line per message, as the export always was (a contact without messages gets one line). */
export const MESSAGE_LINES: CsvShape = {
  header: [...PERSON_HEADER, "Fecha", "Servicios", "Estado", "Mensaje", "Respuesta"],
  linesOf: async (groups) =>
    groups.flatMap((group) =>
      (group.messages.length > 0 ? group.messages : [undefined]).map((message) => [
        ...personCells(group),
        csvTime(message?.createdAt),
        message?.serviceDescription,
        message ? STATUS_LABELS[message.status] : "",
        message?.messageDescription,
        message?.reply,
      ]),
    ),
};

/**
 * The sales report: one line per contact with its stage, owner, won value, lost reason, how many
 * messages, and the newest of them. `detailsOf` reads what the list's rows do not carry.
 */
export const contactLines = (detailsOf: (ids: number[]) => Promise<Map<number, ReportDetails>>): CsvShape => ({
  header: [
    ...PERSON_HEADER,
    "Etapa",
    "Responsable",
    "Valor ganado (USD)",
    "Motivo de pérdida",
    "Mensajes",
    "Primer contacto",
    "Último mensaje",
    "Servicios",
    "Estado",
    "Mensaje",
    "Respuesta",
  ],
  linesOf: async (groups) => {
    const details = await detailsOf(groups.map((group) => group.client.id));
    return groups.map((group) => {
      const { client, messages, pipeline } = group;
      const detail = details.get(client.id);
      // In a search the messages it matched come first: the newest is looked for.
      const newest = messages.reduce<(typeof messages)[number] | undefined>(
        (found, message) => (found && found.createdAt >= message.createdAt ? found : message),
        undefined,
      );
      const lost = detail?.lostReason
        ? [LOST_REASON_LABELS[detail.lostReason], detail.lostNote].filter(Boolean).join(": ")
        : "";
      return [
        ...personCells(group),
        STAGE_LABELS[pipeline.stage],
        pipeline.owner?.displayName,
        csvDollars(detail?.wonValueCents ?? null),
        lost,
        detail?.messageCount ?? messages.length,
        csvTime(detail?.createdAt),
        csvTime(newest?.createdAt),
        newest?.serviceDescription,
        newest ? STATUS_LABELS[newest.status] : "",
        newest?.messageDescription,
        newest?.reply,
      ];
    });
  },
});

/**
 * The lines of the CSV file of a search, header first, as pages are read: the file streams to the
 * person while later pages load, and the server never holds more than one page (at most `maxRows`
 * lines of data). `done` learns how many lines went out, also when the download stopped early.
 */
export async function* csvLines(
  readPage: (page: number) => Promise<{ content: Group[]; isLastPage: boolean }>,
  shape: CsvShape,
  maxRows: number,
  done: (rows: number) => Promise<void>,
): AsyncGenerator<string> {
  let rows = 0;
  try {
    yield `${CSV_BOM}${csvLine(shape.header)}`;
    for (let page = 0; rows < maxRows; page++) {
      const result = await readPage(page);
      const lines = await shape.linesOf(result.content);
      if (lines.length > 0) yield lines.map(csvLine).join("");
      rows += lines.length;
      if (result.isLastPage || result.content.length === 0) break;
    }
  } finally {
    await done(rows);
  }
}
