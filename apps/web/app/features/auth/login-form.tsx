import type { SecondFactorStep, StaffUser } from "@app/shared";
import { SECOND_FACTOR_MESSAGES } from "@app/shared/constants";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { SecondFactorForm } from "~/lib/second-factor-form";
import { saveRememberedUsername } from "./auth-storage";
import { type PasswordAccepted, PasswordForm } from "./password-form";
import { landingAfterSignIn } from "./redirect";
import { completeSecondFactor, completeSecondFactorWithPasskey, restoreSession } from "./session";

type PendingSignIn = { step: SecondFactorStep; who: PasswordAccepted };

/**
 * The sign-in page's form: the password (or a passkey alone), then, for an account with a second
 * factor, the second step in the same place. Either way the session starts the same (applySession)
 * and the person lands where they were going.
 */
export function LoginForm() {
  const passwordFormRef = useRef<HTMLFormElement>(null);
  const [pending, setPending] = useState<PendingSignIn | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo");

  // Someone still signed in on this browser (a reload, a bookmark) goes straight to the CRM.
  useEffect(() => {
    let active = true;
    restoreSession().then((user) => {
      if (active && user) navigate(landingAfterSignIn(user, redirectTo), { replace: true });
    });
    return () => {
      active = false;
    };
  }, [navigate, redirectTo]);

  const signedIn = (user: StaffUser, who: PasswordAccepted | null) => {
    if (who) saveRememberedUsername(who.remember ? who.username : null);
    navigate(landingAfterSignIn(user, redirectTo), { replace: true });
  };

  /** Back to the password form, with the focus on the password once the form shows again. */
  const focusPasswordNext = useRef(false);
  const backToPassword = (why: string | null) => {
    focusPasswordNext.current = true;
    setPending(null);
    setNotice(why);
  };
  useEffect(() => {
    if (pending || !focusPasswordNext.current) return;
    focusPasswordNext.current = false;
    (passwordFormRef.current?.elements.namedItem("password") as HTMLInputElement | null)?.focus();
  }, [pending]);

  return (
    <>
      {/* Hidden, not removed, during the second step: the username and "Recordarme" stay as typed. */}
      <div hidden={pending !== null}>
        <PasswordForm
          formRef={passwordFormRef}
          notice={notice}
          onSignedIn={signedIn}
          onSecondFactor={(step, who) => {
            setNotice(null);
            setPending({ step, who });
          }}
        />
      </div>
      {pending && (
        <SecondFactorForm
          key={pending.step.stepToken}
          methods={pending.step.methods}
          expiresIn={pending.step.expiresIn}
          submitCode={async (method, code) =>
            signedIn(await completeSecondFactor({ stepToken: pending.step.stepToken, method, code }), pending.who)
          }
          submitPasskey={async () =>
            signedIn(await completeSecondFactorWithPasskey(pending.step.stepToken), pending.who)
          }
          onStepOver={() => backToPassword(SECOND_FACTOR_MESSAGES.stepExpired)}
          onCancel={() => backToPassword(null)}
        />
      )}
    </>
  );
}
