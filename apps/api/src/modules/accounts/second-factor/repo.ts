import { and, asc, count, eq, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import {
  type AuthChallengePurpose,
  authChallenges,
  authenticatorApps,
  passkeys,
  recoveryCodes,
  settings,
  users,
} from "../../../db/schema/index.ts";
import { byteaOf, byteaValue, dbNow } from "../../../db/sql-helpers.ts";
import { tokenHash } from "../auth/tokens.ts";

// The second factor's rows (decision 035): passkeys, the authenticator app, recovery codes, the
// single-use challenges of a sign-in, and the administrators' policy.

const POLICY_KEY = "second_factor_required";

/** Whether the administrators require a second factor of everybody. */
export async function isSecondFactorRequired(db: Db) {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, POLICY_KEY));
  return row?.value === true;
}

export async function setSecondFactorRequired(db: Db, required: boolean, by: number) {
  await db
    .insert(settings)
    .values({ key: POLICY_KEY, value: required, updatedBy: by })
    .onConflictDoUpdate({ target: settings.key, set: { value: required, updatedBy: by, updatedAt: dbNow() } });
}

/**
 * SQL, in a query on `users`: whether the account has a passkey or a confirmed authenticator app.
 * The account's id is named with its table: inside the subqueries a bare "id" is the passkey's.
 */
export const hasSecondFactorSql = () => {
  const userId = sql`${sql.identifier("users")}.${sql.identifier("id")}`;
  return sql<boolean>`(exists (select 1 from ${passkeys} where ${passkeys.userId} = ${userId}) or exists (select 1 from ${authenticatorApps} where ${authenticatorApps.userId} = ${userId} and ${authenticatorApps.confirmedAt} is not null))`;
};

/** SQL: whether the policy requires a second factor. */
export const secondFactorRequiredSql = () =>
  sql<boolean>`coalesce((select (${settings.value})::text = 'true' from ${settings} where ${settings.key} = ${POLICY_KEY}), false)`;

/** Whether the account has a passkey or a confirmed authenticator app. */
export async function userHasSecondFactor(db: Db, userId: number) {
  const methods = await enrolledMethods(db, userId);
  return methods.passkey || methods.authenticator;
}

