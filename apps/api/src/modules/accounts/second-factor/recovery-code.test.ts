import { recoveryCodeField } from "@app/shared";
import { SECOND_FACTOR_LIMITS } from "@app/shared/constants";
import { describe, expect, it } from "vitest";
import { newRecoveryCodes, shownRecoveryCode } from "./recovery-code.ts";

describe("recovery codes", () => {
  it("makes 10 different codes of 10 letters and digits, without characters read wrong from paper", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(SECOND_FACTOR_LIMITS.recoveryCodes);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{10}$/);
  });

  it("makes new codes every time", () => {
    const seen = new Set(newRecoveryCodes());
    for (const code of newRecoveryCodes()) expect(seen.has(code)).toBe(false);
  });

  it("shows a code as abcde-12345, and the form reads that back as stored", () => {
    expect(shownRecoveryCode("abcde23456")).toBe("abcde-23456");
    for (const code of newRecoveryCodes()) {
      const shown = shownRecoveryCode(code);
      expect(shown).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
      expect(recoveryCodeField.parse(shown)).toBe(code);
      expect(recoveryCodeField.parse(` ${shown.toUpperCase()} `)).toBe(code);
    }
  });
});
