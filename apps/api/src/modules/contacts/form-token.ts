import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { CONTACT_LIMITS } from "@app/shared/constants";
import type { ReviewReason } from "../../db/schema/index.ts";

// The contact form's token (decision 046): "this server served the form at this time", signed. The
// page carries it in a hidden field, so the minimum fill time is measured by the server on both the
// app's path and the plain form's, instead of trusting a number the browser sends. Not single-use:
// it proves when a page was served, and the rate limits bound what one page can send.

export type FormTokens = {
  /** A token for a form served at `at` (now by default). */
  issue: (at?: number) => string;
  /** Why a submission with this token waits for review; empty when it is ours and its age is a person's. */
  reviewReasons: (token: string | undefined, now?: number) => ReviewReason[];
  /** When the token says its form was served; undefined when this server did not sign it. */
  issuedAt: (token: string) => number | undefined;
};

/** The signature's length in base64url characters (22 = 132 bits of HMAC-SHA256). */
const MAC_LENGTH = 22;

/**
 * Tokens signed with a key derived from the access-token secret (`JWT_SECRET`, shared by every
 * instance): its own key, so a token of one kind can never stand for the other.
 */
export function createFormTokens(secret: Buffer): FormTokens {
  const key = Buffer.from(hkdfSync("sha256", secret, "", "contact-form-token", 32));
  const mac = (time: string) =>
    createHmac("sha256", key).update(`contact-form:${time}`).digest("base64url").slice(0, MAC_LENGTH);

  const issuedAt = (token: string) => {
    const [time = "", signature = "", ...rest] = token.split(".");
    if (rest.length > 0 || !/^[0-9a-z]{1,12}$/.test(time) || signature.length !== MAC_LENGTH) return undefined;
    const expected = Buffer.from(mac(time));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return Number.parseInt(time, 36);
  };

  return {
    issue: (at = Date.now()) => {
      const time = Math.floor(at).toString(36);
      return `${time}.${mac(time)}`;
    },
    issuedAt,
    reviewReasons(token, now = Date.now()) {
      if (!token) return ["no_token"];
      const at = issuedAt(token);
      if (at === undefined) return ["forged_token"];
      const age = now - at;
      if (age < CONTACT_LIMITS.minFillTimeMs) return ["too_fast"];
      if (age > CONTACT_LIMITS.formTokenMaxAgeMs) return ["stale_token"];
      return [];
    },
  };
}
