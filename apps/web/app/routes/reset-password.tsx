import { ResetPasswordForm } from "~/features/auth/reset-password-form";
import { pageMeta } from "~/features/seo/page-meta";
import { paths } from "~/lib/paths";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({
    title: "Restablecer contraseña",
    description: "Elige una nueva contraseña para tu cuenta del CRM con el enlace que recibiste por correo.",
    path: paths.resetPassword,
  }),
  { name: "robots", content: "noindex" },
];

export default function ResetPassword() {
  return (
    <>
      <h1 className="mt-4 mb-1 text-center font-bold text-2xl text-leaf-900">Restablecer contraseña</h1>
      <p className="mb-6 text-center text-stone-600">Elige la nueva contraseña de tu cuenta.</p>
      <ResetPasswordForm />
    </>
  );
}
