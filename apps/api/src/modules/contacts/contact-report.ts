import type { LostReason, MessageView } from "@app/shared/constants";
import { and, count, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { c, IN_REVIEW, m, VISIBLE } from "./tables.ts";

/** What the per-contact CSV adds to a row of the list: how the sale went and how much was said. */
export type ReportDetails = {
  createdAt: Date;
  lostReason: LostReason | null;
  lostNote: string | null;
  wonValueCents: number | null;
  /** Their messages in the list being exported (the main list or the review list). */
  messageCount: number;
};

/** The report's details of the contacts `ids`: two queries for a page of the export. */
export async function reportDetailsOf(db: Db, ids: number[], view: MessageView) {
  if (ids.length === 0) return new Map<number, ReportDetails>();
  const [rows, counts] = await Promise.all([
    db
      .select({
        id: c.id,
        createdAt: c.createdAt,
        lostReason: c.lostReason,
        lostNote: c.lostNote,
        wonValueCents: c.wonValueCents,
      })
      .from(c)
      .where(inArray(c.id, ids)),
    db
      .select({ clientId: m.clientId, messages: count() })
      .from(m)
      .where(and(inArray(m.clientId, ids), view === "main" ? VISIBLE : IN_REVIEW))
      .groupBy(m.clientId),
  ]);
  const messages = new Map(counts.map((row) => [row.clientId, Number(row.messages)]));
  return new Map(rows.map(({ id, ...details }) => [id, { ...details, messageCount: messages.get(id) ?? 0 }]));
}
