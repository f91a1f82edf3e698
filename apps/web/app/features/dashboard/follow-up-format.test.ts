import { describe, expect, it } from "vitest";
import { formatMinutes, monthLong, monthShort, percentText } from "./follow-up-format";

describe("the follow-up figures in words", () => {
  it("says a time to reply to the minute, dropping the minutes from a day on", () => {
    expect(formatMinutes(0.4)).toBe("menos de 1 min");
    expect(formatMinutes(45)).toBe("45 min");
    expect(formatMinutes(90.5)).toBe("1 h 31 min");
    expect(formatMinutes(200)).toBe("3 h 20 min");
    expect(formatMinutes(180)).toBe("3 h");
    expect(formatMinutes(1560)).toBe("1 día 2 h");
    expect(formatMinutes(2 * 1440 + 59)).toBe("2 días");
  });

  it("gives shares as whole percentages, and a dash when there is nothing to share", () => {
    expect(percentText(6, 7)).toBe("86 %");
    expect(percentText(1, 3)).toBe("33 %");
    expect(percentText(0, 0)).toBe("—");
  });

  it("names months in Spanish", () => {
    expect(monthShort("2025-12")).toBe("dic");
    expect(monthLong("2026-01")).toBe("enero de 2026");
  });
});
