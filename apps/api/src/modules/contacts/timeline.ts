import type { TimelineEvent, TimelineKind } from "@app/shared";
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { contactEvents, contactMessages, internalNotes, users } from "../../db/schema/index.ts";

// A contact's timeline, newest first: what they wrote, what staff added and answered (from their
// messages), staff's internal notes, and every other change (contact_events). One query, a union of
// four index walks.

const TIMELINE_LIMIT = 500;

const author = alias(users, "author");
const replier = alias(users, "replier");

export async function listTimeline(db: Db, clientId: number, limit = TIMELINE_LIMIT): Promise<TimelineEvent[]> {
  const messages = db
    .select({
      kind: sql<TimelineKind>`case when ${contactMessages.origin} = 'personal' then 'message_added' else 'message_received' end`.as(
        "kind",
      ),
      at: contactMessages.createdAt,
      actor: author.displayName,
      messageId: sql<number | null>`${contactMessages.id}`.as("message_id"),
      data: sql<Record<string, unknown>>`jsonb_build_object('message', ${contactMessages.message})`.as("data"),
      seq: sql<number>`0::bigint`.as("seq"),
    })
    .from(contactMessages)
    .leftJoin(author, eq(author.id, contactMessages.createdBy))
    .where(eq(contactMessages.clientId, clientId));
  const replies = db
    .select({
      kind: sql<TimelineKind>`'reply_sent'`.as("kind"),
      at: sql<Date>`${contactMessages.repliedAt}`.as("at"),
      actor: replier.displayName,
      messageId: sql<number | null>`${contactMessages.id}`.as("message_id"),
      // How it went out (email or WhatsApp); a reply stored without it went by email.
      data: sql<
        Record<string, unknown>
      >`jsonb_build_object('reply', ${contactMessages.reply}, 'channel', coalesce(${contactMessages.replyChannel}, 'email'))`.as(
        "data",
      ),
      seq: sql<number>`1::bigint`.as("seq"),
    })
    .from(contactMessages)
    .leftJoin(replier, eq(replier.id, contactMessages.repliedBy))
    .where(and(eq(contactMessages.clientId, clientId), isNotNull(contactMessages.repliedAt)));
  const events = db
    .select({
      kind: contactEvents.kind,
      at: contactEvents.at,
      actor: contactEvents.actorName,
      messageId: sql<number | null>`null::bigint`.as("message_id"),
      data: contactEvents.data,
      seq: sql<number>`1 + ${contactEvents.id}`.as("seq"),
    })
    .from(contactEvents)
    .where(eq(contactEvents.clientId, clientId));
  const notes = db
    .select({
      kind: sql<TimelineKind>`'internal_note'`.as("kind"),
      at: internalNotes.createdAt,
      actor: internalNotes.authorName,
      messageId: sql<number | null>`null::bigint`.as("message_id"),
      data: sql<
        Record<string, unknown>
      >`jsonb_build_object('noteId', ${internalNotes.id}, 'body', ${internalNotes.body}, 'authorId', ${internalNotes.authorId}, 'editedAt', ${internalNotes.updatedAt})`.as(
        "data",
      ),
      seq: sql<number>`1 + ${internalNotes.id}`.as("seq"),
    })
    .from(internalNotes)
    .where(eq(internalNotes.clientId, clientId));
  const rows = await messages
    .unionAll(replies)
    .unionAll(events)
    .unionAll(notes)
    // What one transaction did shares its instant: the message, then its reply, then what followed.
    .orderBy(desc(sql`2`), desc(sql`6`))
    .limit(limit);
  return rows.map((row) => ({
    kind: row.kind,
    at: new Date(row.at).toISOString(),
    actor: row.actor,
    messageId: row.messageId === null ? null : Number(row.messageId),
    data: typeof row.data === "string" ? JSON.parse(row.data) : (row.data ?? {}),
  }));
}
