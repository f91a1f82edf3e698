import { useNavigate } from "react-router";
import { CrmPageHeader } from "~/components/ui/crm-page-header";
import { Pagination } from "~/components/ui/pagination";
import { AUDIT_PAGE_SIZE, getAuditLog } from "~/features/audit/audit-api";
import { AuditTable } from "~/features/audit/audit-table";
import { isAdministrator, loadForRole } from "~/features/auth/guards";
import { useSession } from "~/features/auth/use-session";
import { crmMeta } from "~/features/crm/crm-meta";
import { CrmRouteError } from "~/features/crm/crm-route-error";
import { NoPermission } from "~/features/crm/no-permission";
import { paths } from "~/lib/paths";
import type { Route } from "./+types/crm-audit";

export const meta = () => crmMeta("Auditoría");

/** `?pagina=2` in the address (counted from 1, as people count); the API counts from 0. */
const pageOf = (request: Request) => {
  const value = Number(new URL(request.url).searchParams.get("pagina") ?? "1");
  return Number.isInteger(value) && value >= 1 && value <= 100_000 ? value - 1 : 0;
};

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { log: await loadForRole(request, isAdministrator, () => getAuditLog(pageOf(request))) };
}

export default function CrmAudit({ loaderData }: Route.ComponentProps) {
  const { user } = useSession();
  const navigate = useNavigate();
  const { log } = loaderData;
  return (
    <>
      <CrmPageHeader title="Auditoría" subtitle="Inicios de sesión, cambios de contraseña y cambios de cuentas" />
      {user && isAdministrator(user) && log ? (
        <div className="grid gap-4">
          <AuditTable entries={log.content} />
          <Pagination
            label="Páginas del registro"
            page={log.pageNumber}
            pageSize={AUDIT_PAGE_SIZE}
            totalElements={log.totalElements}
            totalPages={log.totalPages}
            onPageChange={(page) => navigate(`${paths.crmAudit}?pagina=${page + 1}`)}
          />
        </div>
      ) : (
        <NoPermission what="consultar el registro de auditoría" />
      )}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <>
      <CrmPageHeader title="Auditoría" />
      <CrmRouteError error={error} />
    </>
  );
}
