import { AUTH_MESSAGES } from "@app/shared/constants";
import { hash, verify } from "@node-rs/argon2";
import type { Db } from "../../../db/client.ts";
import { serviceTypes } from "../../../db/schema/index.ts";
import { isCommonPassword } from "./common-passwords.ts";
import { contextWords, isBreachedPassword, MIN_PASSWORD_SCORE, passwordScore } from "./password-strength.ts";

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

/** Whose password it is: their own words are among the first an attacker tries. */
export type PasswordOwner = { username: string; email?: string | null; displayName?: string | null };

/**
 * Rules zod cannot check in the browser (decision 039): the username inside it, the common and
 * breached passwords, and a strength estimate that knows the company's, the catalogue's and the
 * person's own words.
 */
export async function passwordProblem(db: Db, password: string, owner: PasswordOwner): Promise<string | undefined> {
  const { username } = owner;
  if (username.length >= 3 && password.toLowerCase().includes(username.toLowerCase())) {
    return AUTH_MESSAGES.passwordSameAsUsername;
  }
  if (isCommonPassword(password)) return AUTH_MESSAGES.passwordTooCommon;
  if (await isBreachedPassword(password)) return AUTH_MESSAGES.passwordBreached;
  const catalogue = await db.select({ title: serviceTypes.title }).from(serviceTypes);
  const words = contextWords([
    username,
    owner.email,
    owner.email?.split("@")[0],
    owner.displayName,
    ...catalogue.map((row) => row.title),
  ]);
  if (passwordScore(password, words) < MIN_PASSWORD_SCORE) return AUTH_MESSAGES.passwordTooWeak;
  return undefined;
}
