import type { WebauthnCredential } from "@app/shared";
import { BRAND } from "@app/shared/constants";
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";

// Passkeys through @simplewebauthn/server (decision 035): the relying party is the site of
// PUBLIC_URL (its host the RP ID, its origin the only origin accepted), attestation none,
// discoverable credentials preferred so a passkey can sign in without a username. User verification
// (a PIN, a fingerprint) is required when the passkey is the whole sign-in, and preferred when it
// follows a password (decision 039). The challenges are kept by the caller (single-use rows of
// auth_challenges).

export type RelyingParty = { id: string; origin: string };

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin };
}

/** A stored passkey as the library needs it. */
export type StoredPasskey = { id: string; publicKey: Buffer; counter: number; transports: string[] };

const TIMEOUT_MS = 120_000;

export function registrationOptions(
  rp: RelyingParty,
  user: { id: number; username: string; displayName: string },
  existing: StoredPasskey[],
) {
  return generateRegistrationOptions({
    rpName: BRAND.name,
    rpID: rp.id,
    userName: user.username,
    userDisplayName: user.displayName,
    // The user handle a discoverable passkey gives back: the account's id, nothing personal.
    userID: new TextEncoder().encode(String(user.id)),
    attestationType: "none",
    timeout: TIMEOUT_MS,
    excludeCredentials: existing.map((passkey) => ({ id: passkey.id, transports: passkey.transports })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
}

/** The new passkey, or undefined when the browser's answer does not prove one. */
export async function verifiedRegistration(rp: RelyingParty, challenge: string, credential: WebauthnCredential) {
  try {
    const result = await verifyRegistrationResponse({
      response: credential as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!result.verified) return undefined;
    const { credential: made, credentialDeviceType, credentialBackedUp } = result.registrationInfo;
    return {
      id: made.id,
      publicKey: Buffer.from(made.publicKey),
      counter: made.counter,
      transports: made.transports ?? [],
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
    };
  } catch {
    return undefined;
  }
}

/**
 * Options to sign in: with the account's passkeys listed (a second factor), or none (a discoverable
 * passkey chooses the account, and is then the only factor: the person must be verified).
 */
export function authenticationOptions(rp: RelyingParty, allowed: StoredPasskey[] | undefined) {
  return generateAuthenticationOptions({
    rpID: rp.id,
    timeout: TIMEOUT_MS,
    userVerification: allowed ? "preferred" : "required",
    ...(allowed
      ? { allowCredentials: allowed.map((passkey) => ({ id: passkey.id, transports: passkey.transports })) }
      : {}),
  });
}

/**
 * The passkey's new counter and backup state when the browser's answer is signed by `passkey` over
 * `challenge` from our origin, with the person verified by the authenticator when
 * `requireUserVerification`; undefined otherwise (wrong origin, replayed challenge, a counter going
 * back: a cloned key; only presence shown where verification was required).
 */
export async function verifiedAuthentication(
  rp: RelyingParty,
  challenge: string,
  credential: WebauthnCredential,
  passkey: StoredPasskey,
  requireUserVerification: boolean,
) {
  try {
    const result = await verifyAuthenticationResponse({
      response: credential as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports as never,
      },
      requireUserVerification,
    });
    if (!result.verified) return undefined;
    return { counter: result.authenticationInfo.newCounter, backedUp: result.authenticationInfo.credentialBackedUp };
  } catch {
    return undefined;
  }
}

/** The account id a discoverable passkey names (its user handle), if it is one of ours. */
export function userIdOfHandle(credential: WebauthnCredential) {
  const handle = (credential as { response?: { userHandle?: unknown } }).response?.userHandle;
  if (typeof handle !== "string") return undefined;
  const id = Number(Buffer.from(handle, "base64url").toString("utf8"));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}
