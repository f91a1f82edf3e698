import type { StaffUser } from "@app/shared";
import { KeyRound, LoaderCircle } from "lucide-react";
import { useState } from "react";
import { buttonStyles } from "~/components/ui/button-styles";
import { ApiError } from "~/lib/api-client";
import { passkeyErrorMessage } from "~/lib/passkey-errors";
import { preloadWebauthn } from "~/lib/webauthn";
import { loginErrorMessage } from "./login-error";
import { signInWithPasskey } from "./session";

export type PasskeySignInButtonProps = {
  /** The page's code runs: before that the button would do nothing. */
  ready: boolean;
  /** "Recordarme" as it is checked at the moment of the click. */
  remember: () => boolean;
  onSignedIn: (user: StaffUser) => void;
};

/**
 * `Iniciar sesión con llave de acceso`: no username nor password, the browser offers the passkeys it
 * holds for this site (discoverable credentials) and the chosen one names the account.
 */
export function PasskeySignInButton({ ready, remember, onSignedIn }: PasskeySignInButtonProps) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const start = async () => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      onSignedIn(await signInWithPasskey(remember()));
    } catch (error) {
      // Too many tries reads like the password's (with the time to try again); the rest is the passkey's.
      setProblem(
        error instanceof ApiError && error.status === 429
          ? loginErrorMessage(error)
          : passkeyErrorMessage(error, "use"),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid gap-2">
      <p className="flex items-center gap-3 text-sm text-stone-600" aria-hidden="true">
        <span className="h-px flex-1 bg-stone-200" />o<span className="h-px flex-1 bg-stone-200" />
      </p>
      <button
        type="button"
        disabled={!ready || busy}
        aria-describedby={problem ? "passkey-sign-in-problem" : undefined}
        onClick={start}
        // Fetches the browser library while the pointer or focus approaches, so the prompt opens at once.
        onPointerEnter={() => void preloadWebauthn().catch(() => {})}
        onFocus={() => void preloadWebauthn().catch(() => {})}
        className={`${buttonStyles.secondary} min-h-12 w-full`}
      >
        {busy ? (
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
        ) : (
          <KeyRound className="size-4" aria-hidden="true" />
        )}
        Iniciar sesión con llave de acceso
      </button>
      <p id="passkey-sign-in-problem" role="alert" className="min-h-0 text-center font-medium text-red-700 text-sm">
        {problem}
      </p>
    </div>
  );
}
