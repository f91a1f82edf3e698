import { Plus } from "lucide-react";
import { Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { CrmPageHeader } from "~/components/ui/crm-page-header";
import { editsSite, loadForRole } from "~/features/auth/guards";
import { useSession } from "~/features/auth/use-session";
import { crmMeta } from "~/features/crm/crm-meta";
import { CrmRouteError } from "~/features/crm/crm-route-error";
import { NoPermission } from "~/features/crm/no-permission";
import { NEW_SITE_ITEMS } from "~/features/site/new-site-items";
import { listSiteItems } from "~/features/site/site-api";
import { SiteItemsTable } from "~/features/site/site-items-table";
import { paths } from "~/lib/paths";
import type { Route } from "./+types/crm-site";

export const meta = () => crmMeta("Sitio web");

const TITLE = "Sitio web";
const SUBTITLE = "Los productos, los servicios, los textos y los datos de contacto que ven los visitantes";

// Administrators and content editors: the sales staff get a clear refusal without a call.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { items: await loadForRole(request, editsSite, listSiteItems) };
}

export default function CrmSite({ loaderData }: Route.ComponentProps) {
  const { user } = useSession();
  const { items } = loaderData;
  return (
    <>
      <CrmPageHeader
        title={TITLE}
        subtitle={SUBTITLE}
        actions={
          editsSite(user) && (
            <div className="flex flex-wrap gap-3">
              {Object.values(NEW_SITE_ITEMS).map(({ address, button }, index) => (
                <Link
                  key={address}
                  to={paths.crmSiteItem(address)}
                  className={`${index === 0 ? buttonStyles.primary : buttonStyles.secondary} min-h-11`}
                >
                  <Plus className="size-4" aria-hidden="true" />
                  {button}
                </Link>
              ))}
            </div>
          )
        }
      />
      {editsSite(user) && items ? (
        <SiteItemsTable items={items} />
      ) : (
        <NoPermission what="editar el sitio web" who="los administradores y los editores de contenido" />
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
