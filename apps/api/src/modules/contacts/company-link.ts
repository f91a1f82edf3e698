import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contacts } from "../../db/schema/index.ts";

// Which company a contact belongs to (`clients.company_id`, decision 055): the companies module
// links, unlinks and merges through these, the contacts module being the one that writes clients.

/** A contact as linking found it: the company it belonged to before (null: none). */
export type LinkedContact = { id: number; previousCompanyId: number | null };

/**
 * Puts these contacts in company `companyId` (null: in none). Their rows are locked first, so the
 * company each one leaves is the one it really was in; a contact that does not exist is left out
 * of the answer. A company that does not exist fails on the foreign key.
 */
export async function linkContactsToCompany(
  db: Db,
  clientIds: number[],
  companyId: number | null,
): Promise<LinkedContact[]> {
  if (clientIds.length === 0) return [];
  const before = await db
    .select({ id: contacts.id, previousCompanyId: contacts.companyId })
    .from(contacts)
    .where(inArray(contacts.id, clientIds))
    .orderBy(contacts.id)
    .for("no key update");
  if (before.length === 0) return [];
  await db
    .update(contacts)
    .set({ companyId, updatedAt: sql`now()` })
    .where(
      inArray(
        contacts.id,
        before.map((row) => row.id),
      ),
    );
  return before;
}

/** Takes a contact out of company `companyId`; false when it was not in it. */
export async function unlinkContactFromCompany(db: Db, clientId: number, companyId: number) {
  const rows = await db
    .update(contacts)
    .set({ companyId: null, updatedAt: sql`now()` })
    .where(and(eq(contacts.id, clientId), eq(contacts.companyId, companyId)))
    .returning({ id: contacts.id });
  return rows.length > 0;
}

/** A merge of companies: every person of `fromId` now belongs to `toId`; answers how many moved. */
export async function moveCompanyPeople(db: Db, fromId: number, toId: number) {
  const rows = await db
    .update(contacts)
    .set({ companyId: toId, updatedAt: sql`now()` })
    .where(eq(contacts.companyId, fromId))
    .returning({ id: contacts.id });
  return rows.length;
}
