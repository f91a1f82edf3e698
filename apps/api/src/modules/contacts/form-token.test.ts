import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createFormTokens } from "./form-token.ts";

// The contact form's served-at token (decision 046), on its own: what is ours, and how old it is.

const SECRET = randomBytes(48);
const MINUTE = 60_000;

describe("the contact form's token", () => {
  const tokens = createFormTokens(SECRET);

  it("says when its form was served, to any instance holding the same secret", () => {
    const at = Date.now() - 5 * MINUTE;
    const token = tokens.issue(at);
    expect(token).toMatch(/^[0-9a-z]+\.[\w-]{22}$/);
    expect(tokens.issuedAt(token)).toBe(at);
    // Another instance of the application, started with the same JWT_SECRET.
    expect(createFormTokens(Buffer.from(SECRET)).issuedAt(token)).toBe(at);
    expect(tokens.reviewReasons(token)).toEqual([]);
  });

  it.each([
    ["none", undefined, ["no_token"]],
    ["an empty one", "", ["no_token"]],
    ["one signed with another key", createFormTokens(randomBytes(48)).issue(Date.now() - MINUTE), ["forged_token"]],
    ["a changed time", `${(Date.now() - 10 * MINUTE).toString(36)}.${"A".repeat(22)}`, ["forged_token"]],
    ["garbage", "no-es-una-marca", ["forged_token"]],
    ["one with a part too many", `${tokens.issue(Date.now() - MINUTE)}.x`, ["forged_token"]],
    ["one served a second ago", tokens.issue(Date.now() - 1000), ["too_fast"]],
    ["one from the future", tokens.issue(Date.now() + MINUTE), ["too_fast"]],
    ["one served 25 hours ago", tokens.issue(Date.now() - 25 * 60 * MINUTE), ["stale_token"]],
  ])("sends a submission with %s to review", (_name, token, reasons) => {
    expect(tokens.reviewReasons(token)).toEqual(reasons);
  });

  it("takes the signature of another time as forged", () => {
    const token = tokens.issue(Date.now() - MINUTE);
    const [time = "", mac = ""] = token.split(".");
    const moved = (Number.parseInt(time, 36) - 10 * MINUTE).toString(36);
    expect(tokens.issuedAt(`${moved}.${mac}`)).toBeUndefined();
  });
});
