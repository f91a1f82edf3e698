import { CrmPageHeader } from "~/components/ui/crm-page-header";
import { isAdministrator, loadForStaff } from "~/features/auth/guards";
import { useSession } from "~/features/auth/use-session";
import { crmMeta } from "~/features/crm/crm-meta";
import { CrmRouteError } from "~/features/crm/crm-route-error";
import { NoPermission } from "~/features/crm/no-permission";
import { LeadAssignmentForm } from "~/features/users/lead-assignment-form";
import { SecondFactorPolicyForm } from "~/features/users/second-factor-policy-form";
import { runUsersIntent, type UsersIntent } from "~/features/users/users-actions";
import { listServiceTypes, listUsers, loadLeadAssignment, loadSecondFactorPolicy } from "~/features/users/users-api";
import { UsersScreen } from "~/features/users/users-screen";
import { ApiError, isAccountGate } from "~/lib/api-client";
import { settle } from "~/lib/route-action";
import type { Route } from "./+types/crm-users";

export const meta = () => crmMeta("Usuarios");

// Administrators only: anyone else gets a clear refusal without a call (the API would answer 403).
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadForStaff(request, async (user) => {
    const none = { accounts: null, rule: null, serviceTypes: null, policy: null };
    if (!isAdministrator(user)) return none;
    try {
      const [accounts, rule, serviceTypes, policy] = await Promise.all([
        listUsers(),
        loadLeadAssignment(),
        listServiceTypes().catch(() => null),
        // Without it the switch is not shown; the accounts still are.
        loadSecondFactorPolicy().catch(() => null),
      ]);
      return { accounts, rule, serviceTypes, policy };
    } catch (error) {
      // The role was taken away meanwhile: the session store already knows, the page says it.
      if (error instanceof ApiError && error.status === 403 && !isAccountGate(error)) return none;
      throw error;
    }
  });
}

/** Every write of the screen (users-actions.ts); React Router then loads the accounts again. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  return settle(runUsersIntent((await request.json()) as UsersIntent));
}

export default function CrmUsers({ loaderData }: Route.ComponentProps) {
  const { user } = useSession();
  const allowed = user && isAdministrator(user) && loaderData.accounts;
  return (
    <>
      <CrmPageHeader title="Usuarios" subtitle="Cuentas del personal que accede al CRM" />
      {allowed ? (
        <>
          <UsersScreen accounts={loaderData.accounts ?? []} currentUserId={user.id} />
          {loaderData.policy && (
            <div className="mt-8">
              <SecondFactorPolicyForm
                required={loaderData.policy.required}
                selfWithoutFactor={!loaderData.accounts?.find((account) => account.id === user.id)?.hasSecondFactor}
              />
            </div>
          )}
          {loaderData.rule && (
            <div className="mt-8">
              <LeadAssignmentForm
                rule={loaderData.rule}
                accounts={loaderData.accounts ?? []}
                serviceTypes={loaderData.serviceTypes}
              />
            </div>
          )}
        </>
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
