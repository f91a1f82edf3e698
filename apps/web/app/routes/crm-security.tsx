import { CrmPageHeader } from "~/components/ui/crm-page-header";
import { loadForStaff } from "~/features/auth/guards";
import { reloadSessionUser } from "~/features/auth/session";
import { useSession } from "~/features/auth/use-session";
import { crmMeta } from "~/features/crm/crm-meta";
import { CrmRouteError } from "~/features/crm/crm-route-error";
import { runSecurityIntent, type SecurityIntent } from "~/features/security/security-actions";
import { loadAccountSecurity, loadAccountSessions } from "~/features/security/security-api";
import { SecurityScreen } from "~/features/security/security-screen";
import { ApiError, isAccountGate } from "~/lib/api-client";
import { errorMessage } from "~/lib/error-message";
import { settle } from "~/lib/route-action";
import type { Route } from "./+types/crm-security";

const TITLE = "Seguridad de la cuenta";

export const meta = () => crmMeta(TITLE);

// The person's own factors and devices. Open to every role, and the one screen open while a
// required second factor is missing. A device list that cannot load is said in its section.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadForStaff(request, async () => {
    const [security, sessions] = await Promise.all([
      loadAccountSecurity(request.signal),
      loadAccountSessions(request.signal).then(
        (value) => ({ value, problem: null }),
        (error: unknown) => {
          if (!(error instanceof ApiError) || error.status === 401 || isAccountGate(error)) throw error;
          return { value: null, problem: errorMessage(error) };
        },
      ),
    ]);
    return { security, sessions: sessions.value, sessionsProblem: sessions.problem };
  });
}

/** Every write of the screen (security-actions.ts); React Router then loads the factors again. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  return settle(runSecurityIntent((await request.json()) as SecurityIntent));
}

export default function CrmSecurity({ loaderData }: Route.ComponentProps) {
  const { user } = useSession();
  if (!user) return null;
  return (
    <>
      <CrmPageHeader title={TITLE} subtitle="Cómo inicias sesión y dónde está abierta tu cuenta" />
      <SecurityScreen
        security={loaderData.security}
        sessions={loaderData.sessions}
        sessionsProblem={loaderData.sessionsProblem}
        username={user.username}
        mustAddSecondFactor={user.mustAddSecondFactor}
        onFirstFactorAdded={reloadSessionUser}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <>
      <CrmPageHeader title={TITLE} />
      <CrmRouteError error={error} />
    </>
  );
}
