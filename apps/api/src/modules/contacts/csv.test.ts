import { describe, expect, it } from "vitest";
import { csvCell, csvTime } from "./csv.ts";

describe("the CSV export's cells", () => {
  it("writes times as Ecuador reads them, the day before when UTC has already turned", () => {
    expect(csvTime("2026-11-29T16:26:31.000Z")).toBe("2026-11-29 11:26");
    expect(csvTime(new Date("2026-12-01T03:05:00Z"))).toBe("2026-11-30 22:05");
    expect(csvTime(null)).toBe("");
  });

  it("quotes every cell and neutralises what looks like a formula", () => {
    expect(csvCell('Dijo "hola"')).toBe('"Dijo ""hola"""');
    expect(csvCell("=1+1")).toBe(`"'=1+1"`);
    expect(csvCell(undefined)).toBe('""');
  });
});
