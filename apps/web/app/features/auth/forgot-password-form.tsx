import { type ForgotPasswordRequest, forgotPasswordRequestSchema } from "@app/shared";
import { AUTH_MESSAGES } from "@app/shared/constants";
import { LoaderCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { Notice } from "~/components/ui/notice";
import { TextField } from "~/components/ui/text-field";
import { textLinkStyles } from "~/components/ui/text-link-styles";
import { errorMessage } from "~/lib/error-message";
import { paths } from "~/lib/paths";
import { useZodForm } from "~/lib/use-zod-form";
import { postForgotPassword } from "./auth-api";

/**
 * Asks for a reset link by email. The answer is the same whether or not the address belongs to an
 * account (docs/decisions/014), so the page shows the server's sentence as it comes.
 */
export function ForgotPasswordForm() {
  const { register, handleSubmit, formState } = useZodForm(forgotPasswordRequestSchema, {
    defaultValues: { email: "" },
  });
  const { errors, isSubmitting } = formState;
  const [sent, setSent] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const onValid = async (values: ForgotPasswordRequest) => {
    setProblem(null);
    try {
      const answer = await postForgotPassword(values);
      setSent(answer?.message || AUTH_MESSAGES.resetRequested);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  if (sent) {
    return (
      <div className="grid gap-4">
        <Notice tone="success">
          <p>{sent}</p>
        </Notice>
        <Link to={paths.login} className={`${buttonStyles.secondary} min-h-11`}>
          Volver a iniciar sesión
        </Link>
      </div>
    );
  }

  return (
    <form
      method="post"
      noValidate
      aria-label="Recuperar contraseña"
      aria-busy={isSubmitting}
      onSubmit={handleSubmit(onValid)}
      className="grid gap-4"
    >
      {problem && (
        <Notice tone="problem">
          <p>{problem}</p>
        </Notice>
      )}
      <TextField
        id="forgot-email"
        label="Correo electrónico"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...register("email")}
      />
      <button type="submit" disabled={!ready || isSubmitting} className={`${buttonStyles.primary} min-h-12 w-full`}>
        {isSubmitting && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
        Enviar enlace
      </button>
      <Link to={paths.login} className={`${textLinkStyles} justify-self-center`}>
        Volver a iniciar sesión
      </Link>
    </form>
  );
}
