import type { InternalNote } from "@app/shared";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contacts, internalNotes } from "../../db/schema/index.ts";
import { recordAudit } from "../audit/index.ts";
import type { Actor } from "./service.ts";

// Staff's internal notes on a contact (`Nota interna`): on its timeline, never in an email to the
// contact, editable by their author only.

/** Someone tried to edit a note they did not write (403). */
export class NotYourNoteError extends Error {
  override name = "NotYourNoteError";
}

type NoteRow = typeof internalNotes.$inferSelect;

const toNote = (row: NoteRow): InternalNote => ({
  id: row.id,
  clientId: row.clientId,
  body: row.body,
  author: row.authorName,
  authorId: row.authorId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt?.toISOString() ?? null,
});

/** A new note on contact `clientId`; undefined when there is no such contact. */
export async function createNote(db: Db, clientId: number, body: string, actor: Actor) {
  const [contact] = await db.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, clientId));
  if (!contact) return undefined;
  const [row] = await db
    .insert(internalNotes)
    .values({ clientId, authorId: actor.staff.id, authorName: actor.staff.displayName, body })
    .returning();
  if (!row) return undefined;
  await recordAudit(db, {
    action: "note_created",
    actor: actor.staff,
    ip: actor.ip,
    details: { clientId, noteId: row.id },
  });
  return toNote(row);
}

/** The author's new wording; undefined when there is no such note. */
export async function updateNote(db: Db, id: number, body: string, actor: Actor) {
  const [found] = await db.select().from(internalNotes).where(eq(internalNotes.id, id));
  if (!found) return undefined;
  if (found.authorId !== actor.staff.id) throw new NotYourNoteError();
  const [row] = await db
    .update(internalNotes)
    .set({ body, updatedAt: sql`now()` })
    .where(and(eq(internalNotes.id, id), eq(internalNotes.authorId, actor.staff.id)))
    .returning();
  if (!row) return undefined;
  await recordAudit(db, {
    action: "note_updated",
    actor: actor.staff,
    ip: actor.ip,
    details: { clientId: row.clientId, noteId: id },
  });
  return toNote(row);
}
