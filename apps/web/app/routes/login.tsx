import { Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { site } from "~/content/site";
import { BrandMark } from "~/features/layout/brand-mark";
import { pageMeta } from "~/features/seo/page-meta";
import { paths } from "~/lib/paths";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Acceso del personal",
    description: "Acceso al CRM para el personal de la empresa.",
    path: paths.login,
  });

// Staff sign-in arrives with its own issue; until then the page says so plainly.
export default function Login() {
  return (
    <main className="grid min-h-screen place-items-center bg-gradient-to-br from-leaf-950 to-leaf-700 p-4">
      <div className="w-full max-w-md rounded-3xl bg-white p-8 text-center shadow-xl">
        <div className="flex justify-center">
          <BrandMark />
        </div>
        <h1 className="mt-4 font-bold text-2xl text-leaf-900">Acceso del personal</h1>
        <p className="mt-3 text-stone-700">
          El acceso al CRM de {site.name} estará disponible en esta página para el personal autorizado.
        </p>
        <Link to={paths.home} className={`${buttonStyles.secondary} mt-6`}>
          Volver al inicio
        </Link>
      </div>
    </main>
  );
}
