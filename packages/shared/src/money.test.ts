import { describe, expect, it } from "vitest";
import { centsToDecimal, documentTotals, formatScaled, type LineInput, lineAmounts, parseDecimal } from "./money.ts";

/** A line from the text a person types, as the form would read it. */
function line(quantity: string, unitPrice: string, discountPercent = "0", ivaPercent = "15"): LineInput {
  const read = (text: string, kind: Parameters<typeof parseDecimal>[1]) => {
    const parsed = parseDecimal(text, kind);
    if ("problem" in parsed) throw new Error(parsed.problem);
    return parsed.value;
  };
  return {
    quantity: read(quantity, "quantity"),
    unitPrice: read(unitPrice, "unitPrice"),
    discountPercent: read(discountPercent, "percent"),
    ivaPercent: read(ivaPercent, "percent"),
  };
}

describe("parseDecimal", () => {
  it("reads a point or a comma, at the kind's scale", () => {
    expect(parseDecimal("12,5", "quantity")).toEqual({ value: 1250n });
    expect(parseDecimal("12.5", "quantity")).toEqual({ value: 1250n });
    expect(parseDecimal(" 3 ", "quantity")).toEqual({ value: 300n });
    expect(parseDecimal("0.000001", "unitPrice")).toEqual({ value: 1n });
    expect(parseDecimal("15", "percent")).toEqual({ value: 1500n });
  });

  it.each([
    ["12.505", "quantity", "Usa hasta 2 decimales."],
    ["1.1234567", "unitPrice", "Usa hasta 6 decimales."],
    ["-1", "quantity", "sin signos"],
    ["1.234,50", "unitPrice", "separadores de miles"],
    ["", "quantity", "Escribe un número"],
    ["doce", "quantity", "Escribe un número"],
    ["1e3", "quantity", "Escribe un número"],
    ["1234567890123", "quantity", "Escribe un número"],
  ] as const)("refuses %j as a %s with a message to fix it", (text, kind, words) => {
    const parsed = parseDecimal(text, kind);
    expect("problem" in parsed && parsed.problem).toContain(words);
  });

  it("writes back what it read", () => {
    expect(formatScaled(1250n, "quantity")).toBe("12.50");
    expect(formatScaled(5n, "unitPrice")).toBe("0.000005");
    expect(centsToDecimal(123456)).toBe("1234.56");
    expect(centsToDecimal(7)).toBe("0.07");
    expect(centsToDecimal(0)).toBe("0.00");
  });
});

describe("lineAmounts", () => {
  it("multiplies exactly and rounds once, half up, to the cent", () => {
    expect(lineAmounts(line("3", "12.50"))).toEqual({ grossCents: 3750, discountCents: 0, subtotalCents: 3750 });
    // 0.5 of a cent is a cent.
    expect(lineAmounts(line("1", "0.005")).grossCents).toBe(1);
    expect(lineAmounts(line("1", "0.004999")).grossCents).toBe(0);
  });

  it("takes the discount from the exact product, so gross less discount is the line's subtotal", () => {
    // 7 x 3.333333 = 23.333331; 12.5% of it is 2.916666375.
    expect(lineAmounts(line("7", "3.333333", "12.5"))).toEqual({
      grossCents: 2333,
      discountCents: 292,
      subtotalCents: 2041,
    });
    expect(lineAmounts(line("2", "10", "100")).subtotalCents).toBe(0);
  });
});

describe("documentTotals", () => {
  it("adds what floating point would not: 0.10 + 0.20 is 0.30", () => {
    const totals = documentTotals([line("1", "0.10", "0", "0"), line("1", "0.20", "0", "0")]);
    expect(totals.subtotalCents).toBe(30);
    expect(totals.totalCents).toBe(30);
  });

  it("charges IVA on the sum of each rate's lines, not line by line", () => {
    // Line by line 15% of 0.10 is 0.015 -> 0.02, twice 0.04; on the sum, 15% of 0.20 is 0.03.
    const totals = documentTotals([line("1", "0.10"), line("1", "0.10")]);
    expect(totals.ivaBases).toEqual([{ ivaPercent: 1500n, baseCents: 20, ivaCents: 3 }]);
    expect(totals.ivaCents).toBe(3);
    expect(totals.totalCents).toBe(23);
  });

  it("shows each rate, 0% included, highest first, and adds up", () => {
    const totals = documentTotals([line("3", "12.50"), line("10", "4.20", "0", "0"), line("7", "3.333333", "12.5")]);
    expect(totals.grossCents).toBe(3750 + 4200 + 2333);
    expect(totals.discountCents).toBe(292);
    expect(totals.subtotalCents).toBe(3750 + 4200 + 2041);
    // 15% of 57.91 is 8.6865 -> 8.69.
    expect(totals.ivaBases).toEqual([
      { ivaPercent: 1500n, baseCents: 5791, ivaCents: 869 },
      { ivaPercent: 0n, baseCents: 4200, ivaCents: 0 },
    ]);
    expect(totals.totalCents).toBe(9991 + 869);
    expect(totals.grossCents - totals.discountCents).toBe(totals.subtotalCents);
  });

  it("is zero for no lines", () => {
    expect(documentTotals([])).toMatchObject({ subtotalCents: 0, ivaCents: 0, totalCents: 0, ivaBases: [] });
  });
});
