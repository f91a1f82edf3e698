import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orders, quotes } from "../../db/schema/index.ts";

/** What stands where staff wrote about the person (a delivery note may name them or their farm). */
const ANONYMISED = "(anonimizado)";

/**
 * Forgetting people (LOPDP): their quotes' and orders' free text goes; numbers, dates, lines and
 * amounts stay, so the sales figures still add up. In the caller's transaction (retention's).
 */
export async function anonymiseSalesOf(db: Db, clientIds: number[]) {
  if (clientIds.length === 0) return;
  await db.update(quotes).set({ deliveryNotes: ANONYMISED }).where(inArray(quotes.clientId, clientIds));
  await db.update(orders).set({ notes: ANONYMISED }).where(inArray(orders.clientId, clientIds));
}
