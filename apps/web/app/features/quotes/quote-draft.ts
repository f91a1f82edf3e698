import "~/lib/zod-browser";
import { type PriceItem, type Quote, quoteUpdateSchema } from "@app/shared";
import { type PaymentTerms, SALES_LIMITS } from "@app/shared/constants";
import { type DocumentTotals, documentTotals, type LineInput, lineAmounts, parseDecimal } from "@app/shared/money";
import { addDays, decimalForInput } from "./quote-format";

// A quote as the editor holds it: what the person typed, as text, until it is saved. The same
// schema as the API's judges it (`@app/shared`), and the same exact arithmetic computes the line
// subtotals and totals shown while typing; the API computes them again on save and is the authority.

export type LineDraft = {
  /** Stable while the line exists: its fields' ids and React's key. */
  key: string;
  priceItemId: number | null;
  quantity: string;
  unitPrice: string;
  discountPercent: string;
};

export type QuoteDraft = {
  validUntil: string;
  paymentTerms: PaymentTerms;
  deliveryNotes: string;
  lines: LineDraft[];
};

export type LineField = "priceItemId" | "quantity" | "unitPrice" | "discountPercent";

/** What a quote says once saved: the body of `POST /api/quotes` and `PUT /api/quotes/:id`. */
export type QuoteFields = {
  validUntil: string;
  paymentTerms: PaymentTerms;
  deliveryNotes: string;
  lines: { priceItemId: number; quantity: string; unitPrice: string; discountPercent?: string }[];
};

export const newLine = (key: string): LineDraft => ({
  key,
  priceItemId: null,
  quantity: "1",
  unitPrice: "",
  discountPercent: "0",
});

/** A new quote: one empty line, valid SALES_LIMITS.validityDefaultDays from today, cash. */
export const emptyDraft = (today: string, key: string): QuoteDraft => ({
  validUntil: addDays(today, SALES_LIMITS.validityDefaultDays),
  paymentTerms: "contado",
  deliveryNotes: "",
  lines: [newLine(key)],
});

/** A stored draft, ready to edit again. */
export const draftOf = (quote: Quote, keyOf: (index: number) => string): QuoteDraft => ({
  validUntil: quote.validUntil,
  paymentTerms: quote.paymentTerms,
  deliveryNotes: quote.deliveryNotes,
  lines: quote.lines.map((line, index) => ({
    key: keyOf(index),
    priceItemId: line.priceItemId,
    quantity: decimalForInput(line.quantity),
    unitPrice: decimalForInput(line.unitPrice, 2),
    discountPercent: decimalForInput(line.discountPercent),
  })),
});

/** The catalogue's list price of a presentation, as its field shows it. */
export const listPriceInput = (item: PriceItem) => decimalForInput(item.listPrice, 2);

/** The draft as the API takes it; an empty discount is none. */
export function fieldsOf(draft: QuoteDraft): QuoteFields {
  return {
    validUntil: draft.validUntil,
    paymentTerms: draft.paymentTerms,
    deliveryNotes: draft.deliveryNotes.trim(),
    lines: draft.lines.map((line) => ({
      priceItemId: line.priceItemId ?? 0,
      quantity: line.quantity.trim(),
      unitPrice: line.unitPrice.trim(),
      ...(line.discountPercent.trim() === "" ? {} : { discountPercent: line.discountPercent.trim() }),
    })),
  };
}

/** Whether two drafts say the same (the lines' keys aside): nothing to save. */
export const sameDraft = (a: QuoteDraft, b: QuoteDraft) => JSON.stringify(fieldsOf(a)) === JSON.stringify(fieldsOf(b));

/** The field a problem's path is about: `lines.0.quantity`, `validUntil`, or `lines` itself. */
export const linePath = (index: number, field: LineField) => `lines.${index}.${field}`;

export const PRESENTATION_MISSING = "Presentación: elige una presentación del catálogo.";

/**
 * What is wrong with the draft, by path (the API's `details` use the same ones), each message
 * naming its field as the API's do; `today` is Ecuador's, for `Válida hasta`.
 */
export function draftProblems(draft: QuoteDraft, today: string): Record<string, string> {
  const problems: Record<string, string> = {};
  const parsed = quoteUpdateSchema.safeParse({ ...fieldsOf(draft), version: 0 });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join(".");
      // The presentation is a choice, said in our own words below.
      if (path.endsWith(".priceItemId") || path in problems) continue;
      problems[path] = issue.message;
    }
  }
  draft.lines.forEach((line, index) => {
    if (line.priceItemId === null) problems[linePath(index, "priceItemId")] = PRESENTATION_MISSING;
  });
  if (!problems.validUntil) {
    if (draft.validUntil < today) problems.validUntil = "Válida hasta: elige hoy o un día posterior.";
    else if (draft.validUntil > addDays(today, SALES_LIMITS.validityMaxDays)) {
      problems.validUntil = `Válida hasta: como máximo ${SALES_LIMITS.validityMaxDays} días desde hoy.`;
    }
  }
  return problems;
}

/** A line's figures when all of them read as numbers, with its presentation's IVA; else null. */
function lineInput(line: LineDraft, items: ReadonlyMap<number, PriceItem>): LineInput | null {
  const item = line.priceItemId === null ? undefined : items.get(line.priceItemId);
  if (!item) return null;
  const quantity = parseDecimal(line.quantity, "quantity");
  const unitPrice = parseDecimal(line.unitPrice, "unitPrice");
  const discount = line.discountPercent.trim() === "" ? { value: 0n } : parseDecimal(line.discountPercent, "percent");
  const iva = parseDecimal(item.ivaPercent, "percent");
  if (!("value" in quantity && "value" in unitPrice && "value" in discount && "value" in iva)) return null;
  if (discount.value > 10_000n) return null;
  return {
    quantity: quantity.value,
    unitPrice: unitPrice.value,
    discountPercent: discount.value,
    ivaPercent: iva.value,
  };
}

export type LiveAmounts = {
  /** Each line's subtotal in cents, or null while it cannot be computed (a figure is missing or wrong). */
  lineSubtotals: (number | null)[];
  /** The totals of the lines that can be computed. */
  totals: DocumentTotals;
  /** Every line counted: the totals are the quote's. */
  complete: boolean;
};

/** The subtotals and totals as the draft stands, with the arithmetic the API uses. */
export function liveAmounts(draft: QuoteDraft, items: ReadonlyMap<number, PriceItem>): LiveAmounts {
  const inputs = draft.lines.map((line) => lineInput(line, items));
  const counted = inputs.filter((input): input is LineInput => input !== null);
  return {
    lineSubtotals: inputs.map((input) => (input ? lineAmounts(input).subtotalCents : null)),
    totals: documentTotals(counted),
    complete: counted.length === inputs.length && inputs.length > 0,
  };
}
