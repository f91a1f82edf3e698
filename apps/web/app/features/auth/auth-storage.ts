import { REMEMBER_USER_KEY, USERNAME_KEY } from "@app/shared/constants";

// What the browser keeps between visits (spec section 3, docs/decisions/014): usernames only, never
// a token. `username` is written at sign-in and removed at sign-out: while it is there, the page may
// hold a refresh cookie worth trying; without it the CRM sends the person to sign in at once.

function storage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    // Storage blocked by the browser's settings: everything still works, only nothing is remembered.
    return undefined;
  }
}

function read(key: string) {
  try {
    return storage()?.getItem(key) ?? "";
  } catch {
    return "";
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) storage()?.removeItem(key);
    else storage()?.setItem(key, value);
  } catch {
    // Full or blocked storage: remembering is a convenience, never a requirement.
  }
}

/** The username "Recordarme" kept, to pre-fill the login form. */
export const readRememberedUsername = () => read(REMEMBER_USER_KEY);
/** Keeps the username when "Recordarme" is ticked, forgets it when it is not. */
export const saveRememberedUsername = (username: string | null) => write(REMEMBER_USER_KEY, username);

/** True when someone signed in on this browser and has not signed out. */
export const mayHaveSession = () => read(USERNAME_KEY) !== "";
export const saveSignedInUsername = (username: string) => write(USERNAME_KEY, username);
export const forgetSignedInUsername = () => write(USERNAME_KEY, null);
