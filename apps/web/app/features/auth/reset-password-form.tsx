import { AUTH_MESSAGES } from "@app/shared/constants";
import { LoaderCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { Notice } from "~/components/ui/notice";
import { textLinkStyles } from "~/components/ui/text-link-styles";
import { ApiError } from "~/lib/api-client";
import { errorMessage, fieldProblems } from "~/lib/error-message";
import { paths } from "~/lib/paths";
import { useZodForm } from "~/lib/use-zod-form";
import { postResetPassword } from "./auth-api";
import { NewPasswordFields } from "./new-password-fields";
import { type ResetPasswordFormValues, resetPasswordFormSchema } from "./password-schemas";

/**
 * The token travels in the address's fragment (`#token=...`), which browsers never send to a
 * server or in a Referer header (docs/decisions/014).
 */
function tokenFromFragment() {
  return new URLSearchParams(window.location.hash.slice(1)).get("token") ?? "";
}

type Stage = { kind: "form" } | { kind: "invalid-link"; message: string } | { kind: "done" };

/** Sets a new password from the emailed link; every other session of the account ends. */
export function ResetPasswordForm() {
  const { register, handleSubmit, formState, setError } = useZodForm(resetPasswordFormSchema, {
    defaultValues: { newPassword: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = formState;
  const [token, setToken] = useState("");
  const [stage, setStage] = useState<Stage>({ kind: "form" });
  const [problem, setProblem] = useState<string | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const found = tokenFromFragment();
    setToken(found);
    if (!found) setStage({ kind: "invalid-link", message: AUTH_MESSAGES.resetLinkInvalid });
    setReady(true);
  }, []);

  const onValid = async ({ newPassword }: ResetPasswordFormValues) => {
    setProblem(null);
    try {
      await postResetPassword({ token, newPassword });
      setStage({ kind: "done" });
    } catch (error) {
      const onFields = fieldProblems(error, ["newPassword"] as const);
      for (const { field, message } of onFields) setError(field, { message });
      if (onFields.length > 0) return;
      // A 400 without field details is the link itself: used, expired or unknown.
      if (error instanceof ApiError && error.status === 400)
        setStage({ kind: "invalid-link", message: errorMessage(error) });
      else setProblem(errorMessage(error));
    }
  };

  if (stage.kind === "done") {
    return (
      <div className="grid gap-4">
        <Notice tone="success">
          <p>Tu contraseña se guardó y las demás sesiones de tu cuenta se cerraron.</p>
          <p>Ya puedes iniciar sesión con la nueva contraseña.</p>
        </Notice>
        <Link to={paths.login} className={`${buttonStyles.primary} min-h-11`}>
          Ir a iniciar sesión
        </Link>
      </div>
    );
  }

  if (stage.kind === "invalid-link") {
    return (
      <div className="grid gap-4">
        <Notice tone="problem">
          <p>{stage.message}</p>
        </Notice>
        <Link to={paths.forgotPassword} className={`${buttonStyles.primary} min-h-11`}>
          Solicitar un nuevo enlace
        </Link>
      </div>
    );
  }

  return (
    <form
      method="post"
      noValidate
      aria-label="Formulario de nueva contraseña"
      aria-busy={isSubmitting}
      onSubmit={handleSubmit(onValid)}
      className="grid gap-4"
    >
      {problem && (
        <Notice tone="problem">
          <p>{problem}</p>
        </Notice>
      )}
      <NewPasswordFields idPrefix="reset" register={register} errors={errors} />
      <button type="submit" disabled={!ready || isSubmitting} className={`${buttonStyles.primary} min-h-12 w-full`}>
        {isSubmitting && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
        Guardar contraseña
      </button>
      <Link to={paths.login} className={`${textLinkStyles} justify-self-center`}>
        Volver a iniciar sesión
      </Link>
    </form>
  );
}
