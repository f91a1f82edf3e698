import { randomUUID } from "node:crypto";
import type {
  AccountSecurity,
  AuthenticatorSetup,
  FactorAdded,
  ReverifyStep,
  SecondFactorAnswer,
  SecondFactorMethod,
  SecondFactorRequest,
  SecondFactorStep,
  WebauthnCredential,
} from "@app/shared";
import { SECOND_FACTOR_MESSAGES as M, SECOND_FACTOR_LIMITS } from "@app/shared/constants";
import type { Db } from "../../../db/client.ts";
import { recordAudit } from "../../audit/index.ts";
import { queueEmails } from "../../email/index.ts";
import { newOpaqueToken, tokenHash } from "../auth/tokens.ts";
import type { UserRow } from "../users/repo.ts";
import { acceptedStep, authenticatorUri, newAuthenticatorSecret, qrSvg } from "./authenticator-code.ts";
import {
  authenticationOptions,
  type RelyingParty,
  registrationOptions,
  userIdOfHandle,
  verifiedAuthentication,
  verifiedRegistration,
} from "./passkey-ceremony.ts";
import { newRecoveryCodes, shownRecoveryCode } from "./recovery-code.ts";
import {
  acceptAuthenticatorStep,
  authenticatorOf,
  closeChallenge,
  deleteAuthenticator,
  deleteExpiredChallenges,
  deletePasskey,
  deleteSecondFactors,
  enrolledMethods,
  findPasskey,
  insertChallenge,
  insertPasskey,
  isSecondFactorRequired,
  openChallenge,
  passkeysOf,
  recoveryCodesState,
  renamePasskey,
  replaceChallenge,
  replaceRecoveryCodes,
  reserveStepAttempt,
  setStepChallenge,
  startAuthenticator,
  usePasskey,
  useRecoveryCode,
  userHasSecondFactor,
} from "./repo.ts";
import type { SecretBox } from "./secret-box.ts";
import type { SecurityNotice } from "./security-notice-email.ts";

// A second factor for staff (decision 035): enrolling passkeys, an authenticator app and recovery
// codes; the step between password and second factor; a passkey sign-in without username.

export type SecondFactorDeps = { db: Db; box: SecretBox; rp: RelyingParty };
type Actor = Pick<UserRow, "id" | "username" | "displayName" | "email">;
type Context = { ip: string | undefined };

