import { describe, expect, it } from "vitest";
import { pageSlots, showingSentence } from "./page-numbers";

describe("pageSlots", () => {
  it("shows every page when there are seven or fewer", () => {
    expect(pageSlots(0, 0)).toEqual([]);
    expect(pageSlots(0, 1)).toEqual([0]);
    expect(pageSlots(3, 7)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it("keeps the first and last pages and the current one's neighbours, with gaps", () => {
    expect(pageSlots(0, 20)).toEqual([0, 1, 2, 3, 4, "gap-end", 19]);
    expect(pageSlots(3, 20)).toEqual([0, 1, 2, 3, 4, "gap-end", 19]);
    expect(pageSlots(4, 20)).toEqual([0, "gap-start", 3, 4, 5, "gap-end", 19]);
    expect(pageSlots(16, 20)).toEqual([0, "gap-start", 15, 16, 17, 18, 19]);
    expect(pageSlots(19, 20)).toEqual([0, "gap-start", 15, 16, 17, 18, 19]);
  });

  it("never offers a last page it does not know (a capped count)", () => {
    expect(pageSlots(0, 1000, false)).toEqual([0, 1, 2, 3, 4, "gap-end"]);
    expect(pageSlots(500, 1000, false)).toEqual([0, "gap-start", 499, 500, 501, "gap-end"]);
    expect(pageSlots(999, 1000, false)).toEqual([0, "gap-start", 998, 999, "gap-end"]);
  });
});

describe("showingSentence", () => {
  it("says which rows are shown, as the spec words it", () => {
    expect(showingSentence(0, 10, 57)).toBe("Mostrando 1 a 10 de 57 resultados");
    expect(showingSentence(5, 10, 57)).toBe("Mostrando 51 a 57 de 57 resultados");
    expect(showingSentence(0, 10, 0)).toBe("Mostrando 0 a 0 de 0 resultados");
    expect(showingSentence(0, 10, 12345)).toBe("Mostrando 1 a 10 de 12345 resultados");
  });

  it("says honestly when a broad search stopped counting", () => {
    expect(showingSentence(0, 10, 10_000, false)).toBe("Mostrando 1 a 10 de más de 10.000 resultados");
    expect(showingSentence(3, 10, 10_000, false)).toBe("Mostrando 31 a 40 de más de 10.000 resultados");
  });
});
