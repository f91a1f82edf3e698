import type {
  ChangePasswordRequest,
  ForgotPasswordRequest,
  LoginRequest,
  ResetPasswordRequest,
  SessionResponse,
  StaffUser,
} from "@app/shared";
import { apiRequest, authRequest } from "~/lib/api-client";

// The auth calls of docs/decisions/014. The refresh token never passes through here: it lives in
// an HttpOnly cookie the browser sends to /api/auth/refresh-token and /api/auth/logout.

export const postLogin = (body: LoginRequest) =>
  // The answer sets the refresh cookie, which is stored only for a same-origin request.
  apiRequest<SessionResponse>("/auth/login", { method: "POST", body });

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
  authRequest<SessionResponse>("/auth/password", { method: "POST", body });
