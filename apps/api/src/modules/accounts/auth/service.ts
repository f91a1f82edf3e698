import type {
  LoginRequest,
  PasskeySignInRequest,
  ReverifyStep,
  SecondFactorAnswer,
  SecondFactorMethod,
  SecondFactorRequest,
  SecondFactorStep,
  StaffUser,
} from "@app/shared";
import { SECOND_FACTOR_MESSAGES } from "@app/shared/constants";
import type { Db } from "../../../db/client.ts";
import { recordAudit } from "../../audit/index.ts";
import { browserOf, networkOf } from "../second-factor/device-labels.ts";
import { pendingStepUser } from "../second-factor/repo.ts";
import {
  beginReverification,
  beginSecondStep,
  completeReverification,
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
import type { Reservation } from "./account-throttle.ts";
import {
  type AttemptDeps,
  attempterOf,
  attemptFailed,
  attemptSucceeded,
  type Reserved,
  sessionAttempter,
} from "./attempts.ts";
import { ACCESS_TOKEN_SECONDS, signAccessToken } from "./jwt.ts";
import { hashPassword, passwordProblem, spendVerification, verifyPassword } from "./passwords.ts";
import {
  type IssuedRefresh,
  isNewDevice,
  isSessionRemembered,
  markSessionVerified,
  revokeSession,
  revokeUserSessions,
  rotateRefreshToken,
  type SessionContext,
  sessionOfRefreshToken,
  startSession,
} from "./sessions.ts";

export type AuthDeps = AttemptDeps & { secret: Buffer };

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

const throttled = (reservation: Extract<Reservation, { ok: false }>) =>
  ({ kind: "throttled", retryAfterSeconds: reservation.retryAfterSeconds }) as const;

/**
 * Spec section 7's login. The attempt is reserved before the password is checked (decision 039):
 * a device that signed in before has tries of its own, strangers wait longer and longer.
 */
export async function login(
  deps: AuthDeps,
  { username, password, remember = false }: LoginRequest,
  context: SessionContext,
): Promise<LoginResult> {
  const { db, throttle } = deps;
  const name = username.trim().toLowerCase();
  const user = await findUserByUsername(db, name);
  const reservation = await throttle.reserve(name, await attempterOf(db, user?.id, context.deviceHash));
  if (!reservation.ok) return throttled(reservation);

  let passwordOk = false;
  if (user) passwordOk = await verifyPassword(user.passwordHash, password);
  else await spendVerification(password);
  if (!user || !passwordOk) {
    await recordAudit(db, {
      action: "login_failed",
      actorUsername: name,
      actor: user ? { id: user.id, username: user.username } : undefined,
      ip: context.ip,
      details: { reason: user ? "wrong_password" : "unknown_user", device: deviceWord(reservation) },
    });
    await attemptFailed(deps, user, reservation, context.ip);
    return { kind: "invalid" };
  }
  // The password was right: this attempt is given back. The wrong ones before it stay counted until
  // the whole sign-in succeeds, so a known password does not buy fresh tries at the codes.
  await throttle.refund(reservation);
  // Only someone who knows the password learns that the account is disabled.
  if (!user.active) {
    await recordAudit(db, { action: "login_failed", actor: user, ip: context.ip, details: { reason: "disabled" } });
    return { kind: "disabled" };
  }
  const step = await beginSecondStep(db, user.id, remember);
  if (step) return { kind: "second_factor", step };
  return { kind: "ok", session: await signIn(deps, user, remember, context, reservation) };
}

/** How the audit log names who tried. */
const deviceWord = (reservation: Reserved) => (reservation.attempter === "device" ? "conocido" : "desconocido");

/** A complete sign-in: the session, the audit entry, and an email when the device is new. */
async function signIn(
  deps: AuthDeps,
  user: UserRow,
  remember: boolean,
  context: SessionContext,
  reservation: Reserved | undefined,
  secondFactor?: SecondFactorMethod,
) {
  const { db, secret } = deps;
  if (reservation) await attemptSucceeded(deps, user, reservation, context.ip);
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
  const reservation = await throttle.reserve(user.username, await attempterOf(db, user.id, context.deviceHash));
  if (!reservation.ok) return throttled(reservation);
  const outcome = await completeSecondStep(factor, request);
  if (outcome.kind === "wrong") {
    await recordAudit(db, {
      action: "second_factor_failed",
      actor: user,
      ip: context.ip,
      details: { method: request.method, locked: outcome.locked, device: deviceWord(reservation) },
    });
    await attemptFailed(deps, user, reservation, context.ip);
    return { kind: "wrong", message: outcome.message, locked: outcome.locked };
  }
  if (!user.active) return { kind: "disabled" };
  if (outcome.method === "recovery") await recoveryCodeUsed(db, user, context);
  return { kind: "ok", session: await signIn(deps, user, outcome.remember, context, reservation, outcome.method) };
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
  return { kind: "ok", session: await signIn(deps, user, request.remember ?? false, context, undefined, "passkey") };
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

type Refused = { kind: "wrong" } | { kind: "throttled"; retryAfterSeconds: number };

/**
 * A signed-in person's password typed again (a password change, a re-verification): throttled and
 * audited like a sign-in, with the tries of the device the session signed in from, reserved before
 * the check (decision 039). `step` names the call in the audit log.
 */
async function checkOwnPassword(
  deps: AttemptDeps,
  user: UserRow,
  sessionId: string,
  password: string,
  context: Pick<SessionContext, "ip">,
  step: "password_change" | "confirm",
): Promise<Refused | { kind: "ok"; reservation: Reserved }> {
  const { db, throttle } = deps;
  const reservation = await throttle.reserve(user.username, await sessionAttempter(db, sessionId));
  if (!reservation.ok) return throttled(reservation);
  if (await verifyPassword(user.passwordHash, password)) return { kind: "ok", reservation };
  await recordAudit(db, {
    action: "login_failed",
    actor: user,
    ip: context.ip,
    details: { reason: "wrong_password", step },
  });
  await attemptFailed(deps, user, reservation, context.ip);
  return { kind: "wrong" };
}

/**
 * Sets a person's own new password (also the forced change after a temporary one): every other
 * session ends, the caller gets a fresh session.
 */
export async function changePassword(
  deps: AuthDeps,
  userId: number,
  sessionId: string,
  { currentPassword, newPassword }: { currentPassword: string; newPassword: string },
  context: SessionContext,
): Promise<IssuedSession | Refused> {
  const { db, secret } = deps;
  const user = await findUserById(db, userId);
  if (!user) return { kind: "wrong" };
  const checked = await checkOwnPassword(deps, user, sessionId, currentPassword, context, "password_change");
  if (checked.kind !== "ok") return checked;
  const problem = await passwordProblem(db, newPassword, user);
  if (problem) {
    // The current password was right: only the new one is refused, and that is no guess.
    await deps.throttle.refund(checked.reservation);
    throw new PasswordRejectedError(problem);
  }
  await attemptSucceeded(deps, user, checked.reservation, context.ip);
  const [passwordHash, remember] = [await hashPassword(newPassword), await isSessionRemembered(db, sessionId)];
  const updated = await updateUser(db, user.id, { passwordHash, mustChangePassword: false, endSessions: true });
  await revokeUserSessions(db, user.id, "password_changed");
  await recordAudit(db, { action: "password_changed", actor: user, ip: context.ip });
  const refreshed = await startSession(db, user.id, remember, context);
  const due = await mustAddSecondFactor(db, user.id);
  return await sessionFor(secret, toStaffUser(updated ?? user, due), refreshed, remember);
}

export type ReverifyResult =
  | Refused
  /** Proven: changes that ask for a recent proof are allowed for a while. */
  | { kind: "verified" }
  /** The password was right; the account's second factor comes next. */
  | { kind: "second_factor"; step: ReverifyStep };

/**
 * `Confirma tu contraseña` before a sensitive change (decision 035): the password, then the second
 * factor when the account has one (decision 039).
 */
export async function confirmPassword(
  deps: AttemptDeps,
  userId: number,
  sessionId: string,
  password: string,
  context: Pick<SessionContext, "ip">,
): Promise<ReverifyResult> {
  const user = await findUserById(deps.db, userId);
  if (!user) return { kind: "wrong" };
  const checked = await checkOwnPassword(deps, user, sessionId, password, context, "confirm");
  if (checked.kind !== "ok") return checked;
  const step = await beginReverification(deps.db, user.id, sessionId);
  if (step) {
    await deps.throttle.refund(checked.reservation);
    return { kind: "second_factor", step };
  }
  await attemptSucceeded(deps, user, checked.reservation, context.ip);
  await markSessionVerified(deps.db, sessionId);
  return { kind: "verified" };
}

/** The second factor of a re-verification, throttled and audited like a sign-in's second step. */
export async function confirmSecondFactor(
  deps: AttemptDeps,
  factor: SecondFactorDeps,
  userId: number,
  sessionId: string,
  answer: SecondFactorAnswer,
  context: Pick<SessionContext, "ip">,
): Promise<ReverifyResult | { kind: "wrong"; message: string; locked: boolean }> {
  const { db, throttle } = deps;
  const user = await findUserById(db, userId);
  if (!user) return { kind: "wrong" };
  const reservation = await throttle.reserve(user.username, await sessionAttempter(db, sessionId));
  if (!reservation.ok) return throttled(reservation);
  const outcome = await completeReverification(factor, sessionId, answer);
  if (outcome.kind === "wrong") {
    await recordAudit(db, {
      action: "second_factor_failed",
      actor: user,
      ip: context.ip,
      details: { method: answer.method, locked: outcome.locked, step: "confirm" },
    });
    await attemptFailed(deps, user, reservation, context.ip);
    return outcome;
  }
  if (outcome.method === "recovery") await recoveryCodeUsed(db, user, context);
  await attemptSucceeded(deps, user, reservation, context.ip);
  await markSessionVerified(db, sessionId);
  return { kind: "verified" };
}
