import { useNavigate } from "react-router";
import { CrmPageHeader } from "~/components/ui/crm-page-header";
import { Pagination } from "~/components/ui/pagination";
import { AUDIT_PAGE_SIZE, getAuditLog } from "~/features/audit/audit-api";
import { AuditFilters } from "~/features/audit/audit-filters";
import { formatAuditQuery, parseAuditQuery } from "~/features/audit/audit-query";
import { AuditTable } from "~/features/audit/audit-table";
import { isAdministrator, loadForRole } from "~/features/auth/guards";
import { useSession } from "~/features/auth/use-session";
import { crmMeta } from "~/features/crm/crm-meta";
import { CrmRouteError } from "~/features/crm/crm-route-error";
import { NoPermission } from "~/features/crm/no-permission";
import { paths } from "~/lib/paths";
import type { Route } from "./+types/crm-audit";

export const meta = () => crmMeta("Auditoría");

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = parseAuditQuery(new URL(request.url).searchParams);
  return { query, log: await loadForRole(request, isAdministrator, () => getAuditLog(query.page, query.filters)) };
}

export default function CrmAudit({ loaderData }: Route.ComponentProps) {
  const { user } = useSession();
  const navigate = useNavigate();
  const { log, query } = loaderData;
  const filtered = Object.values(query.filters).some(Boolean);
  return (
    <>
      <CrmPageHeader title="Auditoría" subtitle="Quién hizo qué, a qué cuenta o contacto, cuándo y desde dónde" />
      {user && isAdministrator(user) && log ? (
        <div className="grid gap-4">
          {/* Keyed by the address: after Quitar filtros or Atrás the fields show what is filtered. */}
          <AuditFilters key={formatAuditQuery({ ...query, page: 0 })} filters={query.filters} />
          <AuditTable entries={log.content} filtered={filtered} />
          <Pagination
            label="Páginas del registro"
            page={log.pageNumber}
            pageSize={AUDIT_PAGE_SIZE}
            totalElements={log.totalElements}
            totalPages={log.totalPages}
            onPageChange={(page) => navigate(`${paths.crmAudit}?${formatAuditQuery({ ...query, page })}`)}
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
