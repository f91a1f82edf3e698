import type {
  ChangePasswordRequest,
  LoginRequest,
  SecondFactorRequest,
  SecondFactorStep,
  SessionResponse,
  StaffUser,
} from "@app/shared";
import { ApiError, connectSession } from "~/lib/api-client";
import { authenticateWithPasskey } from "~/lib/webauthn";
import {
  getMe,
  postChangePassword,
  postLogin,
  postLogout,
  postPasskeySignIn,
  postPasskeySignInOptions,
  postRefresh,
  postSecondFactor,
  postStepPasskeyOptions,
} from "./auth-api";
import { forgetSignedInUsername, mayHaveSession, saveSignedInUsername } from "./auth-storage";
import { withRefreshLock } from "./refresh-lock";

// Who is signed in, held in memory only (docs/decisions/014): the access token lives in a variable
// of this module and dies with the tab; a reload gets a new one through the refresh cookie.

/** Why the session ended: the CRM sends an expired session back to sign in, with a way back. */
export type EndReason = "logout" | "expired";
export type SessionSnapshot = { user: StaffUser | null; ended: EndReason | null };

/** The API's answer to a refresh token another tab of this browser rotated a moment ago. */
const REFRESH_RACED = "Refresh Token Rotated";
/** Refresh this long before the access token expires, so a call never starts with a dead one. */
const REFRESH_AHEAD_SECONDS = 60;

let accessToken: string | undefined;
let snapshot: SessionSnapshot = { user: null, ended: null };
const listeners = new Set<() => void>();
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let refreshing: Promise<StaffUser | null> | undefined;
let lastActivityAt = 0;
let lastRefreshAt = 0;

function publish(next: SessionSnapshot) {
  snapshot = next;
  for (const listener of listeners) listener();
}

