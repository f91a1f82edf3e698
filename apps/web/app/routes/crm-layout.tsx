import { useEffect } from "react";
import { isRouteErrorResponse, Link, Outlet, useLocation, useNavigate, useNavigation } from "react-router";
import { requireStaffUser } from "~/features/auth/guards";
import { currentPathOf, requiredAccountPage } from "~/features/auth/redirect";
import { signOut } from "~/features/auth/session";
import { useSession } from "~/features/auth/use-session";
import { CrmShell } from "~/features/crm/crm-shell";
import { BrandMark } from "~/features/layout/brand-mark";
import { paths } from "~/lib/paths";
import type { Route } from "./+types/crm-layout";

// Every /crm page renders inside this route. Its loader restores the session before anything of
// the CRM is drawn (a reload shows only "Cargando…" meanwhile), and sends a visitor without a
// session to the sign-in page, which brings them back here afterwards.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireStaffUser(request);
  return null;
}

// The session lives in memory: checking it on every CRM navigation costs nothing.
export const shouldRevalidate = () => true;

export default function CrmLayout() {
  const { user, ended } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const navigating = useNavigation().state !== "idle";

  // A session the server stopped accepting (expired, revoked, account disabled) ends here: back to
  // sign in, then to this same page. A temporary password leads to the password change, a missing
  // required second factor to the security screen. During a navigation the loaders decide (they
  // redirect to the page that was asked for).
  useEffect(() => {
    if (navigating) return;
    const required = user ? requiredAccountPage(user) : null;
    if (!user && ended === "expired") {
      navigate(paths.loginThenReturnTo(currentPathOf(location)), { replace: true });
    } else if (required && location.pathname !== required) {
      navigate(required, { replace: true });
    }
  }, [user, ended, location, navigate, navigating]);

  if (!user) return null;
  return (
    <CrmShell
      user={user}
      brand={<BrandMark />}
      onSignOut={async () => {
        await signOut();
        navigate(paths.login, { replace: true });
      }}
    >
      <Outlet />
    </CrmShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  return (
    <main className="mx-auto grid min-h-svh max-w-xl place-content-center gap-4 p-6 text-center">
      <h1 className="font-bold text-3xl text-leaf-900">Algo salió mal</h1>
      <p>
        {status === 404
          ? "La página que busca no existe."
          : "No se pudo mostrar esta página del CRM. Revise su conexión y vuelva a intentarlo."}
      </p>
      <Link className="font-semibold text-leaf-700 underline" to={paths.crm}>
        Volver al CRM
      </Link>
    </main>
  );
}
