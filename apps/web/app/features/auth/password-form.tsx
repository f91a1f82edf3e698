import type { SecondFactorStep, StaffUser } from "@app/shared";
import { AUTH_MESSAGES } from "@app/shared/constants";
import { LoaderCircle, TriangleAlert } from "lucide-react";
import { type FormEvent, type RefObject, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { Notice } from "~/components/ui/notice";
import { NoticeDialog } from "~/components/ui/notice-dialog";
import { TextField } from "~/components/ui/text-field";
import { textLinkStyles } from "~/components/ui/text-link-styles";
import { paths } from "~/lib/paths";
import { readRememberedUsername } from "./auth-storage";
import { loginErrorMessage } from "./login-error";
import { PasskeySignInButton } from "./passkey-sign-in-button";
import { signIn } from "./session";

type LoginField = "username" | "password";
type LoginErrors = Partial<Record<LoginField, string>>;

// Both fields are required (spec section 5) and nothing else is judged in the browser: the server
// answers the rest. Two rules do not need a form library or zod, and /login is a page people open
// cold on a phone: it hydrates without them (docs/benchmarks/web.md).
function validate(form: HTMLFormElement): LoginErrors {
  const data = new FormData(form);
  const errors: LoginErrors = {};
  if (!String(data.get("username") ?? "").trim()) errors.username = AUTH_MESSAGES.usernameRequired;
  if (!String(data.get("password") ?? "")) errors.password = AUTH_MESSAGES.passwordRequired;
  return errors;
}

/** Who typed the password, kept for the end of the second step ("Recordarme" remembers them then). */
export type PasswordAccepted = { username: string; remember: boolean };

export type PasswordFormProps = {
  formRef: RefObject<HTMLFormElement | null>;
  /** Why the person is back here (the second step expired), shown above the fields. */
  notice: string | null;
  /** The session is open; `who` is null after a passkey sign-in, which names no username. */
  onSignedIn: (user: StaffUser, who: PasswordAccepted | null) => void;
  /** The password was right and the account's second factor must follow. */
  onSecondFactor: (step: SecondFactorStep, who: PasswordAccepted) => void;
};

/** The sign-in of spec sections 2, 4 and 8: Usuario, Contraseña, Recordarme, Iniciar sesión. */
export function PasswordForm({ formRef, notice, onSignedIn, onSecondFactor }: PasswordFormProps) {
  // Errors show once a field has been left, or after a submit (spec section 5).
  const touched = useRef(new Set<LoginField>());
  const [errors, setErrors] = useState<LoginErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The prerendered form does nothing before its code runs: a plain HTML submit would put the
  // password in the address bar.
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const form = formRef.current;
    const remembered = readRememberedUsername();
    // The inputs are uncontrolled: what was typed before the code arrived stays.
    if (form && remembered) {
      const { username, remember } = form.elements as unknown as Record<string, HTMLInputElement>;
      if (username && !username.value) username.value = remembered;
      if (remember) remember.checked = true;
    }
    setReady(true);
  }, [formRef]);

  /** Re-judges the touched fields (after a blur, or a change once a field was left). */
  const judgeTouched = () => {
    const form = formRef.current;
    if (!form) return;
    const found = validate(form);
    setErrors(Object.fromEntries([...touched.current].map((field) => [field, found[field]])));
  };

  const onBlur = (field: LoginField) => () => {
    touched.current.add(field);
    judgeTouched();
  };
  const onChange = (field: LoginField) => () => {
    if (touched.current.has(field)) judgeTouched();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (!ready || isSubmitting) return;
    touched.current = new Set(["username", "password"]);
    const found = validate(form);
    setErrors(found);
    const firstInvalid = (["username", "password"] as const).find((field) => found[field]);
    if (firstInvalid) {
      (form.elements.namedItem(firstInvalid) as HTMLInputElement | null)?.focus();
      return;
    }
    const data = new FormData(form);
    const username = String(data.get("username")).trim();
    const password = String(data.get("password"));
    const remember = data.get("remember") === "on";
    setSubmitting(true);
    try {
      const outcome = await signIn({ username, password, remember });
      if (outcome.step) {
        // The password has done its part: it does not wait in the hidden form during the second step.
        const field = form.elements.namedItem("password") as HTMLInputElement | null;
        if (field) field.value = "";
        onSecondFactor(outcome.step, { username, remember });
      } else onSignedIn(outcome.user, { username, remember });
    } catch (error) {
      setProblem(loginErrorMessage(error));
    } finally {
      setSubmitting(false);
    }
  };

  // Once the dialog has given the focus back: the password is what to type again.
  const focusPassword = () => (formRef.current?.elements.namedItem("password") as HTMLInputElement | null)?.focus();

  return (
    <form
      ref={formRef}
      method="post"
      noValidate
      aria-label="Formulario de inicio de sesión"
      aria-busy={isSubmitting}
      onSubmit={onSubmit}
      className="grid gap-4"
    >
      {notice && (
        <Notice tone="problem">
          <p>{notice}</p>
        </Notice>
      )}
      <TextField
        id="login-username"
        name="username"
        label="Usuario"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username}
        onBlur={onBlur("username")}
        onChange={onChange("username")}
      />
      <TextField
        id="login-password"
        name="password"
        label="Contraseña"
        type="password"
        autoComplete="current-password"
        error={errors.password}
        onBlur={onBlur("password")}
        onChange={onChange("password")}
      />
      <div className="flex flex-wrap items-center justify-between gap-x-4">
        <label htmlFor="login-remember" className="flex min-h-11 items-center gap-3 text-stone-800">
          <input id="login-remember" name="remember" type="checkbox" className="size-5 accent-leaf-700" />
          Recordarme
        </label>
        <Link to={paths.forgotPassword} className={textLinkStyles}>
          ¿Olvidaste tu contraseña?
        </Link>
      </div>
      <button type="submit" disabled={!ready || isSubmitting} className={`${buttonStyles.primary} min-h-12 w-full`}>
        {isSubmitting && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
        Iniciar sesión
      </button>
      <PasskeySignInButton
        ready={ready}
        remember={() => (formRef.current?.elements.namedItem("remember") as HTMLInputElement | null)?.checked ?? false}
        onSignedIn={(user) => onSignedIn(user, null)}
      />
      <p role="status" className="sr-only">
        {isSubmitting ? "Iniciando sesión…" : ""}
      </p>
      <NoticeDialog
        id="login-error-title"
        open={problem !== null}
        onClose={() => setProblem(null)}
        onClosed={focusPassword}
        icon={<TriangleAlert className="size-7 shrink-0 text-red-700" aria-hidden="true" />}
        title="Error de autenticación"
        closeLabel="Intentar de nuevo"
      >
        <p>{problem}</p>
        <p className="text-sm">Verifica tu usuario y contraseña e inténtalo otra vez.</p>
      </NoticeDialog>
    </form>
  );
}
