import { and, eq, isNull, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import { authSessions, refreshTokens } from "../../db/schema.ts";
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

export type SessionContext = { ip: string | undefined; userAgent: string | undefined };

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
  const [claimed] = await queryRows<{ session_id: string; user_id: number; remember: boolean; session_end: Date }>(
    db,
    sql`
    update refresh_tokens t set used_at = now()
      from auth_sessions s
     where t.token_hash = ${hash} and t.used_at is null and t.expires_at > now()
       and s.id = t.session_id and s.revoked_at is null and s.expires_at > now()
    returning t.session_id, s.user_id, s.remember, s.expires_at as session_end`,
  );
  if (claimed) {
    const issued = await issueRefreshToken(
      db,
      claimed.session_id,
      new Date(claimed.session_end),
      lifetimeOf(claimed.remember).idleMs,
    );
    return { kind: "rotated", userId: claimed.user_id, remember: claimed.remember, issued };
  }
  const [previous] = await queryRows<{ session_id: string; user_id: number; used_at: Date | null; revoked: boolean }>(
    db,
    sql`
    select t.session_id, s.user_id, t.used_at, s.revoked_at is not null as revoked
      from refresh_tokens t join auth_sessions s on s.id = t.session_id
     where t.token_hash = ${hash}`,
  );
  if (!previous?.used_at || previous.revoked) return { kind: "invalid" };
  if (Date.now() - new Date(previous.used_at).getTime() < ROTATION_GRACE_MS) return { kind: "raced" };
  await revokeSession(db, previous.session_id, "refresh_token_reuse");
  return { kind: "reused", userId: previous.user_id, sessionId: previous.session_id };
}

/** The session a refresh token belongs to, if the token is still usable (logout). */
export async function sessionOfRefreshToken(db: Db, presented: string) {
  const [row] = await queryRows<{ session_id: string; user_id: number }>(
    db,
    sql`select t.session_id, s.user_id from refresh_tokens t join auth_sessions s on s.id = t.session_id
         where t.token_hash = ${tokenHash(presented)} and s.revoked_at is null`,
  );
  return row ? { sessionId: row.session_id, userId: row.user_id } : undefined;
}

export async function revokeSession(db: Db, sessionId: string, reason: string) {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

/** Ends every session of an account (password change or reset, disabling), except `keep` if given. */
export async function revokeUserSessions(db: Db, userId: number, reason: string, keep?: string) {
  await db.execute(sql`
    update auth_sessions set revoked_at = now(), revoked_reason = ${reason}
     where user_id = ${userId} and revoked_at is null ${keep ? sql`and id <> ${keep}` : sql``}`);
}

export async function isSessionRemembered(db: Db, sessionId: string) {
  const [row] = await db
    .select({ remember: authSessions.remember })
    .from(authSessions)
    .where(eq(authSessions.id, sessionId));
  return row?.remember ?? false;
}

/** What the guard needs on every request, in one query: the account and the token's session. */
export async function loadPrincipal(db: Db, userId: number, sessionId: string) {
  const [row] = await queryRows<{
    id: number;
    username: string;
    display_name: string;
    email: string | null;
    role: "administrador" | "personal";
    active: boolean;
    must_change_password: boolean;
    tokens_valid_after: Date | string;
    session_ok: boolean;
  }>(
    db,
    sql`select u.id, u.username, u.display_name, u.email, u.role, u.active, u.must_change_password,
               u.tokens_valid_after,
               exists(select 1 from auth_sessions s where s.id = ${sessionId} and s.user_id = u.id
                        and s.revoked_at is null and s.expires_at > now()) as session_ok
          from users u where u.id = ${userId}`,
  );
  return row;
}
