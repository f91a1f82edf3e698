import type { QuoteLineInput } from "@app/shared";
import { SALES_MESSAGES } from "@app/shared/constants";
import {
  centsToDecimal,
  documentTotals,
  formatScaled,
  type LineInput,
  lineAmounts,
  parseDecimal,
} from "@app/shared/money";
import type { Db } from "../../db/client.ts";
import { findPriceItems } from "../catalogue/index.ts";

// The lines of a quote or an order as written: priced from the catalogue (a typed price wins),
// described as printed, with exact subtotals and the document's totals.

/** Bad input found against the database (a presentation no longer offered, a date): 400 with details. */
export class QuoteInputError extends Error {
  override name = "QuoteInputError";
  constructor(readonly details: { path: string; message: string }[]) {
    super(details[0]?.message ?? "Revisa la cotización.");
  }
}

/** The catalogue's presentations a quote may use: active, of a product the site still offers. */
export async function findQuotablePriceItems(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return (await findPriceItems(db, ids)).filter((item) => item.active && item.productOffered);
}

const decimal = (text: string, kind: "quantity" | "unitPrice" | "percent") => {
  const parsed = parseDecimal(text, kind);
  // The request's schema checked it already.
  if ("problem" in parsed) throw new Error(`unchecked ${kind}: ${text}`);
  return parsed.value;
};

/** The lines as stored: described and priced from the catalogue (a typed price wins), with their subtotals. */
export async function pricedLines(db: Db, lines: QuoteLineInput[]) {
  const items = await findQuotablePriceItems(db, [...new Set(lines.map((line) => line.priceItemId))]);
  const byId = new Map(items.map((item) => [item.id, item]));
  const problems: { path: string; message: string }[] = [];
  const priced = lines.flatMap((line, index) => {
    const item = byId.get(line.priceItemId);
    if (!item) {
      problems.push({
        path: `lines.${index}.priceItemId`,
        message: `Línea ${index + 1}: ${SALES_MESSAGES.unknownPriceItem}`,
      });
      return [];
    }
    const scaled = {
      quantity: decimal(line.quantity, "quantity"),
      unitPrice: decimal(line.unitPrice ?? item.listPrice, "unitPrice"),
      discountPercent: decimal(line.discountPercent ?? "0", "percent"),
      ivaPercent: decimal(item.ivaPercent, "percent"),
    };
    return [
      {
        position: index + 1,
        priceItemId: item.id,
        description: item.description,
        quantity: formatScaled(scaled.quantity, "quantity"),
        unitPrice: formatScaled(scaled.unitPrice, "unitPrice"),
        discountPercent: formatScaled(scaled.discountPercent, "percent"),
        ivaPercent: formatScaled(scaled.ivaPercent, "percent"),
        subtotalCents: lineAmounts(scaled).subtotalCents,
        scaled,
      },
    ];
  });
  if (problems.length > 0) throw new QuoteInputError(problems);
  const totals = documentTotals(priced.map((line) => line.scaled));
  return {
    rows: priced.map(({ scaled: _, ...row }) => row),
    totals: {
      grossCents: totals.grossCents,
      discountCents: totals.discountCents,
      subtotalCents: totals.subtotalCents,
      ivaCents: totals.ivaCents,
      totalCents: totals.totalCents,
    },
  };
}

/** The scaled decimal of stored numeric text ("12.500000"): what the money helpers compute with. */
const stored = (text: string, kind: "quantity" | "unitPrice" | "percent") => {
  const parsed = parseDecimal(text, kind);
  if ("problem" in parsed) throw new Error(`stored ${kind} ${text} is not a decimal`);
  return parsed.value;
};

export type StoredLine = {
  position: number;
  priceItemId: number;
  description: string;
  quantity: string;
  unitPrice: string;
  discountPercent: string;
  ivaPercent: string;
  subtotalCents: number;
};

/** Stored lines as the API gives them, with the document's totals and IVA per rate. */
export function documentView(lines: StoredLine[]) {
  const inputs: LineInput[] = lines.map((line) => ({
    quantity: stored(line.quantity, "quantity"),
    unitPrice: stored(line.unitPrice, "unitPrice"),
    discountPercent: stored(line.discountPercent, "percent"),
    ivaPercent: stored(line.ivaPercent, "percent"),
  }));
  const totals = documentTotals(inputs);
  return {
    lines: lines.map((line, index) => {
      const input = inputs[index] as LineInput;
      return {
        position: line.position,
        priceItemId: line.priceItemId,
        description: line.description,
        quantity: formatScaled(input.quantity, "quantity"),
        unitPrice: formatScaled(input.unitPrice, "unitPrice"),
        discountPercent: formatScaled(input.discountPercent, "percent"),
        ivaPercent: formatScaled(input.ivaPercent, "percent"),
        subtotal: centsToDecimal(line.subtotalCents),
      };
    }),
    gross: centsToDecimal(totals.grossCents),
    discount: centsToDecimal(totals.discountCents),
    subtotal: centsToDecimal(totals.subtotalCents),
    ivaBases: totals.ivaBases.map((base) => ({
      ivaPercent: formatScaled(base.ivaPercent, "percent"),
      base: centsToDecimal(base.baseCents),
      iva: centsToDecimal(base.ivaCents),
    })),
    iva: centsToDecimal(totals.ivaCents),
    total: centsToDecimal(totals.totalCents),
  };
}
