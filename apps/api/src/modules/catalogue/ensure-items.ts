import type { PriceItemValues } from "@app/shared";
import type { Db } from "../../db/client.ts";
import { findCodeTwin, insertPriceChange, insertPriceItem, listProducts } from "./repo.ts";

/**
 * Adds the presentations whose code is not there yet, each with the first line of its price history
 * signed `by` (no account: demo data, an import). Skips a product the site does not offer. Answers
 * how many it added, so a second run adds none.
 */
export async function ensurePriceItems(db: Db, items: readonly PriceItemValues[], by: string) {
  const products = new Set((await listProducts(db)).map((product) => product.id));
  let added = 0;
  for (const item of items) {
    if (!products.has(item.serviceTypeId) || (await findCodeTwin(db, item.code))) continue;
    const created = await db.transaction(async (tx) => {
      const id = await insertPriceItem(tx, item, null);
      if (id === undefined) return false;
      await insertPriceChange(tx, {
        priceItemId: id,
        actorId: null,
        actorName: by,
        oldPrice: null,
        newPrice: item.listPrice,
        oldIvaPercent: null,
        newIvaPercent: item.ivaPercent,
      });
      return true;
    });
    if (created) added += 1;
  }
  return added;
}
