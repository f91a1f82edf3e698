import type { PresentationUnit } from "@app/shared";
import type { Db } from "../../db/client.ts";
import { toPriceItem } from "./price-item.ts";
import { findPriceItemRows } from "./repo.ts";

// What other modules read of the catalogue (a quote's lines): a presentation by id, in words.

export type PriceItemSummary = {
  id: number;
  serviceTypeId: number;
  code: string;
  /** "Chrysal RVB y RVB Clear · 5 L". */
  description: string;
  size: string;
  unit: PresentationUnit;
  /** USD, as stored: "12.500000" (read it with `parseDecimal(text, "unitPrice")`). */
  listPrice: string;
  /** As stored: "15.00". */
  ivaPercent: string;
  active: boolean;
  /** Whether the site still offers its product (a retired one is not quoted any more). */
  productOffered: boolean;
};

/** The presentations with these ids that exist, in no particular order. */
export async function findPriceItems(db: Db, ids: readonly number[]): Promise<PriceItemSummary[]> {
  const rows = await findPriceItemRows(db, [...new Set(ids)]);
  return rows.map((row) => {
    const item = toPriceItem(row);
    return {
      id: item.id,
      serviceTypeId: item.serviceTypeId,
      code: item.code,
      description: item.description,
      size: item.size,
      unit: item.unit,
      listPrice: item.listPrice,
      ivaPercent: item.ivaPercent,
      active: item.active,
      productOffered: row.productOffered,
    };
  });
}
