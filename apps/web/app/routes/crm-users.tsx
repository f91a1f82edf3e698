import { useRevalidator } from "react-router";
import { CrmPageHeader } from "~/components/ui/crm-page-header";
import { isAdministrator, loadForStaff } from "~/features/auth/guards";
import { useSession } from "~/features/auth/use-session";
import { crmMeta } from "~/features/crm/crm-meta";
import { CrmRouteError } from "~/features/crm/crm-route-error";
import { NoPermission } from "~/features/crm/no-permission";
import { listUsers } from "~/features/users/users-api";
import { UsersScreen } from "~/features/users/users-screen";
import { ApiError } from "~/lib/api-client";
import type { Route } from "./+types/crm-users";

export const meta = () => crmMeta("Usuarios");

// Administrators only: anyone else gets a clear refusal without a call (the API would answer 403).
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadForStaff(request, async (user) => {
    if (!isAdministrator(user)) return { accounts: null };
    try {
      return { accounts: await listUsers() };
    } catch (error) {
      // The role was taken away meanwhile: the session store already knows, the page says it.
      if (error instanceof ApiError && error.status === 403) return { accounts: null };
      throw error;
    }
  });
}

export default function CrmUsers({ loaderData }: Route.ComponentProps) {
  const { user } = useSession();
  const revalidator = useRevalidator();
  const allowed = user && isAdministrator(user) && loaderData.accounts;
  return (
    <>
      <CrmPageHeader title="Usuarios" subtitle="Cuentas del personal que accede al CRM" />
      {allowed ? (
        <UsersScreen accounts={loaderData.accounts ?? []} currentUserId={user.id} onChanged={revalidator.revalidate} />
      ) : (
        <NoPermission what="gestionar las cuentas del personal" />
      )}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <>
      <CrmPageHeader title="Usuarios" />
      <CrmRouteError error={error} />
    </>
  );
}
