import type { WebauthnCredential } from "@app/shared";

// The browser's passkey prompts, through @simplewebauthn/browser. The library is loaded only when a
// passkey is about to be used (a separate chunk): the sign-in page stays small for everyone who
// signs in with a password, and the public pages never see it.

type WebauthnModule = typeof import("@simplewebauthn/browser");

let loading: Promise<WebauthnModule> | undefined;

/** Starts fetching the library (e.g. when a passkey button appears), so the click does not wait for it. */
export function preloadWebauthn() {
  loading ??= import("@simplewebauthn/browser").catch((error: unknown) => {
    // A failed download (offline) may succeed on the next try.
    loading = undefined;
    throw error;
  });
  return loading;
}

/** The server's options as the library takes them: the API's schema only bounds their size. */
type AuthenticationOptions = Parameters<WebauthnModule["startAuthentication"]>[0]["optionsJSON"];
type RegistrationOptions = Parameters<WebauthnModule["startRegistration"]>[0]["optionsJSON"];

/** Asks the browser to sign with a passkey; the answer goes to the API as it is. */
export async function authenticateWithPasskey(options: Record<string, unknown>): Promise<WebauthnCredential> {
  const { startAuthentication } = await preloadWebauthn();
  const credential = await startAuthentication({ optionsJSON: options as unknown as AuthenticationOptions });
  return credential as unknown as WebauthnCredential;
}

/** Asks the browser to create a passkey for this account. */
export async function registerPasskey(options: Record<string, unknown>): Promise<WebauthnCredential> {
  const { startRegistration } = await preloadWebauthn();
  const credential = await startRegistration({ optionsJSON: options as unknown as RegistrationOptions });
  return credential as unknown as WebauthnCredential;
}
