import type { PriceItem } from "@app/shared";
import { describe, expect, it } from "vitest";
import {
  draftProblems,
  emptyDraft,
  fieldsOf,
  liveAmounts,
  newLine,
  PRESENTATION_MISSING,
  type QuoteDraft,
  sameDraft,
} from "./quote-draft";

const item = (id: number, listPrice: string, ivaPercent: string): PriceItem => ({
  id,
  serviceTypeId: 1,
  productTitle: "Chrysal RVB y RVB Clear",
  code: `RVB-${id}`,
  size: "5.000",
  unit: "L",
  listPrice,
  ivaPercent,
  active: true,
  description: "Chrysal RVB y RVB Clear · 5 L",
  updatedAt: "2026-12-01T00:00:00Z",
  updatedBy: null,
  version: 1,
});

const items = new Map([
  [1, item(1, "42.500000", "15.00")],
  [2, item(2, "0.333333", "0.00")],
]);

const TODAY = "2026-12-01";

const draft = (lines: Partial<QuoteDraft["lines"][number]>[]): QuoteDraft => ({
  ...emptyDraft(TODAY, "a"),
  lines: lines.map((line, index) => ({ ...newLine(`k${index}`), ...line })),
});

describe("quote draft", () => {
  it("proposes a new quote valid 15 days, cash, with one line to fill", () => {
    const fresh = emptyDraft(TODAY, "a");
    expect(fresh.validUntil).toBe("2026-12-16");
    expect(fresh.paymentTerms).toBe("contado");
    expect(fresh.lines).toHaveLength(1);
  });

  it("computes each line and the totals exactly, IVA per rate", () => {
    const live = liveAmounts(
      draft([
        { priceItemId: 1, quantity: "3", unitPrice: "42,50", discountPercent: "10" },
        { priceItemId: 2, quantity: "3", unitPrice: "0,333333", discountPercent: "" },
      ]),
      items,
    );
    // 3 x 42.50 = 127.50, less 10% = 114.75; 3 x 0.333333 = 0.999999 -> 1.00.
    expect(live.lineSubtotals).toEqual([11475, 100]);
    expect(live.totals.subtotalCents).toBe(11575);
    expect(live.totals.ivaBases.map((base) => [base.ivaPercent, base.baseCents, base.ivaCents])).toEqual([
      [1500n, 11475, 1721],
      [0n, 100, 0],
    ]);
    expect(live.totals.totalCents).toBe(13296);
    expect(live.complete).toBe(true);
  });

  it("leaves out of the totals a line that cannot be computed yet", () => {
    const live = liveAmounts(
      draft([
        { priceItemId: 1, quantity: "2", unitPrice: "42,50" },
        { priceItemId: 1, quantity: "1.234,5", unitPrice: "42,50" },
        { priceItemId: null },
      ]),
      items,
    );
    expect(live.lineSubtotals).toEqual([8500, null, null]);
    expect(live.totals.totalCents).toBe(9775);
    expect(live.complete).toBe(false);
  });

  it("says what is wrong under the field the API would name", () => {
    const problems = draftProblems(
      draft([{ priceItemId: 1, quantity: "1.234,5", unitPrice: "" }, { discountPercent: "120" }]),
      TODAY,
    );
    expect(problems["lines.0.quantity"]).toMatch(/^Cantidad: /);
    expect(problems["lines.0.unitPrice"]).toBe("Precio unitario: escribe un número.");
    expect(problems["lines.1.priceItemId"]).toBe(PRESENTATION_MISSING);
    expect(problems["lines.1.discountPercent"]).toMatch(/^Descuento: no puede pasar de 100/);
    expect(problems["lines.0.priceItemId"]).toBeUndefined();
  });

  it("asks for a line, and for a validity from today to 180 days on", () => {
    expect(draftProblems({ ...emptyDraft(TODAY, "a"), lines: [] }, TODAY).lines).toBe(
      "Agrega al menos una línea a la cotización.",
    );
    const line = { priceItemId: 1, quantity: "1", unitPrice: "1" };
    expect(draftProblems({ ...draft([line]), validUntil: "2026-11-30" }, TODAY).validUntil).toBe(
      "Válida hasta: elige hoy o un día posterior.",
    );
    expect(draftProblems({ ...draft([line]), validUntil: "2027-05-31" }, TODAY).validUntil).toMatch(/180 días/);
    expect(draftProblems({ ...draft([line]), validUntil: "2027-05-30" }, TODAY)).toEqual({});
  });

  it("sends what was typed, without an empty discount, and knows when nothing changed", () => {
    const typed = draft([{ priceItemId: 1, quantity: " 3 ", unitPrice: "42,50", discountPercent: "" }]);
    expect(fieldsOf(typed).lines).toEqual([{ priceItemId: 1, quantity: "3", unitPrice: "42,50" }]);
    const sameWithOtherKeys = { ...typed, lines: typed.lines.map((line) => ({ ...line, key: "other" })) };
    expect(sameDraft(typed, sameWithOtherKeys)).toBe(true);
    expect(sameDraft(typed, { ...typed, deliveryNotes: "Entregar en Cayambe" })).toBe(false);
  });
});
