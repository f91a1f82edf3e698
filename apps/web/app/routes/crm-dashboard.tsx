import { CrmPageHeader } from "~/components/ui/crm-page-header";
import { loadForStaff } from "~/features/auth/guards";
import { useSession } from "~/features/auth/use-session";
import { crmMeta } from "~/features/crm/crm-meta";
import { CrmRouteError } from "~/features/crm/crm-route-error";
import { getDashboard } from "~/features/dashboard/dashboard-api";
import { DashboardScreen } from "~/features/dashboard/dashboard-screen";
import type { Route } from "./+types/crm-dashboard";

export const meta = () => crmMeta("Dashboard");

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadForStaff(request, async () => ({ dashboard: await getDashboard(request.signal) }));
}

export default function CrmDashboard({ loaderData }: Route.ComponentProps) {
  const { user } = useSession();
  return (
    <>
      <CrmPageHeader title="Dashboard" subtitle={user ? `Hola, ${user.displayName}.` : undefined} />
      <DashboardScreen dashboard={loaderData.dashboard} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <>
      <CrmPageHeader title="Dashboard" />
      <CrmRouteError error={error} />
    </>
  );
}