export function subscribeToSession(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const getSessionSnapshot = () => snapshot;

/** Starts (or renews) the session from a login, refresh or password-change answer. */
export function applySession(session: SessionResponse) {
  accessToken = session.accessToken;
  saveSignedInUsername(session.user.username);
  publish({ user: session.user, ended: null });
  scheduleRefresh(session.expiresIn);
}

function endSession(reason: EndReason) {
  accessToken = undefined;
  clearTimeout(refreshTimer);
  forgetSignedInUsername();
  publish({ user: null, ended: reason });
}

/**
 * Renews the access token before it expires, but only for someone who used the page since the
 * last renewal: an unattended screen lets it lapse, so the server's idle limit (30 minutes) still
 * ends a forgotten session. The next call then refreshes on its 401, or finds the session over.
 */
function scheduleRefresh(expiresInSeconds: number) {
  clearTimeout(refreshTimer);
  lastRefreshAt = Date.now();
  const delaySeconds = Math.max(expiresInSeconds - REFRESH_AHEAD_SECONDS, 10);
  refreshTimer = setTimeout(() => {
    if (lastActivityAt < lastRefreshAt) return;
    refreshSession().then(
      (user) => {
        if (!user && snapshot.user) endSession("expired");
      },
      () => {
        // Unreachable server: the token lapses and the next call tries again.
      },
    );
  }, delaySeconds * 1000);
}

if (typeof window !== "undefined") {
  const markActivity = () => {
    lastActivityAt = Date.now();
  };
  for (const type of ["pointerdown", "keydown"] as const) {
    window.addEventListener(type, markActivity, { capture: true, passive: true });
  }
}

/**
 * One refresh at a time (per page, and across tabs by a lock): resolves to the user when the
 * cookie gave a new session, to null when the server refused it. Throws an ApiError when the
 * server could not be asked (network, 429, 5xx): the session may well still be valid.
 */
function refreshSession(): Promise<StaffUser | null> {
  refreshing ??= withRefreshLock(async () => {
    try {
      const session = await postRefresh().catch((error: unknown) => {
        // Another tab rotated the cookie a moment ago; the browser already holds the new one.
        if (error instanceof ApiError && error.code === REFRESH_RACED) return postRefresh();
        throw error;
      });
      applySession(session);
      return session.user;
    } catch (error) {
      const refused = error instanceof ApiError && [400, 401, 403].includes(error.status);
      if (!refused) throw error;
      accessToken = undefined;
      forgetSignedInUsername();
      return null;
    }
  }).finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

/**
 * The signed-in user, restoring the session through the refresh cookie after a reload. Resolves to
 * null without asking the server when nobody signed in on this browser, and when the server cannot
 * be reached (the sign-in page then explains it).
 */
export async function restoreSession(): Promise<StaffUser | null> {
  if (snapshot.user && accessToken) return snapshot.user;
  if (!mayHaveSession()) return null;
  try {
    return await refreshSession();
  } catch {
    return null;
  }
}

/** Changing one's password ends every other session; this tab continues with the new one. */
export async function changePassword(request: ChangePasswordRequest) {
  applySession(await postChangePassword(request));
}

/** What a right password leads to: the CRM, or the second step of an account with a second factor. */
export type SignInOutcome = { user: StaffUser; step?: never } | { step: SecondFactorStep; user?: never };

const isSecondFactorStep = (answer: SessionResponse | SecondFactorStep): answer is SecondFactorStep =>
  "step" in answer && answer.step === "second_factor";

/** `POST /api/auth/login`; throws the ApiError the form explains. */
export async function signIn(request: LoginRequest): Promise<SignInOutcome> {
  const answer = await postLogin(request);
  // No session yet: the step token only lets the second step be tried.
  if (isSecondFactorStep(answer)) return { step: answer };
  applySession(answer);
  return { user: answer.user };
}

/** The second step with a code (authenticator app or recovery code); opens the session. */
export async function completeSecondFactor(request: SecondFactorRequest) {
  const session = await postSecondFactor(request);
  applySession(session);
  return session.user;
}

/** The second step with a passkey of this account: the browser asks for it, then the server checks it. */
export async function completeSecondFactorWithPasskey(stepToken: string) {
  const { options } = await postStepPasskeyOptions(stepToken);
  const credential = await authenticateWithPasskey(options);
  return completeSecondFactor({ stepToken, method: "passkey", credential });
}

/** A sign-in with a passkey alone (no username nor password): the passkey names the account. */
export async function signInWithPasskey(remember: boolean) {
  const { challengeId, options } = await postPasskeySignInOptions();
  const credential = await authenticateWithPasskey(options);
  const session = await postPasskeySignIn({ challengeId, credential, remember });
  applySession(session);
  return session.user;
}

/**
 * Asks the server who is signed in again, after a change to the account itself (the first second
 * factor added lifts `mustAddSecondFactor`, which the CRM's frame follows).
 */
export async function reloadSessionUser() {
  if (!accessToken) return;
  try {
    publish({ user: await getMe(accessToken), ended: null });
  } catch {
    // The next call of the screen meets the same state and explains it.
  }
}

/** Ends the session on the server (cookie and its family) and in memory. */
export async function signOut() {
  try {
    await postLogout();
  } catch {
    // Unreachable server: the memory is cleared anyway and the refresh token expires by itself.
  }
  endSession("logout");
}

connectSession({
  accessToken: () => accessToken,
  refresh: async () => (await refreshSession()) !== null,
  async isStillValid() {
    if (!accessToken) return false;
    try {
      const user = await getMe(accessToken);
      // The role may have changed (a 403 on an administrators' call): the screen follows it.
      publish({ user, ended: null });
      return true;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 401) return (await refreshSession()) !== null;
      return error.status !== 403;
    }
  },
  expire() {
    if (snapshot.user || accessToken) endSession("expired");
  },
  requirePasswordChange() {
    if (snapshot.user && !snapshot.user.mustChangePassword) {
      publish({ user: { ...snapshot.user, mustChangePassword: true }, ended: null });
    }
  },
  requireSecondFactor() {
    if (snapshot.user && !snapshot.user.mustAddSecondFactor) {
      publish({ user: { ...snapshot.user, mustAddSecondFactor: true }, ended: null });
    }
  },
});
