import { ForgotPasswordForm } from "~/features/auth/forgot-password-form";
import { pageMeta } from "~/features/seo/page-meta";
import { paths } from "~/lib/paths";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({
    title: "Recuperar contraseña",
    description: "El personal recibe por correo un enlace para elegir una nueva contraseña del CRM.",
    path: paths.forgotPassword,
  }),
  // A step of the sign-in, not a page worth finding in a search engine.
  { name: "robots", content: "noindex" },
];

export default function ForgotPassword() {
  return (
    <>
      <h1 className="mt-4 mb-1 text-center font-bold text-2xl text-leaf-900">Recuperar contraseña</h1>
      <p className="mb-6 text-center text-stone-600">
        Escribe el correo de tu cuenta y te enviaremos un enlace para elegir una nueva contraseña.
      </p>
      <ForgotPasswordForm />
    </>
  );
}
