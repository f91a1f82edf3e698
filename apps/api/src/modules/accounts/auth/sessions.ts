import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { authSessions, refreshTokens, users } from "../../../db/schema/index.ts";
import { dbNow } from "../../../db/sql-helpers.ts";
import { hasSecondFactorSql, secondFactorRequiredSql } from "../second-factor/repo.ts";
import { newOpaqueToken, newSessionId, tokenHash } from "./tokens.ts";

// Sessions and their rotating refresh tokens (decision 014).

const MINUTE = 60_000;
/** Without "Recordarme": idle 30 minutes, at most 12 hours (OWASP ASVS 5.0 level 2; decision 014). */
const WORKDAY = { idleMs: 30 * MINUTE, absoluteMs: 12 * 60 * MINUTE };
/** With "Recordarme": 30 days. */
const REMEMBERED = { idleMs: 30 * 24 * 60 * MINUTE, absoluteMs: 30 * 24 * 60 * MINUTE };
/**
 * Two tabs may refresh with the same cookie at once: the slower one presents a token rotated a moment
 * ago. Within this grace it is refused without treating it as theft.
 */
const ROTATION_GRACE_MS = 10_000;

export const lifetimeOf = (remember: boolean) => (remember ? REMEMBERED : WORKDAY);

export type IssuedRefresh = { sessionId: string; refreshToken: string; expiresAt: Date };

export type SessionContext = {
  ip: string | undefined;
  userAgent: string | undefined;
  /** The SHA-256 of the browser's device cookie, when it has one. */
  deviceHash?: string | undefined;
};

export async function startSession(db: Db, userId: number, remember: boolean, context: SessionContext) {
  const lifetime = lifetimeOf(remember);
  const now = Date.now();
  const sessionId = newSessionId();
  await db.insert(authSessions).values({
    id: sessionId,
    userId,
    remember,
    expiresAt: new Date(now + lifetime.absoluteMs),
    ip: context.ip,
    userAgent: context.userAgent?.slice(0, 300),
    deviceHash: context.deviceHash,
  });
  return issueRefreshToken(db, sessionId, new Date(now + lifetime.absoluteMs), lifetime.idleMs);
}

async function issueRefreshToken(db: Db, sessionId: string, sessionEnd: Date, idleMs: number): Promise<IssuedRefresh> {
  const refreshToken = newOpaqueToken();
  const expiresAt = new Date(Math.min(Date.now() + idleMs, sessionEnd.getTime()));
  await db.insert(refreshTokens).values({ tokenHash: tokenHash(refreshToken), sessionId, expiresAt });
  return { sessionId, refreshToken, expiresAt };
}

export type RotateResult =
  | { kind: "rotated"; userId: number; remember: boolean; issued: IssuedRefresh }
  /** Unknown, expired, or its session ended: sign in again. */
  | { kind: "invalid" }
  /** A rotated token presented again, by a second tab a moment ago: refused, nothing revoked. */
  | { kind: "raced" }
  /** A rotated token presented again later: someone has a copy. The session is revoked. */
  | { kind: "reused"; userId: number; sessionId: string };

/**
 * Exchanges a refresh token for the next one. The `used_at is null` condition makes the exchange
 * atomic: of two concurrent uses exactly one wins.
 */
export async function rotateRefreshToken(db: Db, presented: string): Promise<RotateResult> {
  const hash = tokenHash(presented);
  const [claimed] = await db
    .update(refreshTokens)
    .set({ usedAt: dbNow() })
    .from(authSessions)
    .where(
      and(
        eq(refreshTokens.tokenHash, hash),
        isNull(refreshTokens.usedAt),
        gt(refreshTokens.expiresAt, dbNow()),
        eq(authSessions.id, refreshTokens.sessionId),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, dbNow()),
      ),
    )
    .returning({
      sessionId: refreshTokens.sessionId,
      userId: authSessions.userId,
      remember: authSessions.remember,
      sessionEnd: authSessions.expiresAt,
    });
  if (claimed) {
    await db.update(authSessions).set({ lastUsedAt: dbNow() }).where(eq(authSessions.id, claimed.sessionId));
    const issued = await issueRefreshToken(
      db,
      claimed.sessionId,
      claimed.sessionEnd,
      lifetimeOf(claimed.remember).idleMs,
    );
    return { kind: "rotated", userId: claimed.userId, remember: claimed.remember, issued };
  }
  const [previous] = await db
    .select({
      sessionId: refreshTokens.sessionId,
      userId: authSessions.userId,
      usedAt: refreshTokens.usedAt,
      revokedAt: authSessions.revokedAt,
    })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, hash));
  if (!previous?.usedAt || previous.revokedAt) return { kind: "invalid" };
  if (Date.now() - previous.usedAt.getTime() < ROTATION_GRACE_MS) return { kind: "raced" };
  await revokeSession(db, previous.sessionId, "refresh_token_reuse");
  return { kind: "reused", userId: previous.userId, sessionId: previous.sessionId };
}

