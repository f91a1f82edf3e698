import type { ClientMessage } from "@app/shared";
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";

// How messages are read everywhere in the CRM: one select list, one mapping to the API's shape.

/**
 * A message that belongs to the main list: not suspicious, or accepted by staff. Written as a
 * comparison with '{}' (not cardinality()) so the planner uses the column's statistics: it
 * misjudged 99.9% of the rows as 0.5% and chose bad plans (bench/crm).
 */
export const VISIBLE = sql.raw("(m.review_reasons = '{}' or m.reviewed_at is not null)");
/** A message kept apart for review and not accepted yet (the predicate of client_messages_review_idx). */
export const IN_REVIEW = sql.raw("(m.review_reasons <> '{}' and m.reviewed_at is null)");

/** Columns of `client_messages m` (and its services) that `toClientMessage` reads. */
export const MESSAGE_COLUMNS = sql.raw(`
  m.id, m.client_id, m.message, m.created_at, m.status, m.reply, m.replied_at, m.rejection_reason, m.origin,
  m.review_reasons, m.reviewed_at,
  coalesce((select json_agg(json_build_object('id', s.id, 'title', s.title) order by ms.position)
              from message_service_types ms join service_types s on s.id = ms.service_type_id
             where ms.message_id = m.id), '[]'::json) as services`);

export type MessageRow = {
  id: number | string;
  client_id: number;
  message: string;
  created_at: Date | string;
  status: ClientMessage["status"];
  reply: string | null;
  replied_at: Date | string | null;
  rejection_reason: string | null;
  origin: ClientMessage["origin"];
  review_reasons: string[] | null;
  reviewed_at: Date | string | null;
  services: { id: number; title: string }[] | string;
};

const iso = (value: Date | string) => new Date(value).toISOString();

export function toClientMessage(row: MessageRow): ClientMessage {
  // PGlite returns json as text in some paths; pg parses it.
  const services = typeof row.services === "string" ? JSON.parse(row.services) : row.services;
  const reasons = row.review_reasons ?? [];
  return {
    id: Number(row.id),
    messageDescription: row.message,
    createdAt: iso(row.created_at),
    serviceTypeId: services[0]?.id ?? null,
    serviceDescription: services.map((service: { title: string }) => service.title).join(", "),
    services,
    status: row.status,
    reply: row.reply,
    repliedAt: row.replied_at === null ? null : iso(row.replied_at),
    rejectionReason: row.rejection_reason,
    origin: row.origin,
    inReview: reasons.length > 0 && row.reviewed_at === null,
    reviewReasons: reasons,
  };
}

/** One message by id, with the id of its client. */
export async function findMessage(db: Db, id: number) {
  const [row] = await queryRows<MessageRow>(
    db,
    sql`select ${MESSAGE_COLUMNS} from client_messages m where m.id = ${id}`,
  );
  return row ? { clientId: row.client_id, message: toClientMessage(row) } : undefined;
}

/**
 * Messages of some clients, newest first, `limit` per client at most, filtered by `condition`;
 * those meeting `first` (what a search matched) come before the others.
 */
export async function messagesOfClients(db: Db, clientIds: number[], condition: SQL, limit?: number, first?: SQL) {
  if (clientIds.length === 0) return new Map<number, ReturnType<typeof toClientMessage>[]>();
  const rows = await queryRows<MessageRow>(
    db,
    sql`select x.* from unnest(${sql.raw(`'{${clientIds.join(",")}}'::int[]`)}) as c(id)
        cross join lateral (
          select ${MESSAGE_COLUMNS} from client_messages m
           where m.client_id = c.id and ${condition}
           order by ${first ? sql`(${first}) desc,` : sql``} m.created_at desc, m.id desc
           ${limit ? sql`limit ${limit}` : sql``}) x`,
  );
  const byClient = new Map<number, ReturnType<typeof toClientMessage>[]>();
  for (const row of rows) {
    const list = byClient.get(row.client_id) ?? [];
    list.push(toClientMessage(row));
    byClient.set(row.client_id, list);
  }
  return byClient;
}

/**
 * Recomputes where a client sits in the main list: their newest visible message; a contact with no
 * messages at all (created by staff, or everything deleted) stays listed by its creation; one with
 * only messages waiting for review is not listed (decision 015).
 */
export async function refreshClientListing(db: Db, clientId: number) {
  await db.execute(sql`
    update clients c set last_message_at = coalesce(
      (select max(m.created_at) from client_messages m where m.client_id = c.id and ${VISIBLE}),
      case when not exists (select 1 from client_messages m where m.client_id = c.id) then c.created_at end)
     where c.id = ${clientId}`);
}
