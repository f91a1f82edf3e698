import { describe, expect, it } from "vitest";
import {
  dialDigits,
  formatInternational,
  formatPhone,
  internationalToE164,
  nationalPart,
  storedToE164,
  toE164,
} from "./phone-number.ts";

describe("toE164: what a person typed after a country code, as E.164", () => {
  it.each([
    // Ecuador's mobiles as the form's own example types them: the trunk 0 goes (issue 31, point 9).
    ["+593", "0991234567", "+593991234567"],
    ["+593", "099 123 4567", "+593991234567"],
    ["+593", "991234567", "+593991234567"],
    ["+593", "(02) 234-5678", "+59322345678"],
    ["+57", "3001234567", "+573001234567"],
    ["+31", "06 12345678", "+31612345678"],
    ["+81", "9012345678", "+819012345678"],
    ["+1", "201 555 0123", "+12015550123"],
  ])("%s %s -> %s", (code, typed, e164) => {
    expect(toE164(code, typed)).toBe(e164);
    // Idempotent: a stored number typed again is the same number.
    expect(toE164(code, nationalPart(e164, code))).toBe(e164);
  });

  it("keeps a number the rules cannot read as typed after its code: a lead is never refused for it", () => {
    expect(toE164("+1", "201555012")).toBe("+1201555012");
    expect(toE164("+999", "123456789")).toBe("+999123456789");
  });
});

describe("internationalToE164: a number typed whole (a signature's)", () => {
  it.each([
    ["+593 99 123 4567", "+593991234567"],
    ["+593 099 123 4567", "+593991234567"],
    ["+57 300 123 4567", "+573001234567"],
    ["+1 (201) 555-0123", "+12015550123"],
  ])("%s -> %s", (typed, e164) => {
    expect(internationalToE164(typed)).toBe(e164);
  });

  it.each(["0991234567", "+12", "+999 1234567", "+593 12", ""])("%s is no number", (typed) => {
    expect(internationalToE164(typed)).toBeUndefined();
  });
});

describe("how a stored number reads", () => {
  it("an Ecuadorian one as dialled at home, any other with its country code", () => {
    expect(formatPhone("+593991234567")).toBe("099 123 4567");
    expect(formatPhone("+59322345678")).toBe("(02) 234-5678");
    expect(formatPhone("+573001234567")).toBe("+57 300 1234567");
    expect(formatInternational("+593991234567")).toBe("+593 99 123 4567");
  });

  it("one the rules cannot read, and an anonymised one, as stored", () => {
    expect(formatPhone("+999123456789")).toBe("+999123456789");
    expect(formatPhone("+593000000000")).toBe("+593000000000");
    expect(formatPhone("")).toBe("");
  });

  it("splits off the national part for a form that asks for the code apart", () => {
    expect(nationalPart("+593991234567", "+593")).toBe("099 123 4567");
    expect(nationalPart("+999123456789", "+999")).toBe("123456789");
    expect(nationalPart("+819012345678", "+81")).toBe("9012345678");
  });

  it("gives tel: and wa.me the digits, and nothing for a number no one can dial", () => {
    expect(dialDigits("+593991234567")).toBe("593991234567");
    expect(dialDigits("+999123456789")).toBe("999123456789");
    expect(dialDigits("+593000000000")).toBeUndefined();
    expect(dialDigits("")).toBeUndefined();
    expect(dialDigits("+5931")).toBeUndefined();
  });
});

describe("storedToE164: numbers stored before E.164", () => {
  it("drops the trunk prefix kept after the code; leaves E.164, a whole number and none alone", () => {
    expect(storedToE164("+5930991234567", "+593")).toBe("+593991234567");
    expect(storedToE164("+593991234567", "+593")).toBe("+593991234567");
    expect(storedToE164("+573001234567", "+593")).toBe("+573001234567");
    expect(storedToE164("", "")).toBe("");
    expect(storedToE164("+593000000000", "+593")).toBe("+593000000000");
  });
});
