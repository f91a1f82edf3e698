import { randomInt } from "node:crypto";
import { SECOND_FACTOR_LIMITS } from "@app/shared/constants";

// Recovery codes: 10 letters and digits (about 50 bits), shown as `abcde-12345`, each usable once.
// Stored as an HMAC keyed with MFA_ENCRYPTION_KEY (secret-box.ts): a copy of the database alone
// cannot be searched for them.

/** No 0/o, 1/l/i: a code copied from paper is read right. */
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

function newCode() {
  let code = "";
  for (let index = 0; index < 10; index += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** A new set of codes, as stored (no dash). */
export function newRecoveryCodes() {
  const codes = new Set<string>();
  while (codes.size < SECOND_FACTOR_LIMITS.recoveryCodes) codes.add(newCode());
  return [...codes];
}

/** `abcde12345` -> `abcde-12345`, as shown and downloaded. */
export const shownRecoveryCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;
