import { authenticatorCodeField, recoveryCodeField } from "@app/shared";
import { SECOND_FACTOR_MESSAGES } from "@app/shared/constants";
import { describe, expect, it } from "vitest";
import { ApiError } from "~/lib/api-client";
import { checkStepCode, isStepOver, stepView } from "./second-factor-step";

describe("stepView", () => {
  it("shows the passkey button and the app's code field for an account with both", () => {
    expect(stepView(["passkey", "authenticator", "recovery"], null)).toEqual({
      passkey: true,
      code: "authenticator",
      switchTo: "recovery",
    });
  });

  it("keeps the recovery field behind its button when the account has only a passkey", () => {
    expect(stepView(["passkey", "recovery"], null)).toEqual({ passkey: true, code: null, switchTo: "recovery" });
    expect(stepView(["passkey", "recovery"], "recovery")).toEqual({ passkey: true, code: "recovery", switchTo: null });
  });

  it("offers the way back to the app's code from the recovery field", () => {
    expect(stepView(["authenticator", "recovery"], "recovery")).toEqual({
      passkey: false,
      code: "recovery",
      switchTo: "authenticator",
    });
  });

  it("never shows a method the account does not have", () => {
    expect(stepView(["passkey"], "recovery")).toEqual({ passkey: true, code: null, switchTo: null });
    expect(stepView(["authenticator"], null)).toEqual({ passkey: false, code: "authenticator", switchTo: null });
  });
});

describe("checkStepCode", () => {
  it("accepts a 6-digit code with the spaces people type", () => {
    expect(checkStepCode("authenticator", " 123 456 ")).toEqual({ code: "123456" });
  });

  it("explains an empty or malformed code", () => {
    expect(checkStepCode("authenticator", "")).toEqual({ error: SECOND_FACTOR_MESSAGES.codeRequired });
    expect(checkStepCode("authenticator", "12345")).toEqual({ error: SECOND_FACTOR_MESSAGES.codeFormat });
    expect(checkStepCode("recovery", " ")).toEqual({ error: SECOND_FACTOR_MESSAGES.recoveryRequired });
    expect(checkStepCode("recovery", "abc")).toEqual({ error: SECOND_FACTOR_MESSAGES.recoveryFormat });
  });

  it("cleans a recovery code as shown (dash, capitals)", () => {
    expect(checkStepCode("recovery", "ABCDE-12345")).toEqual({ code: "abcde12345" });
  });

  it.each([
    ["authenticator", "123456"],
    ["authenticator", "12 34 56"],
    ["authenticator", "1234567"],
    ["authenticator", "abcdef"],
    ["authenticator", ""],
    ["recovery", "abcde-12345"],
    ["recovery", "ABCDE 12345"],
    ["recovery", "abcde-1234"],
    ["recovery", "abcde_12345"],
    ["recovery", ""],
  ] as const)("agrees with the shared schema on %s %j", (kind, typed) => {
    const schema = kind === "authenticator" ? authenticatorCodeField : recoveryCodeField;
    const shared = schema.safeParse(typed);
    const local = checkStepCode(kind, typed);
    expect(local.code).toBe(shared.success ? shared.data : undefined);
    if (!shared.success) expect(local.error).toBe(shared.error.issues[0]?.message);
  });
});

describe("isStepOver", () => {
  it("recognises the expired or locked step, not a wrong code", () => {
    expect(isStepOver(new ApiError(401, SECOND_FACTOR_MESSAGES.stepExpired))).toBe(true);
    expect(isStepOver(new ApiError(401, SECOND_FACTOR_MESSAGES.codeWrong))).toBe(false);
    expect(isStepOver(new ApiError(429, SECOND_FACTOR_MESSAGES.stepExpired))).toBe(false);
  });
});
