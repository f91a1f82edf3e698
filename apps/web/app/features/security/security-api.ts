import type {
  AccountSecurity,
  AccountSession,
  AuthenticatorSetup,
  FactorAdded,
  RecoveryCodes,
  WebauthnCredential,
} from "@app/shared";
import { authRequest } from "~/lib/api-client";

// The signed-in person's own second factors and devices (issue 15). They answer while a required
// second factor is still missing: they are how it gets added.

export const loadAccountSecurity = (signal?: AbortSignal) =>
  authRequest<AccountSecurity>("/account/security", { signal });

export const loadAccountSessions = (signal?: AbortSignal) =>
  authRequest<AccountSession[]>("/account/sessions", { signal });

/** The challenge for a new passkey of this account (the browser then creates it). */
export const passkeyRegistrationOptions = () =>
  authRequest<{ options: Record<string, unknown> }>("/account/passkeys/options", { method: "POST", body: {} });

/** Recovery codes come back when it was the account's first second factor. */
export const addPasskey = (name: string, credential: WebauthnCredential) =>
  authRequest<FactorAdded>("/account/passkeys", { method: "POST", body: { name, credential } });

export const renamePasskey = (id: string, name: string) =>
  authRequest<void>(`/account/passkeys/${encodeURIComponent(id)}`, { method: "PATCH", body: { name } });

/** 409 when it is the last second factor and the administrators require one. */
export const removePasskey = (id: string) =>
  authRequest<void>(`/account/passkeys/${encodeURIComponent(id)}`, { method: "DELETE" });

/** A new secret to scan; it counts only once a code from the app confirms it. */
export const startAuthenticatorSetup = () =>
  authRequest<AuthenticatorSetup>("/account/authenticator", { method: "POST", body: {} });

export const confirmAuthenticator = (code: string) =>
  authRequest<FactorAdded>("/account/authenticator/confirm", { method: "POST", body: { code } });

export const removeAuthenticator = () => authRequest<void>("/account/authenticator", { method: "DELETE" });

/** Ten new codes; the old ones stop working. */
export const regenerateRecoveryCodes = () =>
  authRequest<RecoveryCodes>("/account/recovery-codes", { method: "POST", body: {} });

export const endSession = (id: string) =>
  authRequest<void>(`/account/sessions/${encodeURIComponent(id)}`, { method: "DELETE" });

export const endOtherSessions = () =>
  authRequest<{ ended: number }>("/account/sessions/end-others", { method: "POST", body: {} });
