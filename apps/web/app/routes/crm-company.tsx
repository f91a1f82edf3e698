import type { StaffUser } from "@app/shared";
import { COMPANY_MESSAGES } from "@app/shared";
import { CRM_ROLES, type StaffRole } from "@app/shared/constants";
import { Link, redirect } from "react-router";
import { CrmPageHeader } from "~/components/ui/crm-page-header";
import { Notice } from "~/components/ui/notice";
import { loadForRole } from "~/features/auth/guards";
import { useSession } from "~/features/auth/use-session";
import { type CompaniesIntent, runCompaniesIntent } from "~/features/companies/companies-actions";
import { loadCompany } from "~/features/companies/companies-api";
import { CompanyScreen } from "~/features/companies/company-screen";
import { crmMeta } from "~/features/crm/crm-meta";
import { CrmRouteError } from "~/features/crm/crm-route-error";
import { NoPermission } from "~/features/crm/no-permission";
import { ApiError } from "~/lib/api-client";
import { paths } from "~/lib/paths";
import { settle } from "~/lib/route-action";
import type { Route } from "./+types/crm-company";

export const meta = ({ data }: Route.MetaArgs) => crmMeta(data?.detail?.company.name ?? "Empresa");

const sellsToCompanies = (user: StaffUser) => (CRM_ROLES as readonly StaffRole[]).includes(user.role);

/** A database id in the address (1 to 2,147,483,647), or null. */
const idOf = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : null;
};

// The company and all that hangs on it, in one call; one that does not exist (merged into another,
// deleted) says so in place. React Router runs this again after every write (clientAction below).
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const id = idOf(params.id);
  const loaded = await loadForRole(request, sellsToCompanies, async () => {
    if (id === null) return { detail: null };
    try {
      return { detail: await loadCompany(id, request.signal) };
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return { detail: null };
      throw error;
    }
  });
  return { allowed: loaded !== null, detail: loaded?.detail ?? null };
}

/** Every write of the page (companies-actions.ts); a deleted company leads back to the list. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const action = (await request.json()) as CompaniesIntent;
  const result = await settle(runCompaniesIntent(action));
  if (action.intent === "delete-company" && result.ok) throw redirect(paths.crmCompanies);
  return result;
}

export default function CrmCompany({ loaderData }: Route.ComponentProps) {
  const { user } = useSession();
  const { detail } = loaderData;
  if (!loaderData.allowed || user === null || !sellsToCompanies(user)) {
    return (
      <>
        <CrmPageHeader title="Empresa" />
        <NoPermission what="ver y editar las empresas" who="el personal de ventas y los administradores" />
      </>
    );
  }
  if (!detail) {
    return (
      <>
        <CrmPageHeader title="Empresa" />
        <Notice tone="problem">
          <p>{COMPANY_MESSAGES.notFound} Puede que se haya fusionado con otra o eliminado.</p>
          <Link to={paths.crmCompanies} className="font-semibold underline underline-offset-4">
            Volver a Empresas
          </Link>
        </Notice>
      </>
    );
  }
  const { company } = detail;
  const place = [company.canton, company.province].filter(Boolean).join(", ");
  return (
    <>
      <CrmPageHeader
        title={company.name}
        subtitle={[company.ruc ? `RUC ${company.ruc}` : "Sin RUC", place].filter(Boolean).join(" · ")}
      />
      <CompanyScreen detail={detail} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <>
      <CrmPageHeader title="Empresa" />
      <CrmRouteError error={error} />
    </>
  );
}
