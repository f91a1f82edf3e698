import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orders, quotes } from "../../db/schema/index.ts";

/** A merge of companies: the quotes and orders of the one merged away now belong to the one kept. */
export async function moveCompanyDocuments(db: Db, fromCompanyId: number, toCompanyId: number) {
  await db.update(quotes).set({ companyId: toCompanyId }).where(eq(quotes.companyId, fromCompanyId));
  await db.update(orders).set({ companyId: toCompanyId }).where(eq(orders.companyId, fromCompanyId));
}
