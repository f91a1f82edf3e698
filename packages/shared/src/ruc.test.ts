import { describe, expect, it } from "vitest";
import { isValidRuc, rucHolder, rucProblem } from "./ruc.ts";

// Numbers worked out by hand from the SRI's rules (the table at the top of ruc.ts), not by the code.
describe("rucProblem", () => {
  it.each([
    ["1760013210001", "public", "the SRI itself: 3,2,7,6,5,4,3,2 over 17600132 is 76, 11 - 10 = 1"],
    ["1790016919001", "private", "4,3,2,7,6,5,4,3,2 over 179001691 is 101, 11 - 2 = 9"],
    ["1790016900001", "private", "a sum of 99 leaves 0: the check digit is 0, not 11"],
    ["1710034065001", "natural", "the cédula 1710034065: 25 takes 5 to the next ten"],
    ["1710034040001", "natural", "a sum of 30 is a ten already: the check digit is 0"],
    ["0990016917002", "private", "Guayas (09), a second establishment: the sum is 103, 11 - 4 = 7"],
    ["3050000003001", "natural", "30: an Ecuadorian registered abroad; 3,0,5 doubled where due is 7, so 3"],
  ])("accepts %s (%s: %s)", (ruc, holder) => {
    expect(rucProblem(ruc)).toBeNull();
    expect(isValidRuc(ruc)).toBe(true);
    expect(rucHolder(ruc)).toBe(holder);
  });

  it("reads the RUC with the spaces around it that a paste brings", () => {
    expect(rucProblem(" 1790016919001 ")).toBeNull();
  });

  it.each([
    ["179001691900", "13 dígitos"],
    ["17900169190011", "13 dígitos"],
    ["1790016919-001", "13 dígitos"],
    ["179001691900A", "13 dígitos"],
    ["", "13 dígitos"],
    ["2590016919001", "provincia"],
    ["0090016919001", "provincia"],
    ["1770016919001", "tercer dígito"],
    ["1780016919001", "tercer dígito"],
    ["1790016918001", "dígito verificador"],
    ["1760013220001", "dígito verificador"],
    ["1710034064001", "dígito verificador"],
    ["1790016919000", "sociedad termina en 001"],
    ["1760013210000", "entidad pública termina en 0001"],
    ["1710034065000", "persona natural termina en 001"],
  ])("refuses %s, saying what is wrong (%s)", (ruc, words) => {
    expect(rucProblem(ruc)).toContain(words);
    expect(isValidRuc(ruc)).toBe(false);
  });

  it("refuses every check digit where the modulo 11 would be 10", () => {
    // 4,3,2,7,6,5,4,3 over 17900169 is 99; a ninth digit of 6 adds 12: remainder 1, check digit 10.
    for (let check = 0; check <= 9; check += 1) {
      expect(rucProblem(`179001696${check}001`)).toContain("dígito verificador");
    }
  });
});
