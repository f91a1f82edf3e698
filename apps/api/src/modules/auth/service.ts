import type { LoginRequest, StaffUser } from "@app/shared";
import type { Db } from "../../db/client.ts";
import { recordAudit } from "../audit/repo.ts";
import { findUserById, findUserByUsername, toStaffUser, updateUser } from "../users/repo.ts";
import type { AccountThrottle } from "./account-throttle.ts";
import { ACCESS_TOKEN_SECONDS, signAccessToken } from "./jwt.ts";
import { hashPassword, passwordProblem, spendVerification, verifyPassword } from "./passwords.ts";
import {
  type IssuedRefresh,
  isSessionRemembered,
  revokeSession,
  revokeUserSessions,
  rotateRefreshToken,
  type SessionContext,
  sessionOfRefreshToken,
  startSession,
} from "./sessions.ts";

export type AuthDeps = { db: Db; secret: Buffer; throttle: AccountThrottle };

export type IssuedSession = {
  user: StaffUser;
  accessToken: string;
  expiresIn: number;
  refresh: IssuedRefresh;
  remember: boolean;
};

export class PasswordRejectedError extends Error {
  override name = "PasswordRejectedError";
}

async function sessionFor(
  secret: Buffer,
  user: StaffUser,
  refresh: IssuedRefresh,
  remember: boolean,
): Promise<IssuedSession> {
  const accessToken = await signAccessToken({ userId: user.id, sessionId: refresh.sessionId, role: user.role }, secret);
  return { user, accessToken, expiresIn: ACCESS_TOKEN_SECONDS, refresh, remember };
}

export type LoginResult =
  | { kind: "ok"; session: IssuedSession }
  | { kind: "invalid" }
  | { kind: "disabled" }
  | { kind: "throttled"; retryAfterSeconds: number };

/** Spec section 7's login, with the per-account throttle and the audit trail. */
export async function login(
  { db, secret, throttle }: AuthDeps,
  { username, password, remember = false }: LoginRequest,
  context: SessionContext,
): Promise<LoginResult> {
  const name = username.trim().toLowerCase();
  const wait = await throttle.waitSeconds(name);
  if (wait > 0) return { kind: "throttled", retryAfterSeconds: wait };

  const user = await findUserByUsername(db, name);
  let passwordOk = false;
  if (user) passwordOk = await verifyPassword(user.passwordHash, password);
  else await spendVerification(password);
  if (!user || !passwordOk) {
    await throttle.recordFailure(name);
    await recordAudit(db, {
      action: "login_failed",
      actorUsername: name,
      actor: user ? { id: user.id, username: user.username } : undefined,
      ip: context.ip,
      details: { reason: user ? "wrong_password" : "unknown_user" },
    });
    return { kind: "invalid" };
  }
  // Only someone who knows the password learns that the account is disabled.
  if (!user.active) {
    await recordAudit(db, { action: "login_failed", actor: user, ip: context.ip, details: { reason: "disabled" } });
    return { kind: "disabled" };
  }
  await throttle.clear(name);
  const refresh = await startSession(db, user.id, remember, context);
  await updateUser(db, user.id, { lastLoginAt: new Date() });
  await recordAudit(db, { action: "login", actor: user, ip: context.ip, details: { remember } });
  return { kind: "ok", session: await sessionFor(secret, toStaffUser(user), refresh, remember) };
}

export type RefreshResult = { kind: "ok"; session: IssuedSession } | { kind: "invalid" } | { kind: "raced" };

export async function refresh(
  { db, secret }: AuthDeps,
  presented: string,
  ip: string | undefined,
): Promise<RefreshResult> {
  const rotated = await rotateRefreshToken(db, presented);
  if (rotated.kind === "reused") {
    const user = await findUserById(db, rotated.userId);
    await recordAudit(db, {
      action: "refresh_token_reuse",
      actor: user,
      ip,
      details: { session: rotated.sessionId },
    });
    return { kind: "invalid" };
  }
  if (rotated.kind !== "rotated") return rotated;
  const user = await findUserById(db, rotated.userId);
  if (!user?.active) {
    await revokeSession(db, rotated.issued.sessionId, "disabled");
    return { kind: "invalid" };
  }
  return { kind: "ok", session: await sessionFor(secret, toStaffUser(user), rotated.issued, rotated.remember) };
}

/** Ends the session a refresh token (or an access token's `sid`) belongs to. Idempotent. */
export async function logout(
  db: Db,
  target: { refreshToken?: string | undefined; sessionId?: string | undefined; userId?: number | undefined },
  ip: string | undefined,
) {
  const found = target.refreshToken ? await sessionOfRefreshToken(db, target.refreshToken) : undefined;
  const sessionId = found?.sessionId ?? target.sessionId;
  const userId = found?.userId ?? target.userId;
  if (!sessionId || userId === undefined) return;
  await revokeSession(db, sessionId, "logout");
  const user = await findUserById(db, userId);
  await recordAudit(db, { action: "logout", actor: user, ip });
}

/**
 * Sets a person's own new password (also the forced change after a temporary one): every other
 * session ends, the caller gets a fresh session.
 */
export async function changePassword(
  { db, secret }: AuthDeps,
  userId: number,
  sessionId: string,
  { currentPassword, newPassword }: { currentPassword: string; newPassword: string },
  context: SessionContext,
): Promise<IssuedSession | "wrong_password"> {
  const user = await findUserById(db, userId);
  if (!user || !(await verifyPassword(user.passwordHash, currentPassword))) return "wrong_password";
  const problem = passwordProblem(newPassword, user.username);
  if (problem) throw new PasswordRejectedError(problem);
  const [passwordHash, remember] = [await hashPassword(newPassword), await isSessionRemembered(db, sessionId)];
  const updated = await updateUser(db, user.id, { passwordHash, mustChangePassword: false, endSessions: true });
  await revokeUserSessions(db, user.id, "password_changed");
  await recordAudit(db, { action: "password_changed", actor: user, ip: context.ip });
  const refreshed = await startSession(db, user.id, remember, context);
  return await sessionFor(secret, toStaffUser(updated ?? user), refreshed, remember);
}
