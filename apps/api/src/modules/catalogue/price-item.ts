import { type PresentationUnit, type PriceItem, presentationDescription } from "@app/shared";
import type { PriceItemRow } from "./repo.ts";

// A presentation as the API gives it, and the order people read a product's presentations in.

export const toPriceItem = (row: PriceItemRow): PriceItem => ({
  id: row.id,
  serviceTypeId: row.serviceTypeId,
  productTitle: row.productTitle,
  code: row.code,
  size: row.size,
  unit: row.unit,
  listPrice: row.listPrice,
  ivaPercent: row.ivaPercent,
  active: row.active,
  description: presentationDescription(row.productTitle, row.size, row.unit),
  updatedAt: row.updatedAt.toISOString(),
  updatedBy: row.updatedBy,
  version: row.version,
});

// Volumes, then weights, then units; within each, the size in the smaller unit (ml, g), so 500 ml
// comes before 1 L. Sizes are compared as integers of thousandths: exact, like every decimal here.
const FAMILY: Record<PresentationUnit, number> = { ml: 0, L: 0, g: 1, kg: 1, unidad: 2 };
const FACTOR: Record<PresentationUnit, bigint> = { ml: 1n, L: 1000n, g: 1n, kg: 1000n, unidad: 1n };
const thousandths = (size: string) => BigInt(size.replace(".", ""));
const amount = (row: PriceItemRow) => thousandths(row.size) * FACTOR[row.unit];

// Spanish order, case and accents aside, the same on both engines (their collations differ).
const byTitle = new Intl.Collator("es", { sensitivity: "base", numeric: true });

/** By product title, then family and size, then id. */
export function sortPriceItems(rows: PriceItemRow[]) {
  return rows.sort((a, b) => {
    const title = byTitle.compare(a.productTitle, b.productTitle) || a.serviceTypeId - b.serviceTypeId;
    if (title !== 0) return title;
    const family = FAMILY[a.unit] - FAMILY[b.unit];
    if (family !== 0) return family;
    const difference = amount(a) - amount(b);
    return difference === 0n ? a.id - b.id : difference < 0n ? -1 : 1;
  });
}