/** A refusal the routes turn into a 4xx with this Spanish message. */
export class SecondFactorError extends Error {
  override name = "SecondFactorError";
  constructor(
    readonly status: 400 | 401 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

/** Queues a security email to the person, when they have an address. */
export async function notifySecurity(db: Db, user: Actor, notice: SecurityNotice, at = new Date()) {
  if (!user.email) return;
  await queueEmails(db, [
    { kind: "security_notice", to: user.email, payload: { userId: user.id, ...notice, at: at.toISOString() } },
  ]);
}

const passkeyLabel = (name: string) => `la llave de acceso «${name}»`;
const AUTHENTICATOR_LABEL = "la aplicación de autenticación";

export async function accountSecurity(db: Db, userId: number): Promise<AccountSecurity> {
  const [keys, app, codes, required] = await Promise.all([
    passkeysOf(db, userId),
    authenticatorOf(db, userId),
    recoveryCodesState(db, userId),
    isSecondFactorRequired(db),
  ]);
  return {
    passkeys: keys.map((key) => ({
      id: key.id,
      name: key.name,
      createdAt: key.createdAt.toISOString(),
      lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
      backedUp: key.backedUp,
    })),
    authenticator: app?.confirmedAt ? { confirmedAt: app.confirmedAt.toISOString() } : null,
    recoveryCodes: codes,
    required,
  };
}

/** New recovery codes for the person (the old ones stop working); shown once. */
async function issueRecoveryCodes({ db, box }: SecondFactorDeps, user: Actor, context: Context) {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(
    db,
    user.id,
    codes.map((code) => box.digest(code)),
  );
  await recordAudit(db, { action: "recovery_codes_generated", actor: user, ip: context.ip });
  return codes.map(shownRecoveryCode);
}

/** After a factor was added: recovery codes when it is the person's first. */
async function factorAdded(deps: SecondFactorDeps, user: Actor, factor: string, wasFirst: boolean, context: Context) {
  await recordAudit(deps.db, { action: "second_factor_added", actor: user, ip: context.ip, details: { factor } });
  await notifySecurity(deps.db, user, { event: "factor_added", factor });
  return { recoveryCodes: wasFirst ? await issueRecoveryCodes(deps, user, context) : null } satisfies FactorAdded;
}

export async function regenerateRecoveryCodes(deps: SecondFactorDeps, user: Actor, context: Context) {
  if (!(await userHasSecondFactor(deps.db, user.id)))
    throw new SecondFactorError(409, "Agrega primero una llave de acceso o una aplicación de autenticación.");
  return issueRecoveryCodes(deps, user, context);
}

// --- passkeys

const registrationId = (userId: number) => `registration:${userId}`;
const CHALLENGE_SECONDS = 180;

export async function passkeyRegistrationOptions({ db, rp }: SecondFactorDeps, user: Actor) {
  const options = await registrationOptions(rp, user, await passkeysOf(db, user.id));
  // One registration at a time per person: a new one replaces the last, unanswered.
  await replaceChallenge(db, {
    id: registrationId(user.id),
    purpose: "passkey_registration",
    userId: user.id,
    challenge: options.challenge,
    seconds: CHALLENGE_SECONDS,
  });
  return options;
}

export async function addPasskey(
  deps: SecondFactorDeps,
  user: Actor,
  name: string,
  credential: WebauthnCredential,
  context: Context,
) {
  const { db, rp } = deps;
  const open = await openChallenge(db, registrationId(user.id), "passkey_registration");
  if (!open?.challenge || !(await closeChallenge(db, open.id)))
    throw new SecondFactorError(400, "La solicitud de la llave expiró. Inténtalo de nuevo.");
  const made = await verifiedRegistration(rp, open.challenge, credential);
  if (!made) throw new SecondFactorError(400, M.passkeyFailed);
  const wasFirst = !(await userHasSecondFactor(db, user.id));
  if (!(await insertPasskey(db, { ...made, userId: user.id, name })))
    throw new SecondFactorError(409, "Esa llave de acceso ya está registrada.");
  return factorAdded(deps, user, passkeyLabel(name), wasFirst, context);
}

export async function changePasskeyName(db: Db, user: Actor, id: string, name: string) {
  if (!(await renamePasskey(db, user.id, id, name))) throw new SecondFactorError(404, "No existe esa llave de acceso.");
}

/** Refused when it is the last factor and the administrators require one. */
async function ensureNotLast(db: Db, userId: number, removing: "passkey" | "authenticator") {
  if (!(await isSecondFactorRequired(db))) return;
  const methods = await enrolledMethods(db, userId);
  const others =
    removing === "passkey" ? methods.authenticator || (await passkeysOf(db, userId)).length > 1 : methods.passkey;
  if (!others) throw new SecondFactorError(409, M.lastFactorRequired);
}

export async function removePasskey(db: Db, user: Actor, id: string, context: Context) {
  await ensureNotLast(db, user.id, "passkey");
  const removed = await deletePasskey(db, user.id, id);
  if (!removed) throw new SecondFactorError(404, "No existe esa llave de acceso.");
  const factor = passkeyLabel(removed.name);
  await forgetCodesWithoutFactor(db, user.id);
  await recordAudit(db, { action: "second_factor_removed", actor: user, ip: context.ip, details: { factor } });
  await notifySecurity(db, user, { event: "factor_removed", factor });
}

// --- authenticator app

export async function startAuthenticatorSetup({ db, box }: SecondFactorDeps, user: Actor): Promise<AuthenticatorSetup> {
  const secret = newAuthenticatorSecret();
  if (!(await startAuthenticator(db, user.id, box.seal(secret))))
    throw new SecondFactorError(409, "Ya tienes una aplicación de autenticación. Quítala antes de configurar otra.");
  const uri = authenticatorUri(secret, user.username);
  return { secret, uri, qrSvg: await qrSvg(uri) };
}

export async function confirmAuthenticator(deps: SecondFactorDeps, user: Actor, code: string, context: Context) {
  const { db, box } = deps;
  const app = await authenticatorOf(db, user.id);
  if (!app || app.confirmedAt) throw new SecondFactorError(409, "Configura primero la aplicación de autenticación.");
  const secret = box.open(app.secret);
  const step = secret === undefined ? undefined : acceptedStep(secret, code, app.lastStep);
  if (step === undefined || !(await acceptAuthenticatorStep(db, user.id, step, true))) {
    await recordAudit(db, {
      action: "second_factor_failed",
      actor: user,
      ip: context.ip,
      details: { method: "authenticator", step: "enrolment" },
    });
    throw new SecondFactorError(400, M.codeWrong);
  }
  const wasFirst = !(await enrolledMethods(db, user.id)).passkey;
  return factorAdded(deps, user, AUTHENTICATOR_LABEL, wasFirst, context);
}

export async function removeAuthenticator(db: Db, user: Actor, context: Context) {
  await ensureNotLast(db, user.id, "authenticator");
  if (!(await deleteAuthenticator(db, user.id)))
    throw new SecondFactorError(404, "No tienes una aplicación de autenticación.");
  await forgetCodesWithoutFactor(db, user.id);
  await recordAudit(db, {
    action: "second_factor_removed",
    actor: user,
    ip: context.ip,
    details: { factor: AUTHENTICATOR_LABEL },
  });
  await notifySecurity(db, user, { event: "factor_removed", factor: AUTHENTICATOR_LABEL });
}

/** Recovery codes stand in for a factor: with the last one gone they go too (new ones come with the next). */
async function forgetCodesWithoutFactor(db: Db, userId: number) {
  if (!(await userHasSecondFactor(db, userId))) await replaceRecoveryCodes(db, userId, []);
}

/** An administrator (or the terminal) removes every factor of `target`; they are told by email. */
export async function resetSecondFactors(db: Db, target: Actor, by: Actor | undefined, context: Context) {
  await deleteSecondFactors(db, target.id);
  await recordAudit(db, { action: "second_factor_reset", actor: by, target, ip: context.ip });
  await notifySecurity(db, target, {
    event: "factors_reset",
    by: by?.displayName ?? "un administrador (desde la terminal)",
  });
}

// --- the second step of a sign-in, and of a re-verification

/** The methods a step offers: what the person has enrolled. */
async function offeredMethods(db: Db, userId: number) {
  const methods = await enrolledMethods(db, userId);
  const offered: SecondFactorMethod[] = [];
  if (methods.passkey) offered.push("passkey");
  if (methods.authenticator) offered.push("authenticator");
  if (methods.recovery && offered.length > 0) offered.push("recovery");
  return offered;
}

/** Starts the step between a right password and the second factor, if the person has one. */
export async function beginSecondStep(
  db: Db,
  userId: number,
  remember: boolean,
): Promise<SecondFactorStep | undefined> {
  const methods = await offeredMethods(db, userId);
  if (methods.length === 0) return undefined;
  const stepToken = newOpaqueToken();
  await deleteExpiredChallenges(db);
  await insertChallenge(db, {
    id: tokenHash(stepToken),
    purpose: "second_factor",
    userId,
    challenge: null,
    remember,
    seconds: SECOND_FACTOR_LIMITS.stepSeconds,
  });
  return { step: "second_factor", stepToken, expiresIn: SECOND_FACTOR_LIMITS.stepSeconds, methods };
}

/**
 * Where a step is kept and how its end is told: a sign-in's with a 401, a re-verification's with a
 * 409, since a 401 inside a session means the session itself is over.
 */
type StepPlace = { id: string; purpose: "second_factor" | "reverify"; expired: string; status: 401 | 409 };

const signInStep = (stepToken: string): StepPlace => ({
  id: tokenHash(stepToken),
  purpose: "second_factor",
  expired: M.stepExpired,
  status: 401,
});
/** A session's own re-verification: one at a time, and useless to any other session. */
const reverifyStep = (sessionId: string): StepPlace => ({
  id: `reverify:${sessionId}`,
  purpose: "reverify",
  expired: M.reverifyExpired,
  status: 409,
});

/** The person's passkeys to choose from, for a step's passkey attempt (a new challenge each time). */
async function passkeyOptionsFor({ db, rp }: SecondFactorDeps, place: StepPlace) {
  const step = await openChallenge(db, place.id, place.purpose);
  if (!step?.userId) throw new SecondFactorError(place.status, place.expired);
  const options = await authenticationOptions(rp, await passkeysOf(db, step.userId));
  await setStepChallenge(db, step.id, options.challenge);
  return options;
}

export const stepPasskeyOptions = (deps: SecondFactorDeps, stepToken: string) =>
  passkeyOptionsFor(deps, signInStep(stepToken));

export type StepOutcome =
  | { kind: "ok"; userId: number; remember: boolean; method: SecondFactorMethod }
  /** A wrong code or passkey: `locked` when it was the last try of the step. */
  | { kind: "wrong"; userId: number; message: string; locked: boolean };

/**
 * Checks the second factor of a step. The attempt is reserved first (at most
 * SECOND_FACTOR_LIMITS.stepFailures per step, however many arrive at once); a right answer closes
 * the step (single use), the last wrong one locks it.
 */
async function completeStep(
  deps: SecondFactorDeps,
  place: StepPlace,
  answer: SecondFactorAnswer,
): Promise<StepOutcome> {
  const { db } = deps;
  const limit = SECOND_FACTOR_LIMITS.stepFailures;
  const step = await reserveStepAttempt(db, place.id, place.purpose, limit);
  if (!step?.userId) throw new SecondFactorError(place.status, place.expired);
  const userId = step.userId;
  const right = await checkFactor(deps, userId, step, answer);
  if (!right.ok) {
    const locked = step.failures >= limit;
    if (locked) await closeChallenge(db, step.id);
    return { kind: "wrong", userId, message: right.message, locked };
  }
  if (!(await closeChallenge(db, step.id))) throw new SecondFactorError(place.status, place.expired);
  return { kind: "ok", userId, remember: step.remember, method: answer.method };
}

export function completeSecondStep(deps: SecondFactorDeps, request: SecondFactorRequest) {
  const { stepToken, ...answer } = request;
  return completeStep(deps, signInStep(stepToken), answer);
}

type Check = { ok: true } | { ok: false; message: string };

async function checkFactor(
  { db, box, rp }: SecondFactorDeps,
  userId: number,
  step: { id: string; challenge: string | null },
  answer: SecondFactorAnswer,
): Promise<Check> {
  switch (answer.method) {
    case "authenticator": {
      const app = await authenticatorOf(db, userId);
      const secret = app?.confirmedAt ? box.open(app.secret) : undefined;
      const accepted = secret === undefined ? undefined : acceptedStep(secret, answer.code, app?.lastStep ?? null);
      const ok = accepted !== undefined && (await acceptAuthenticatorStep(db, userId, accepted, false));
      return ok ? { ok } : { ok, message: M.codeWrong };
    }
    case "recovery": {
      const ok = await useRecoveryCode(db, userId, box.digest(answer.code.replace(/[\s-]/g, "").toLowerCase()));
      return ok ? { ok } : { ok, message: M.recoveryWrong };
    }
    case "passkey": {
      const { challenge } = step;
      const passkey = challenge ? await findPasskey(db, answer.credential.id) : undefined;
      // Used once: a second answer to the same challenge finds none.
      if (!challenge || !passkey || passkey.userId !== userId) return { ok: false, message: M.passkeyFailed };
      await setStepChallenge(db, step.id, "");
      // As the second step after a password, user verification is welcome but not required.
      const checked = await verifiedAuthentication(rp, challenge, answer.credential, passkey, false);
      const ok =
        checked !== undefined && (await usePasskey(db, passkey.id, checked.counter, passkey.counter, checked.backedUp));
      return ok ? { ok } : { ok, message: M.passkeyFailed };
    }
  }
}

/**
 * After the password was typed again in a session: the second factor comes next when the account
 * has one (decision 039), so a stolen password and access token alone cannot change factors.
 */
export async function beginReverification(
  db: Db,
  userId: number,
  sessionId: string,
): Promise<ReverifyStep | undefined> {
  const methods = await offeredMethods(db, userId);
  if (methods.length === 0) return undefined;
  await replaceChallenge(db, {
    id: reverifyStep(sessionId).id,
    purpose: "reverify",
    userId,
    challenge: null,
    seconds: SECOND_FACTOR_LIMITS.stepSeconds,
  });
  return { step: "second_factor", expiresIn: SECOND_FACTOR_LIMITS.stepSeconds, methods };
}

export const reverifyPasskeyOptions = (deps: SecondFactorDeps, sessionId: string) =>
  passkeyOptionsFor(deps, reverifyStep(sessionId));

export const completeReverification = (deps: SecondFactorDeps, sessionId: string, answer: SecondFactorAnswer) =>
  completeStep(deps, reverifyStep(sessionId), answer);

/** After a sign-in with a recovery code: the person is told, with how many remain. */
export async function recoveryCodeUsed(db: Db, user: Actor, context: Context) {
  const remaining = (await recoveryCodesState(db, user.id))?.remaining ?? 0;
  await recordAudit(db, { action: "recovery_code_used", actor: user, ip: context.ip, details: { remaining } });
  await notifySecurity(db, user, { event: "recovery_code_used", remaining });
}

// --- a passkey alone (no username)

export async function passkeySignInOptions({ db, rp }: SecondFactorDeps) {
  const options = await authenticationOptions(rp, undefined);
  const challengeId = randomUUID();
  await deleteExpiredChallenges(db);
  await insertChallenge(db, {
    id: challengeId,
    purpose: "passkey_sign_in",
    userId: null,
    challenge: options.challenge,
    seconds: CHALLENGE_SECONDS,
  });
  return { challengeId, options };
}

/** The account a discoverable passkey signs in, or undefined. The challenge is used once. */
export async function passkeySignIn({ db, rp }: SecondFactorDeps, challengeId: string, credential: WebauthnCredential) {
  const open = await openChallenge(db, challengeId, "passkey_sign_in");
  if (!open?.challenge || !(await closeChallenge(db, open.id))) return undefined;
  const passkey = await findPasskey(db, credential.id);
  // The account the passkey was made for must be the one it names (its user handle).
  if (!passkey || userIdOfHandle(credential) !== passkey.userId) return undefined;
  // The passkey is the whole sign-in here: it must have verified the person (PIN, biometrics).
  const checked = await verifiedAuthentication(rp, open.challenge, credential, passkey, true);
  if (!checked || !(await usePasskey(db, passkey.id, checked.counter, passkey.counter, checked.backedUp)))
    return undefined;
  return passkey.userId;
}
