import { and, desc, eq, inArray, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { priceChanges, priceItems, serviceTypes, siteItems, users } from "../../db/schema/index.ts";

// The presentations and their price history as stored. Decimals stay the text the database gives
// ("12.500000"): nothing here turns them into numbers.

const itemColumns = {
  id: priceItems.id,
  serviceTypeId: priceItems.serviceTypeId,
  productTitle: serviceTypes.title,
  productOffered: sql<boolean>`${serviceTypes.retiredAt} is null`,
  code: priceItems.code,
  size: priceItems.size,
  unit: priceItems.unit,
  listPrice: priceItems.listPrice,
  ivaPercent: priceItems.ivaPercent,
  active: priceItems.active,
  updatedAt: priceItems.updatedAt,
  updatedBy: users.displayName,
  version: priceItems.version,
};

const selectItems = (db: Db, where: SQL | undefined) =>
  db
    .select(itemColumns)
    .from(priceItems)
    .innerJoin(serviceTypes, eq(serviceTypes.id, priceItems.serviceTypeId))
    .leftJoin(users, eq(users.id, priceItems.updatedBy))
    .where(where);

export type PriceItemFilters = { active?: boolean | undefined; serviceTypeId?: number | undefined };

export function listPriceItemRows(db: Db, { active, serviceTypeId }: PriceItemFilters) {
  return selectItems(
    db,
    and(
      active === undefined ? undefined : eq(priceItems.active, active),
      serviceTypeId === undefined ? undefined : eq(priceItems.serviceTypeId, serviceTypeId),
    ),
  );
}

export type PriceItemRow = Awaited<ReturnType<typeof listPriceItemRows>>[number];

export function findPriceItemRows(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return selectItems(db, inArray(priceItems.id, [...ids]));
}

export async function findPriceItemRow(db: Db, id: number) {
  const [row] = await findPriceItemRows(db, [id]);
  return row;
}

/**
 * The products a presentation may belong to: what the site shows as a product (not a service),
 * still offered. Read from the site's and the service types' tables, which their owners write.
 */
export function listProducts(db: Db, id?: number) {
  return db
    .selectDistinct({ id: serviceTypes.id, title: serviceTypes.title })
    .from(serviceTypes)
    .innerJoin(siteItems, and(eq(siteItems.serviceTypeId, serviceTypes.id), eq(siteItems.kind, "product")))
    .where(and(isNull(serviceTypes.retiredAt), id === undefined ? undefined : eq(serviceTypes.id, id)));
}

/** Another presentation with this code, whatever its case (codes are kept in capitals anyway). */
export async function findCodeTwin(db: Db, code: string, exceptId?: number) {
  const [row] = await db
    .select({ id: priceItems.id })
    .from(priceItems)
    .where(
      and(
        sql`lower(${priceItems.code}) = lower(${code})`,
        exceptId === undefined ? undefined : ne(priceItems.id, exceptId),
      ),
    );
  return row;
}

export type PriceItemFields = {
  serviceTypeId: number;
  code: string;
  size: string;
  unit: (typeof priceItems.$inferInsert)["unit"];
  listPrice: string;
  ivaPercent: string;
  active: boolean;
};

/** The new presentation's id; undefined when its code is taken (the unique index, also in a race). */
export async function insertPriceItem(db: Db, fields: PriceItemFields, actorId: number | null) {
  const [row] = await db
    .insert(priceItems)
    .values({ ...fields, updatedBy: actorId })
    .onConflictDoNothing()
    .returning({ id: priceItems.id });
  return row?.id;
}

/** Changes a presentation if it is still at `version`; false when it moved on. Throws on a taken code. */
export async function updatePriceItem(
  db: Db,
  id: number,
  version: number,
  fields: Partial<PriceItemFields>,
  actorId: number,
) {
  const rows = await db
    .update(priceItems)
    .set({ ...fields, updatedBy: actorId, updatedAt: sql`now()`, version: sql`${priceItems.version} + 1` })
    .where(and(eq(priceItems.id, id), eq(priceItems.version, version)))
    .returning({ id: priceItems.id });
  return rows.length > 0;
}

export type PriceChangeFields = {
  priceItemId: number;
  actorId: number | null;
  actorName: string;
  oldPrice: string | null;
  newPrice: string;
  oldIvaPercent: string | null;
  newIvaPercent: string;
};

export async function insertPriceChange(db: Db, fields: PriceChangeFields) {
  await db.insert(priceChanges).values(fields);
}

/** A presentation's price history, newest first (the id breaks ties within one transaction's time). */
export function listPriceChangeRows(db: Db, priceItemId: number) {
  return db
    .select()
    .from(priceChanges)
    .where(eq(priceChanges.priceItemId, priceItemId))
    .orderBy(desc(priceChanges.at), desc(priceChanges.id));
}
