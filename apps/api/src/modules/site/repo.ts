import type { SiteItemKind, SiteItemState, SiteListKind } from "@app/shared/constants";
import { and, asc, desc, eq, getTableColumns, isNotNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { siteItems, siteItemVersions, siteRedirects, users } from "../../db/schema/index.ts";
import { VersionConflictError } from "../../kernel/version-conflict.ts";

// The site's editable items as stored (docs/decisions/037). A save changes the draft; a publish
// copies the draft to what visitors see and keeps a copy in the history; a restore publishes a copy
// from the history again. Every one of them raises the item's version, and each is refused with the
// item as stored now (VersionConflictError, a 409) when it was sent with an older version.

export type SiteItemRow = typeof siteItems.$inferSelect;
export type SiteItemVersionRow = typeof siteItemVersions.$inferSelect;

/** The items of one kind, or all, in their order. */
export async function listSiteItems(db: Db, kind?: SiteItemKind) {
  return db
    .select()
    .from(siteItems)
    .where(kind ? eq(siteItems.kind, kind) : undefined)
    .orderBy(asc(siteItems.kind), asc(siteItems.position), asc(siteItems.id));
}

export async function findSiteItem(db: Db, id: number) {
  const [row] = await db.select().from(siteItems).where(eq(siteItems.id, id));
  return row;
}

/** What visitors see of one kind: each item's published content, in the site's order (drafts left out). */
export async function listPublished(db: Db, kind: SiteItemKind) {
  const rows = await db
    .select({ published: siteItems.published })
    .from(siteItems)
    .where(and(eq(siteItems.kind, kind), isNotNull(siteItems.published)))
    .orderBy(asc(siteItems.position), asc(siteItems.id));
  return rows.map((row) => row.published);
}

const editor = alias(users, "editor");
const publisher = alias(users, "publisher");

/** Where an item stands (SITE_ITEM_STATES), worked out from its draft, what is public and its history. */
const stateSql = sql<SiteItemState>`case
  when ${siteItems.published} is not null and ${siteItems.published} = ${siteItems.draft} then 'publicado'
  when ${siteItems.published} is not null then 'cambios'
  when exists (select 1 from ${siteItemVersions} where ${siteItemVersions.itemId} = ${siteItems.id}) then 'retirado'
  else 'borrador' end`;

/** The items as the editor shows them: with their state and who last saved and published each. */
export async function listItemViews(db: Db, id?: number) {
  return db
    .select({
      ...getTableColumns(siteItems),
      state: stateSql,
      updatedByName: editor.displayName,
      publishedByName: publisher.displayName,
    })
    .from(siteItems)
    .leftJoin(editor, eq(editor.id, siteItems.updatedBy))
    .leftJoin(publisher, eq(publisher.id, siteItems.publishedBy))
    .where(id === undefined ? undefined : eq(siteItems.id, id))
    .orderBy(asc(siteItems.kind), asc(siteItems.position), asc(siteItems.id));
}
export type SiteItemView = Awaited<ReturnType<typeof listItemViews>>[number];

/** A new item of a list (a product, a testimonial), as a draft, last of its kind. */
export async function insertItem(db: Db, kind: SiteListKind, draft: unknown, userId: number | null) {
  const [row] = await db
    .insert(siteItems)
    .values({
      kind,
      draft,
      updatedBy: userId,
      position: sql`(select coalesce(max(${siteItems.position}), -1) + 1 from ${siteItems} where ${siteItems.kind} = ${kind})`,
    })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** Takes item `id` off the site (its draft and history stay), if it is still at `version`. */
export async function retireItem(db: Db, id: number, version: number, userId: number | null) {
  const [row] = await db
    .update(siteItems)
    .set({ published: null, version: sql`${siteItems.version} + 1`, updatedBy: userId, updatedAt: sql`now()` })
    .where(and(eq(siteItems.id, id), eq(siteItems.version, version)))
    .returning();
  return row ?? refusedChange(db, id);
}

/**
 * The latest publish or restore of any item: an instance whose site is older renders it again. It
 * only grows (the history's key), so comparing it is enough.
 */
export async function latestPublication(db: Db) {
  const [row] = await db.select({ id: sql<number | null>`max(${siteItemVersions.id})` }).from(siteItemVersions);
  return Number(row?.id ?? 0);
}

/** Changes the draft of item `id` if it is still at `version`; undefined when there is no such item. */
export async function saveDraft(db: Db, id: number, version: number, draft: unknown, userId: number | null) {
  const [row] = await db
    .update(siteItems)
    .set({ draft, version: sql`${siteItems.version} + 1`, updatedBy: userId, updatedAt: sql`now()` })
    .where(and(eq(siteItems.id, id), eq(siteItems.version, version)))
    .returning();
  return row ?? refusedChange(db, id);
}

/** Publishes the draft of item `id` if it is still at `version`, and keeps a copy in its history. */
export async function publishDraft(db: Db, id: number, version: number, userId: number | null) {
  return db.transaction((tx) => publish(tx, id, version, userId, sql`${siteItems.draft}`));
}

/** The history of item `id`, newest first, with who published each copy; the latest `limit`. */
export async function listVersions(db: Db, itemId: number, limit = 100) {
  return db
    .select({ ...getTableColumns(siteItemVersions), publishedByName: publisher.displayName })
    .from(siteItemVersions)
    .leftJoin(publisher, eq(publisher.id, siteItemVersions.publishedBy))
    .where(eq(siteItemVersions.itemId, itemId))
    .orderBy(desc(siteItemVersions.id))
    .limit(limit);
}

/**
 * Publishes again the copy `versionId` of item `id`'s history (and makes it the draft), if the item
 * is still at `version`; undefined when the item or that copy of it does not exist.
 */
export async function restoreVersion(db: Db, id: number, versionId: number, version: number, userId: number | null) {
  return db.transaction(async (tx) => {
    const [copy] = await tx
      .select({ content: siteItemVersions.content })
      .from(siteItemVersions)
      .where(and(eq(siteItemVersions.id, versionId), eq(siteItemVersions.itemId, id)));
    if (!copy) return undefined;
    return publish(tx, id, version, userId, copy.content, {
      draft: copy.content,
      updatedBy: userId,
      updatedAt: sql`now()`,
    });
  });
}

/**
 * Makes `content` what visitors see of item `id` (with `also` changed too), if the item is still at
 * `version`, and adds it to the item's history. Inside the caller's transaction.
 */
async function publish(
  tx: Db,
  id: number,
  version: number,
  userId: number | null,
  content: unknown,
  also: { draft?: unknown; updatedBy?: number | null; updatedAt?: SQL } = {},
) {
  const [row] = await tx
    .update(siteItems)
    .set({
      ...also,
      published: content,
      version: sql`${siteItems.version} + 1`,
      publishedBy: userId,
      publishedAt: sql`now()`,
    })
    .where(and(eq(siteItems.id, id), eq(siteItems.version, version)))
    .returning();
  if (!row) return refusedChange(tx, id);
  await tx.insert(siteItemVersions).values({ itemId: id, content: row.published, publishedBy: userId });
  return row;
}

/** Nothing changed: the item does not exist (undefined), or it moved on (a 409 with it as it is). */
async function refusedChange(db: Db, id: number): Promise<undefined> {
  const current = await findSiteItem(db, id);
  if (current) throw new VersionConflictError(current);
  return undefined;
}

/**
 * A product's page moved from `from` to `to` (its slug changed): the old address answers with a 301
 * to the new one, and so do the addresses that led to the old one; the new one is nobody's old
 * address any more. Inside the publishing transaction.
 */
export async function recordMove(tx: Db, from: string, to: string) {
  await tx.update(siteRedirects).set({ toPath: to }).where(eq(siteRedirects.toPath, from));
  await tx.delete(siteRedirects).where(eq(siteRedirects.fromPath, to));
  await tx
    .insert(siteRedirects)
    .values({ fromPath: from, toPath: to })
    .onConflictDoUpdate({ target: siteRedirects.fromPath, set: { toPath: to, createdAt: sql`now()` } });
}

/** Every old address and where it leads now. */
export async function listRedirects(db: Db) {
  return db
    .select({ from: siteRedirects.fromPath, to: siteRedirects.toPath })
    .from(siteRedirects)
    .orderBy(asc(siteRedirects.fromPath));
}
