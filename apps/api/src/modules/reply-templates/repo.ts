import type { ReplyTemplate } from "@app/shared";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { replyTemplates } from "../../db/schema/index.ts";

// Reply templates as stored: a handful of rows administrators keep, read whole.

export type ReplyTemplateRow = typeof replyTemplates.$inferSelect;

export const toReplyTemplate = (row: ReplyTemplateRow): ReplyTemplate => ({
  id: row.id,
  name: row.name,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

// Sorted here rather than by `order by name`: PGlite and PostgreSQL may have different collations
// (C puts "Zona" before "ángel"); Spanish order, case and accents aside, is the same on both.
const byName = new Intl.Collator("es", { sensitivity: "base", numeric: true });

export async function listReplyTemplates(db: Db) {
  const rows = await db.select().from(replyTemplates);
  return rows.sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);
}

const sameIgnoringCase = new Intl.Collator("es", { sensitivity: "accent" });

/**
 * Another template whose name differs from `name` only in case ("Bienvenida", "bienvenida"): the
 * unique constraint tells them apart, people do not. Compared here, not with SQL `lower()`, which
 * leaves "Á" alone under PGlite's C collation.
 */
export async function findNameTwin(db: Db, name: string, exceptId?: number) {
  const rows = await db.select({ id: replyTemplates.id, name: replyTemplates.name }).from(replyTemplates);
  return rows.find((row) => row.id !== exceptId && sameIgnoringCase.compare(row.name, name) === 0);
}

export type ReplyTemplateFields = { name: string; body: string };

/** Undefined when the name is taken (the unique constraint, also in a race). */
export async function insertReplyTemplate(db: Db, fields: ReplyTemplateFields, createdBy: number) {
  const [row] = await db
    .insert(replyTemplates)
    .values({ ...fields, createdBy })
    .onConflictDoNothing({ target: replyTemplates.name })
    .returning();
  return row;
}

/** Undefined when there is no such template; throws a unique violation when the name is taken. */
export async function updateReplyTemplate(db: Db, id: number, fields: ReplyTemplateFields) {
  const [row] = await db
    .update(replyTemplates)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(replyTemplates.id, id))
    .returning();
  return row;
}

export async function deleteReplyTemplate(db: Db, id: number) {
  const [row] = await db.delete(replyTemplates).where(eq(replyTemplates.id, id)).returning();
  return row;
}
