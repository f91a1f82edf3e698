import { AUTH_MESSAGES } from "@app/shared/constants";
import { hash, verify } from "@node-rs/argon2";
import { isCommonPassword } from "./common-passwords.ts";

/** `Algorithm.Argon2id`: the package declares a const enum, which tsx cannot inline. */
const ARGON2ID = 2;

/** argon2id with at least the memory and passes OWASP asks for (m=19456 KiB, t=2, p=1). */
const ARGON2 = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string) {
  return hash(password, ARGON2);
}

export async function verifyPassword(passwordHash: string, password: string) {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends one verification on a hash nobody has, so "no such user" takes as long as "wrong password"
 * and the answer time does not reveal which usernames exist.
 */
export async function spendVerification(password: string) {
  dummyHash ??= hashPassword("la cuenta no existe, pero el tiempo es el mismo");
  await verifyPassword(await dummyHash, password);
}

/** Rules zod cannot check in the browser: the common-password list and the username inside it. */
export function passwordProblem(password: string, username?: string): string | undefined {
  if (isCommonPassword(password)) return AUTH_MESSAGES.passwordTooCommon;
  if (username && username.length >= 3 && password.toLowerCase().includes(username.toLowerCase())) {
    return AUTH_MESSAGES.passwordSameAsUsername;
  }
  return undefined;
}
