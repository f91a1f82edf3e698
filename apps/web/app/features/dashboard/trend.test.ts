import { describe, expect, it } from "vitest";
import { barPercent, describeTrend, total, trendDirection } from "./trend";

describe("dashboard trends", () => {
  it("says the change in words", () => {
    expect(describeTrend({ current: 5, previous: 2 }, "los 7 días anteriores")).toBe("3 más que los 7 días anteriores");
    expect(describeTrend({ current: 1, previous: 2 }, "hace 7 días")).toBe("1 menos que hace 7 días");
    expect(describeTrend({ current: 0, previous: 0 }, "la semana anterior")).toBe("Igual que la semana anterior");
    expect(trendDirection({ current: 3, previous: 3 })).toBe("same");
  });

  it("sizes bars against the largest value", () => {
    expect(total([1, 2, 3])).toBe(6);
    expect(barPercent(5, 10)).toBe(50);
    expect(barPercent(1, 1000)).toBe(2);
    expect(barPercent(0, 10)).toBe(0);
    expect(barPercent(3, 0)).toBe(0);
  });
});
