import type { StaffUser } from "@app/shared";
import { CRM_ROLES, type StaffRole } from "@app/shared/constants";
import { CrmPageHeader } from "~/components/ui/crm-page-header";
import { loadForRole } from "~/features/auth/guards";
import { useSession } from "~/features/auth/use-session";
import { type CompaniesIntent, runCompaniesIntent } from "~/features/companies/companies-actions";
import { loadCompanies } from "~/features/companies/companies-api";
import { parseCompaniesQuery } from "~/features/companies/companies-query";
import { CompaniesScreen } from "~/features/companies/companies-screen";
import { crmMeta } from "~/features/crm/crm-meta";
import { CrmRouteError } from "~/features/crm/crm-route-error";
import { NoPermission } from "~/features/crm/no-permission";
import { ApiError, isAccountGate } from "~/lib/api-client";
import { errorMessage } from "~/lib/error-message";
import { settle } from "~/lib/route-action";
import type { Route } from "./+types/crm-companies";

export const meta = () => crmMeta("Empresas");

const TITLE = "Empresas";
const SUBTITLE = "Fincas y exportadoras con su RUC, sus personas y sus ventas";

/** The sales staff's screen: a content editor sees a refusal, without a call (the API would answer 403). */
const sellsToCompanies = (user: StaffUser) => (CRM_ROLES as readonly StaffRole[]).includes(user.role);

// The list follows the address (`?busqueda&pagina`); a list that cannot load says so above it and
// keeps the search box usable. React Router runs this again after every write (clientAction below).
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = parseCompaniesQuery(new URL(request.url).searchParams);
  const loaded = await loadForRole(request, sellsToCompanies, async () => {
    try {
      return { page: await loadCompanies(query.keyword, query.page, request.signal), problem: null };
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 401 || error.status === 403 || isAccountGate(error)) {
        throw error;
      }
      return { page: null, problem: errorMessage(error) };
    }
  });
  return { query, allowed: loaded !== null, page: loaded?.page ?? null, problem: loaded?.problem ?? null };
}

/** Every write of the screen (companies-actions.ts); React Router then loads the list again. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  return settle(runCompaniesIntent((await request.json()) as CompaniesIntent));
}

export default function CrmCompanies({ loaderData }: Route.ComponentProps) {
  const { user } = useSession();
  const allowed = loaderData.allowed && user !== null && sellsToCompanies(user);
  return (
    <>
      <CrmPageHeader title={TITLE} subtitle={SUBTITLE} />
      {allowed ? (
        <CompaniesScreen query={loaderData.query} page={loaderData.page} problem={loaderData.problem} />
      ) : (
        <NoPermission what="ver y editar las empresas" who="el personal de ventas y los administradores" />
      )}
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
