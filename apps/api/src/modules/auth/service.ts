import type {
  LoginRequest,
  PasskeySignInRequest,
  SecondFactorMethod,
  SecondFactorRequest,
  SecondFactorStep,
  StaffUser,
} from "@app/shared";
import { SECOND_FACTOR_MESSAGES } from "@app/shared/constants";
import type { Db } from "../../db/client.ts";
import { recordAudit } from "../audit/repo.ts";
import { browserOf, networkOf } from "../second-factor/device-labels.ts";
import { pendingStepUser } from "../second-factor/repo.ts";
import {
  beginSecondStep,
  completeSecondStep,
  notifySecurity,
  passkeySignIn,
  recoveryCodeUsed,
  type SecondFactorDeps,
  SecondFactorError,
} from "../second-factor/service.ts";
import {
  findUserById,
  findUserByUsername,
  mustAddSecondFactor,
  toStaffUser,
  type UserRow,
  updateUser,
} from "../users/repo.ts";
import type { AccountThrottle } from "./account-throttle.ts";
import { ACCESS_TOKEN_SECONDS, signAccessToken } from "./jwt.ts";
import { hashPassword, passwordProblem, spendVerification, verifyPassword } from "./passwords.ts";
import {
  type IssuedRefresh,
  isNewDevice,
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
  /** The password was right; the person's second factor comes next. */
  | { kind: "second_factor"; step: SecondFactorStep }
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
  // The account's failure count is cleared only once the whole sign-in succeeds: a known password
  // does not buy fresh tries at the codes.
  const step = await beginSecondStep(db, user.id, remember);
  if (step) return { kind: "second_factor", step };
  return { kind: "ok", session: await signIn({ db, secret, throttle }, user, remember, context) };
}

/** A complete sign-in: the session, the audit entry, and an email when the device is new. */
async function signIn(
  { db, secret, throttle }: AuthDeps,
  user: UserRow,
  remember: boolean,
  context: SessionContext,
  secondFactor?: SecondFactorMethod,
) {
  await throttle.clear(user.username);
  const newDevice = await isNewDevice(db, user.id, context.deviceHash);
  const refresh = await startSession(db, user.id, remember, context);
  await updateUser(db, user.id, { lastLoginAt: new Date() });
  await recordAudit(db, {
    action: "login",
    actor: user,
    ip: context.ip,
    details: secondFactor ? { remember, secondFactor } : { remember },
  });
  if (newDevice) {
    await notifySecurity(db, user, {
      event: "new_device",
      browser: browserOf(context.userAgent),
      network: networkOf(context.ip),
    });
  }
  return sessionFor(secret, toStaffUser(user, await mustAddSecondFactor(db, user.id)), refresh, remember);
}

export type SecondFactorResult =
  | LoginResult
  /** A wrong code or passkey; `locked` when the step allows no more tries. */
  | { kind: "wrong"; message: string; locked: boolean };

/** The second step: the factor checked, then the same sign-in as a password alone gives. */
export async function secondFactorLogin(
  deps: AuthDeps,
  factor: SecondFactorDeps,
  request: SecondFactorRequest,
  context: SessionContext,
): Promise<SecondFactorResult> {
  const { db, throttle } = deps;
  const pending = await pendingStepUser(db, request.stepToken);
  const user = pending === undefined ? undefined : await findUserById(db, pending);
  if (!user) throw new SecondFactorError(401, SECOND_FACTOR_MESSAGES.stepExpired);
  const wait = await throttle.waitSeconds(user.username);
  if (wait > 0) return { kind: "throttled", retryAfterSeconds: wait };
  const outcome = await completeSecondStep(factor, request);
  if (outcome.kind === "wrong") {
    await throttle.recordFailure(user.username);
    await recordAudit(db, {
      action: "second_factor_failed",
      actor: user,
      ip: context.ip,
      details: { method: request.method, locked: outcome.locked },
    });
    return { kind: "wrong", message: outcome.message, locked: outcome.locked };
  }
  if (!user.active) return { kind: "disabled" };
  if (outcome.method === "recovery") await recoveryCodeUsed(db, user, context);
  return { kind: "ok", session: await signIn(deps, user, outcome.remember, context, outcome.method) };
}

/** A sign-in with a passkey alone: the passkey names the account. */
export async function passkeyLogin(
  deps: AuthDeps,
  factor: SecondFactorDeps,
  request: PasskeySignInRequest,
  context: SessionContext,
): Promise<LoginResult> {
  const userId = await passkeySignIn(factor, request.challengeId, request.credential);
  const user = userId === undefined ? undefined : await findUserById(deps.db, userId);
  if (!user) {
    await recordAudit(deps.db, { action: "login_failed", ip: context.ip, details: { reason: "passkey" } });
    return { kind: "invalid" };
  }
  if (!user.active) return { kind: "disabled" };
  return { kind: "ok", session: await signIn(deps, user, request.remember ?? false, context, "passkey") };
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
  const due = await mustAddSecondFactor(db, user.id);
  return { kind: "ok", session: await sessionFor(secret, toStaffUser(user, due), rotated.issued, rotated.remember) };
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
  const due = await mustAddSecondFactor(db, user.id);
  return await sessionFor(secret, toStaffUser(updated ?? user, due), refreshed, remember);
}
