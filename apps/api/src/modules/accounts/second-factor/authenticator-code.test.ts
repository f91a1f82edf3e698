import { describe, expect, it } from "vitest";
import { acceptedStep, authenticatorCode, authenticatorUri, newAuthenticatorSecret } from "./authenticator-code.ts";

// RFC 6238 with 30-second steps: a code is good for its step and the steps either side of now, and
// only for a step later than the last one used.

const secret = newAuthenticatorSecret();
/** The middle of a step, far from its edges. */
const now = 1_760_000_000_000 - (1_760_000_000_000 % 30_000) + 15_000;
const step = Math.floor(now / 30_000);
const codeAt = (steps: number) => authenticatorCode(secret, now + steps * 30_000);

describe("authenticator codes", () => {
  it("makes a 160-bit base32 secret and an otpauth address with the brand, the person and SHA-1/6/30", () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(authenticatorUri(secret, "maria"));
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    expect(decodeURIComponent(uri.pathname)).toMatch(/:maria$/);
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      secret,
      algorithm: "SHA1",
      digits: "6",
      period: "30",
    });
  });

  it("matches RFC 6238's SHA-1 test vector", () => {
    // Secret "12345678901234567890", T = 59 s: 94287082, whose last 6 digits an app shows.
    expect(authenticatorCode("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", 59_000)).toBe("287082");
  });

  it("accepts the current step and the one either side; not two away", () => {
    expect(acceptedStep(secret, codeAt(0), null, now)).toBe(step);
    expect(acceptedStep(secret, codeAt(-1), null, now)).toBe(step - 1);
    expect(acceptedStep(secret, codeAt(1), null, now)).toBe(step + 1);
    expect(acceptedStep(secret, codeAt(-2), null, now)).toBeUndefined();
    expect(acceptedStep(secret, codeAt(2), null, now)).toBeUndefined();
  });

  it("accepts a code only for a step later than the last one used", () => {
    expect(acceptedStep(secret, codeAt(0), step, now)).toBeUndefined();
    expect(acceptedStep(secret, codeAt(-1), step, now)).toBeUndefined();
    expect(acceptedStep(secret, codeAt(1), step, now)).toBe(step + 1);
    expect(acceptedStep(secret, codeAt(0), step - 1, now)).toBe(step);
  });

  it("refuses a code for another secret", () => {
    // Fixed secrets and time: these two never share a code around `now`.
    const mine = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    const theirs = "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU";
    expect(acceptedStep(mine, authenticatorCode(mine, now), null, now)).toBe(step);
    expect(acceptedStep(mine, authenticatorCode(theirs, now), null, now)).toBeUndefined();
  });
});
