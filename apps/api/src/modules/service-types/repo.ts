import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { serviceTypes, siteItems } from "../../db/schema/index.ts";

/** What the site offers now, in the catalogue's order (the spec's 18, then the products added since). */
export function listServiceTypes(db: Db) {
  return db
    .select({ id: serviceTypes.id, title: serviceTypes.title })
    .from(serviceTypes)
    .where(isNull(serviceTypes.retiredAt))
    .orderBy(asc(serviceTypes.id));
}

/** Every service type, retired ones too (old messages ask for them): the CRM's filters and search. */
export function listAllServiceTypes(db: Db) {
  return db
    .select({
      id: serviceTypes.id,
      title: serviceTypes.title,
      offered: sql<boolean>`${serviceTypes.retiredAt} is null`,
    })
    .from(serviceTypes)
    .orderBy(asc(serviceTypes.id));
}

export async function findServiceType(db: Db, id: number) {
  const [row] = await db.select().from(serviceTypes).where(eq(serviceTypes.id, id));
  return row;
}

/** The service type called `title`, offered again if it had been retired, or a new one. */
export async function offerServiceType(db: Db, title: string) {
  const [row] = await db
    .insert(serviceTypes)
    .values({ title })
    .onConflictDoUpdate({ target: serviceTypes.title, set: { retiredAt: null } })
    .returning({ id: serviceTypes.id });
  if (!row) throw new Error("upsert returned no row");
  return row.id;
}

/** Offers service type `id` again (its product published again under the same title). */
export async function reofferServiceType(db: Db, id: number) {
  await db.update(serviceTypes).set({ retiredAt: null }).where(eq(serviceTypes.id, id));
}

/** Stops offering service type `id`, unless a product on the site (other than `exceptItemId`) still asks for it. */
export async function retireServiceType(db: Db, id: number, exceptItemId: number) {
  await db
    .update(serviceTypes)
    .set({ retiredAt: sql`now()` })
    .where(
      and(
        eq(serviceTypes.id, id),
        sql`not exists (select 1 from ${siteItems} where ${siteItems.serviceTypeId} = ${id}
          and ${siteItems.id} <> ${exceptItemId} and ${siteItems.published} is not null)`,
      ),
    );
}
