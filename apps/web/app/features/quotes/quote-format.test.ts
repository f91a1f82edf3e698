import { describe, expect, it } from "vitest";
import { addDays, decimalForInput, formatCents, formatDay, formatFigure, todayInEcuador } from "./quote-format";

describe("quote format", () => {
  it("shows cents as dollars with Ecuador's separators, exactly", () => {
    expect(formatCents(123450)).toBe("$1.234,50");
    expect(formatCents(5)).toBe("$0,05");
    expect(formatCents(0)).toBe("$0,00");
    // 2^53 cents would lose cents as a binary fraction; the text keeps every digit.
    expect(formatCents(123456789012345)).toBe("$1.234.567.890.123,45");
  });

  it("gives stored decimals back as a person types them", () => {
    expect(decimalForInput("12.500000", 2)).toBe("12,50");
    expect(decimalForInput("0.123456", 2)).toBe("0,123456");
    expect(decimalForInput("3.00")).toBe("3");
    expect(decimalForInput("10.50")).toBe("10,5");
    expect(decimalForInput("1500.00")).toBe("1500");
  });

  it("groups a stored figure for reading", () => {
    expect(formatFigure("1500.00")).toBe("1.500");
    expect(formatFigure("2.50")).toBe("2,5");
  });

  it("counts days in Ecuador, not in the browser's zone", () => {
    // 03:00 UTC on 2 March is still 1 March in Ecuador (UTC-5).
    expect(todayInEcuador(new Date("2027-03-02T03:00:00Z"))).toBe("2027-03-01");
    expect(todayInEcuador(new Date("2027-03-02T05:00:00Z"))).toBe("2027-03-02");
    expect(addDays("2026-12-25", 15)).toBe("2027-01-09");
    expect(addDays("2028-02-20", 15)).toBe("2028-03-06");
    expect(formatDay("2026-12-15")).toBe("15/12/2026");
  });
});
