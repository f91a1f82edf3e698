import { LoginForm } from "~/features/auth/login-form";
import { pageMeta } from "~/features/seo/page-meta";
import { paths } from "~/lib/paths";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Acceso del personal",
    description: "Acceso al CRM para el personal de la empresa.",
    path: paths.login,
  });

// Prerendered like the public pages; it never imports the CRM's code, which public pages never load.
export default function Login() {
  return (
    <>
      <h1 className="mt-4 mb-1 text-center font-bold text-2xl text-leaf-900">Acceso del personal</h1>
      <p className="mb-6 text-center text-stone-600">Inicia sesión para entrar al CRM.</p>
      <LoginForm />
    </>
  );
}
