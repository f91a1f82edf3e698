import { describe, expect, it } from "vitest";
import { FRESH_COUNT_BELOW, LARGE_COUNT_TTL_MS } from "../../kernel/reused-count.ts";
import { listTotal } from "./list-total.ts";

describe("the plain list's total", () => {
  it("is counted afresh every time while the list is small", async () => {
    const db = {};
    let total = 3;
    const count = async () => total;
    expect(await listTotal(db, "main", count, 0)).toBe(3);
    total = 4;
    expect(await listTotal(db, "main", count, 1)).toBe(4);
  });

  it("is reused for a few seconds once large, per database and view, then counted again", async () => {
    const db = {};
    let calls = 0;
    const count = async () => FRESH_COUNT_BELOW + ++calls;
    expect(await listTotal(db, "main", count, 0)).toBe(FRESH_COUNT_BELOW + 1);
    expect(await listTotal(db, "main", count, LARGE_COUNT_TTL_MS - 1)).toBe(FRESH_COUNT_BELOW + 1);
    expect(await listTotal(db, "review", count, 1)).toBe(FRESH_COUNT_BELOW + 2);
    expect(await listTotal({}, "main", count, 1)).toBe(FRESH_COUNT_BELOW + 3);
    expect(await listTotal(db, "main", count, LARGE_COUNT_TTL_MS)).toBe(FRESH_COUNT_BELOW + 4);
  });
});
