import "~/lib/zod-browser";
import { type LoginFormInput, loginFormSchema } from "@app/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderCircle, TriangleAlert } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { z } from "zod";
import { buttonStyles } from "~/components/ui/button-styles";
import { NoticeDialog } from "~/components/ui/notice-dialog";
import { TextField } from "~/components/ui/text-field";
import { paths } from "~/lib/paths";
import { readRememberedUsername, saveRememberedUsername } from "./auth-storage";
import { textLinkStyles } from "./auth-styles";
import { loginErrorMessage } from "./login-error";
import { safeCrmRedirect } from "./redirect";
import { restoreSession, signIn } from "./session";

type LoginFormValues = z.output<typeof loginFormSchema>;

const EMPTY: LoginFormInput = { username: "", password: "", remember: false };

/** The sign-in of spec sections 2, 4 and 8: Usuario, Contraseña, Recordarme, Iniciar sesión. */
export function LoginForm() {
  const { register, handleSubmit, formState, setValue, setFocus } = useForm<LoginFormInput, unknown, LoginFormValues>({
    resolver: zodResolver(loginFormSchema),
    mode: "onTouched",
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = formState;
  const [problem, setProblem] = useState<string | null>(null);
  // The prerendered form does nothing before its code runs: a plain HTML submit would put the
  // password in the address bar.
  const [ready, setReady] = useState(false);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo");

  useEffect(() => {
    const remembered = readRememberedUsername();
    if (remembered) {
      setValue("username", remembered);
      setValue("remember", true);
    }
    setReady(true);
  }, [setValue]);

  // Someone still signed in on this browser (a reload, a bookmark) goes straight to the CRM.
  useEffect(() => {
    let active = true;
    restoreSession().then((user) => {
      if (active && user) navigate(safeCrmRedirect(redirectTo), { replace: true });
    });
    return () => {
      active = false;
    };
  }, [navigate, redirectTo]);

  const onValid = async ({ username, password, remember }: LoginFormValues) => {
    try {
      const user = await signIn({ username, password, remember });
      saveRememberedUsername(remember ? username : null);
      navigate(user.mustChangePassword ? paths.crmChangePassword : safeCrmRedirect(redirectTo), { replace: true });
    } catch (error) {
      setProblem(loginErrorMessage(error));
    }
  };

  const closeProblem = () => {
    setProblem(null);
    setFocus("password");
  };

  return (
    <form
      method="post"
      noValidate
      aria-label="Formulario de inicio de sesión"
      aria-busy={isSubmitting}
      onSubmit={handleSubmit(onValid)}
      className="grid gap-4"
    >
      <TextField
        id="login-username"
        label="Usuario"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username?.message}
        {...register("username")}
      />
      <TextField
        id="login-password"
        label="Contraseña"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register("password")}
      />
      <div className="flex flex-wrap items-center justify-between gap-x-4">
        <label htmlFor="login-remember" className="flex min-h-11 items-center gap-3 text-stone-800">
          <input id="login-remember" type="checkbox" className="size-5 accent-leaf-700" {...register("remember")} />
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
      <p role="status" className="sr-only">
        {isSubmitting ? "Iniciando sesión…" : ""}
      </p>
      <NoticeDialog
        id="login-error-title"
        open={problem !== null}
        onClose={closeProblem}
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
