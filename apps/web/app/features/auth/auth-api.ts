import type {
  ChangePasswordRequest,
  ForgotPasswordRequest,
  LoginRequest,
  PasskeySignInRequest,
  ResetPasswordRequest,
  SecondFactorRequest,
  SecondFactorStep,
  SessionResponse,
  StaffUser,
} from "@app/shared";
import { apiRequest, authRequest } from "~/lib/api-client";

// The auth calls of docs/decisions/014. The refresh token never passes through here: it lives in
// an HttpOnly cookie the browser sends to /api/auth/refresh-token and /api/auth/logout. Every call
// that opens a session says it comes from the browser (the CSRF header), so the answer leaves the
// token out of its body.

/** A right password opens the session, or asks for the account's second factor first (issue 15). */
export const postLogin = (body: LoginRequest) =>
  // The answer sets the refresh cookie, which is stored only for a same-origin request.
  apiRequest<SessionResponse | SecondFactorStep>("/auth/login", { method: "POST", body, cookieAuth: true });

/** The second step of a sign-in; the session answer sets the refresh cookie like login does. */
export const postSecondFactor = (body: SecondFactorRequest) =>
  apiRequest<SessionResponse>("/auth/second-factor", { method: "POST", body, cookieAuth: true });

/** The challenge for this account's passkeys, during the second step. */
export const postStepPasskeyOptions = (stepToken: string) =>
  apiRequest<{ options: Record<string, unknown> }>("/auth/second-factor/passkey-options", {
    method: "POST",
    body: { stepToken },
  });

/** A sign-in with a passkey alone: the browser offers the passkeys it holds for this site. */
export const postPasskeySignInOptions = () =>
  apiRequest<{ challengeId: string; options: Record<string, unknown> }>("/auth/passkey/options", {
    method: "POST",
    body: {},
  });

export const postPasskeySignIn = (body: PasskeySignInRequest) =>
  apiRequest<SessionResponse>("/auth/passkey", { method: "POST", body, cookieAuth: true });

export const postRefresh = () =>
  apiRequest<SessionResponse>("/auth/refresh-token", { method: "POST", cookieAuth: true });

export const postLogout = () => apiRequest<void>("/auth/logout", { method: "POST", cookieAuth: true });

export const getMe = (accessToken: string) =>
  apiRequest<StaffUser>("/auth/me", { headers: { authorization: `Bearer ${accessToken}` } });

export const postForgotPassword = (body: ForgotPasswordRequest) =>
  apiRequest<{ message: string }>("/auth/forgot-password", { method: "POST", body });

export const postResetPassword = (body: ResetPasswordRequest) =>
  apiRequest<void>("/auth/reset-password", { method: "POST", body });

/** Changing one's password ends every other session; the answer is this tab's new session. */
export const postChangePassword = (body: ChangePasswordRequest) =>
  authRequest<SessionResponse>("/auth/password", { method: "POST", body, cookieAuth: true });
