import { useSyncExternalStore } from "react";
import { getSessionSnapshot, type SessionSnapshot, subscribeToSession } from "./session";

const SIGNED_OUT: SessionSnapshot = { user: null, ended: null };

/** The session as React sees it: re-renders on sign-in, sign-out, expiry and role changes. */
export function useSession() {
  return useSyncExternalStore(subscribeToSession, getSessionSnapshot, () => SIGNED_OUT);
}