/** What a person has enrolled, for the second step's choices. */
export async function enrolledMethods(db: Db, userId: number) {
  const [row] = await db
    .select({
      passkeys: sql<number>`(select count(*)::int from ${passkeys} where ${passkeys.userId} = ${userId})`,
      authenticator: sql<boolean>`exists (select 1 from ${authenticatorApps} where ${authenticatorApps.userId} = ${userId} and ${authenticatorApps.confirmedAt} is not null)`,
      recovery: sql<number>`(select count(*)::int from ${recoveryCodes} where ${recoveryCodes.userId} = ${userId} and ${recoveryCodes.usedAt} is null)`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return {
    passkey: (row?.passkeys ?? 0) > 0,
    authenticator: row?.authenticator === true,
    recovery: (row?.recovery ?? 0) > 0,
  };
}

// --- passkeys

const passkeyColumns = {
  id: passkeys.id,
  userId: passkeys.userId,
  name: passkeys.name,
  publicKey: byteaOf(passkeys.publicKey),
  counter: passkeys.counter,
  transports: passkeys.transports,
  deviceType: passkeys.deviceType,
  backedUp: passkeys.backedUp,
  lastUsedAt: passkeys.lastUsedAt,
  createdAt: passkeys.createdAt,
};

export async function passkeysOf(db: Db, userId: number) {
  const rows = await db
    .select(passkeyColumns)
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
  return rows.map((row) => ({ ...row, publicKey: row.publicKey ?? Buffer.alloc(0) }));
}

export async function findPasskey(db: Db, id: string) {
  const [row] = await db.select(passkeyColumns).from(passkeys).where(eq(passkeys.id, id));
  return row && { ...row, publicKey: row.publicKey ?? Buffer.alloc(0) };
}

export type NewPasskey = {
  id: string;
  userId: number;
  name: string;
  publicKey: Buffer;
  counter: number;
  transports: string[];
  deviceType: string;
  backedUp: boolean;
};

/** False when that credential is already registered (to anyone). */
export async function insertPasskey(db: Db, passkey: NewPasskey) {
  const rows = await db
    .insert(passkeys)
    .values({ ...passkey, publicKey: byteaValue(passkey.publicKey) })
    .onConflictDoNothing()
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

/**
 * Records a sign-in with the passkey, from the counter it was checked against: of two uses read
 * with the same counter only one is recorded (the library already refused a counter going back).
 */
export async function usePasskey(db: Db, id: string, counter: number, previous: number, backedUp: boolean) {
  const rows = await db
    .update(passkeys)
    .set({ counter, backedUp, lastUsedAt: dbNow() })
    .where(and(eq(passkeys.id, id), eq(passkeys.counter, previous)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

export async function renamePasskey(db: Db, userId: number, id: string, name: string) {
  const rows = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

export async function deletePasskey(db: Db, userId: number, id: string) {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ name: passkeys.name });
  return rows[0];
}

// --- authenticator app

export async function authenticatorOf(db: Db, userId: number) {
  const [row] = await db.select().from(authenticatorApps).where(eq(authenticatorApps.userId, userId));
  return row;
}

/** A new, unconfirmed secret (it replaces an unconfirmed one; a confirmed one stays until removed). */
export async function startAuthenticator(db: Db, userId: number, sealedSecret: string) {
  const rows = await db
    .insert(authenticatorApps)
    .values({ userId, secret: sealedSecret })
    .onConflictDoUpdate({
      target: authenticatorApps.userId,
      set: { secret: sealedSecret, createdAt: dbNow(), lastStep: null },
      setWhere: isNull(authenticatorApps.confirmedAt),
    })
    .returning({ userId: authenticatorApps.userId });
  return rows.length > 0;
}

/**
 * Records the step of an accepted code (and confirms the app at its first code). Only a later step
 * than the one stored wins, so the same code cannot be used twice, even by two requests at once.
 */
export async function acceptAuthenticatorStep(db: Db, userId: number, step: number, confirm: boolean) {
  const rows = await db
    .update(authenticatorApps)
    .set({ lastStep: step, ...(confirm ? { confirmedAt: dbNow() } : {}) })
    .where(
      and(
        eq(authenticatorApps.userId, userId),
        or(isNull(authenticatorApps.lastStep), lt(authenticatorApps.lastStep, step)),
        confirm ? isNull(authenticatorApps.confirmedAt) : isNotNull(authenticatorApps.confirmedAt),
      ),
    )
    .returning({ userId: authenticatorApps.userId });
  return rows.length > 0;
}

export async function deleteAuthenticator(db: Db, userId: number) {
  const rows = await db
    .delete(authenticatorApps)
    .where(and(eq(authenticatorApps.userId, userId), isNotNull(authenticatorApps.confirmedAt)))
    .returning({ userId: authenticatorApps.userId });
  return rows.length > 0;
}

// --- recovery codes

/** Replaces every code of the person by `hashes` (none: the codes are gone). */
export async function replaceRecoveryCodes(db: Db, userId: number, hashes: string[]) {
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    if (hashes.length > 0) await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  });
}

/** Uses a code once: true when it was unused (of two requests with the same code, one wins). */
export async function useRecoveryCode(db: Db, userId: number, codeHash: string) {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: dbNow() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function recoveryCodesState(db: Db, userId: number) {
  const [row] = await db
    .select({
      remaining: sql<number>`count(*) filter (where ${recoveryCodes.usedAt} is null)::int`,
      total: count(),
      createdAt: sql<string | null>`min(${recoveryCodes.createdAt})`,
    })
    .from(recoveryCodes)
    .where(eq(recoveryCodes.userId, userId));
  if (!row || row.total === 0 || !row.createdAt) return null;
  return { remaining: row.remaining, createdAt: new Date(row.createdAt).toISOString() };
}

/** Removes every factor of a person (an administrator's reset, or the terminal's). */
export async function deleteSecondFactors(db: Db, userId: number) {
  await db.transaction(async (tx) => {
    await tx.delete(passkeys).where(eq(passkeys.userId, userId));
    await tx.delete(authenticatorApps).where(eq(authenticatorApps.userId, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.delete(authChallenges).where(eq(authChallenges.userId, userId));
  });
}

// --- challenges and the second step

export type NewChallenge = {
  id: string;
  purpose: AuthChallengePurpose;
  userId: number | null;
  challenge: string | null;
  remember?: boolean;
  seconds: number;
};

export async function insertChallenge(db: Db, challenge: NewChallenge) {
  await db.insert(authChallenges).values({
    id: challenge.id,
    purpose: challenge.purpose,
    userId: challenge.userId,
    challenge: challenge.challenge,
    remember: challenge.remember ?? false,
    expiresAt: sql`${dbNow()} + make_interval(secs => ${challenge.seconds})`,
  });
}

/** Inserts `challenge`, replacing any row of the same id. */
export async function replaceChallenge(db: Db, challenge: NewChallenge) {
  await db.transaction(async (tx) => {
    await tx.delete(authChallenges).where(eq(authChallenges.id, challenge.id));
    await insertChallenge(tx, challenge);
  });
}

/** The challenge `id` of that purpose, while it is open: not used, not expired. */
const isOpen = (id: string, purpose: AuthChallengePurpose) =>
  and(
    eq(authChallenges.id, id),
    eq(authChallenges.purpose, purpose),
    isNull(authChallenges.usedAt),
    gt(authChallenges.expiresAt, dbNow()),
  );

/** A challenge still open (not used, not expired, of that purpose). */
export async function openChallenge(db: Db, id: string, purpose: AuthChallengePurpose) {
  const [row] = await db.select().from(authChallenges).where(isOpen(id, purpose));
  return row;
}

/** Closes an open challenge: true for the one request that closed it (single use). */
export async function closeChallenge(db: Db, id: string) {
  const rows = await db
    .update(authChallenges)
    .set({ usedAt: dbNow() })
    .where(and(eq(authChallenges.id, id), isNull(authChallenges.usedAt), gt(authChallenges.expiresAt, dbNow())))
    .returning({ id: authChallenges.id });
  return rows.length > 0;
}

/** The account of an open second step, by its token. */
export async function pendingStepUser(db: Db, stepToken: string) {
  const step = await openChallenge(db, tokenHash(stepToken), "second_factor");
  return step?.userId ?? undefined;
}

/** Sets the WebAuthn challenge a second step's passkey attempt must answer. */
export async function setStepChallenge(db: Db, id: string, challenge: string) {
  await db.update(authChallenges).set({ challenge }).where(eq(authChallenges.id, id));
}

/**
 * Reserves one attempt at an open step before its answer is checked: of requests sent at once, at
 * most `limit` in all get the step back (its account, challenge and attempts so far, this one
 * included); the others get nothing.
 */
export async function reserveStepAttempt(db: Db, id: string, purpose: AuthChallengePurpose, limit: number) {
  const [row] = await db
    .update(authChallenges)
    .set({ failures: sql`${authChallenges.failures} + 1` })
    .where(and(isOpen(id, purpose), lt(authChallenges.failures, limit)))
    .returning();
  return row;
}

/**
 * Deletes challenges an hour past their time (kept that long for the audit of a late answer). Run at
 * each new sign-in step: an index range that is nearly always empty, and the table stays small.
 */
export async function deleteExpiredChallenges(db: Db) {
  await db.delete(authChallenges).where(lt(authChallenges.expiresAt, sql`${dbNow()} - interval '1 hour'`));
}
