import type { WebauthnCredential } from "@app/shared";
import { useRecentPassword } from "~/lib/recent-password";
import { useRouteAction } from "~/lib/route-action";
import {
  addPasskey,
  confirmAuthenticator,
  endOtherSessions,
  endSession,
  regenerateRecoveryCodes,
  removeAuthenticator,
  removePasskey,
  renamePasskey,
} from "./security-api";

// Every write of `Seguridad de la cuenta`, by name: the route's clientAction runs them and React
// Router then reloads the factors and devices. The browser's passkey prompt and the authenticator's
// new secret are not writes of the screen's data: the components call them directly.

export type SecurityIntent =
  | { intent: "add-passkey"; name: string; credential: WebauthnCredential }
  | { intent: "rename-passkey"; id: string; name: string }
  | { intent: "remove-passkey"; id: string }
  | { intent: "confirm-authenticator"; code: string }
  | { intent: "remove-authenticator" }
  | { intent: "regenerate-recovery-codes" }
  | { intent: "end-session"; id: string }
  | { intent: "end-other-sessions" };

export function runSecurityIntent(action: SecurityIntent): Promise<unknown> {
  switch (action.intent) {
    case "add-passkey":
      return addPasskey(action.name, action.credential);
    case "rename-passkey":
      return renamePasskey(action.id, action.name);
    case "remove-passkey":
      return removePasskey(action.id);
    case "confirm-authenticator":
      return confirmAuthenticator(action.code);
    case "remove-authenticator":
      return removeAuthenticator();
    case "regenerate-recovery-codes":
      return regenerateRecoveryCodes();
    case "end-session":
      return endSession(action.id);
    case "end-other-sessions":
      return endOtherSessions();
  }
}

/** Runs one of the writes above through the security route's clientAction (see lib/route-action.ts). */
export function useSecurityAction() {
  const { run } = useRouteAction();
  // Changing a factor asks for the password again after a while (lib/recent-password.tsx).
  const recent = useRecentPassword();
  return <T = unknown>(action: SecurityIntent) => recent(() => run<T>(action));
}