/** The session a refresh token belongs to, if the token is still usable (logout). */
export async function sessionOfRefreshToken(db: Db, presented: string) {
  const [row] = await db
    .select({ sessionId: refreshTokens.sessionId, userId: authSessions.userId })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
    .where(and(eq(refreshTokens.tokenHash, tokenHash(presented)), isNull(authSessions.revokedAt)));
  return row;
}

export async function revokeSession(db: Db, sessionId: string, reason: string) {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

/** Ends every session of an account (password change or reset, disabling), except `keep` if given. */
export async function revokeUserSessions(db: Db, userId: number, reason: string, keep?: string) {
  const rows = await db
    .update(authSessions)
    .set({ revokedAt: dbNow(), revokedReason: reason })
    .where(
      and(
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        keep ? ne(authSessions.id, keep) : undefined,
      ),
    )
    .returning({ id: authSessions.id });
  return rows.length;
}

/**
 * Whether a sign-in comes from a device this account never signed in from before (its first
 * sign-in ever is not news).
 */
export async function isNewDevice(db: Db, userId: number, deviceHash: string | undefined) {
  const [row] = await db
    .select({
      before: sql<boolean>`exists (select 1 from ${authSessions} where ${authSessions.userId} = ${userId})`,
      here: deviceHash
        ? sql<boolean>`exists (select 1 from ${authSessions} where ${authSessions.userId} = ${userId} and ${authSessions.deviceHash} = ${deviceHash})`
        : sql<boolean>`false`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row?.before === true && row.here !== true;
}

/** Whether this device (its cookie's hash) ever completed a sign-in to the account. */
export async function hasSignedInFrom(db: Db, userId: number, deviceHash: string) {
  const rows = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), eq(authSessions.deviceHash, deviceHash)))
    .limit(1);
  return rows.length > 0;
}

/** The device a session signed in from (its cookie's hash), if it had one. */
export async function deviceOfSession(db: Db, sessionId: string) {
  const [row] = await db
    .select({ deviceHash: authSessions.deviceHash })
    .from(authSessions)
    .where(eq(authSessions.id, sessionId));
  return row?.deviceHash ?? undefined;
}

export async function isSessionRemembered(db: Db, sessionId: string) {
  const [row] = await db
    .select({ remember: authSessions.remember })
    .from(authSessions)
    .where(eq(authSessions.id, sessionId));
  return row?.remember ?? false;
}

/**
 * What the guard needs on every request, in one query: the account, and the token's session when it
 * is still open (a primary-key lookup; `sessionId` is null when it is not).
 */
export async function loadPrincipal(db: Db, userId: number, sessionId: string) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      displayName: users.displayName,
      email: users.email,
      role: users.role,
      active: users.active,
      mustChangePassword: users.mustChangePassword,
      mustAddSecondFactor: sql<boolean>`(${secondFactorRequiredSql()} and not ${hasSecondFactorSql()})`,
      tokensValidAfter: users.tokensValidAfter,
      sessionId: authSessions.id,
    })
    .from(users)
    .leftJoin(
      authSessions,
      and(
        eq(authSessions.id, sessionId),
        eq(authSessions.userId, users.id),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, dbNow()),
      ),
    )
    .where(eq(users.id, userId));
  return row;
}

/** The account's signed-in devices: sessions not ended whose refresh token can still be used. */
export async function listOpenSessions(db: Db, userId: number) {
  return db
    .select({
      id: authSessions.id,
      ip: authSessions.ip,
      userAgent: authSessions.userAgent,
      remember: authSessions.remember,
      createdAt: authSessions.createdAt,
      lastUsedAt: authSessions.lastUsedAt,
    })
    .from(authSessions)
    .where(
      and(
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, dbNow()),
        sql`exists (select 1 from ${refreshTokens} where ${refreshTokens.sessionId} = ${authSessions.id} and ${refreshTokens.usedAt} is null and ${refreshTokens.expiresAt} > now())`,
      ),
    )
    .orderBy(desc(authSessions.lastUsedAt));
}

/** Ends one of the account's own sessions; false when it is not theirs or already over. */
export async function endOwnSession(db: Db, userId: number, sessionId: string) {
  const rows = await db
    .update(authSessions)
    .set({ revokedAt: dbNow(), revokedReason: "ended_by_user" })
    .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId), isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id });
  return rows.length > 0;
}

/** The person typed their password again in this session: changing factors is allowed for a while. */
export async function markSessionVerified(db: Db, sessionId: string) {
  await db.update(authSessions).set({ verifiedAt: dbNow() }).where(eq(authSessions.id, sessionId));
}

/** Whether the session proved who it is within the last `seconds` (its sign-in, or the password again). */
export async function isRecentlyVerified(db: Db, sessionId: string, seconds: number) {
  const [row] = await db
    .select({ recent: sql<boolean>`${authSessions.verifiedAt} > ${dbNow()} - make_interval(secs => ${seconds})` })
    .from(authSessions)
    .where(eq(authSessions.id, sessionId));
  return row?.recent === true;
}
