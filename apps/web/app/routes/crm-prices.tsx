import { CrmPageHeader } from "~/components/ui/crm-page-header";
import { isAdministrator, loadForRole } from "~/features/auth/guards";
import { useSession } from "~/features/auth/use-session";
import { crmMeta } from "~/features/crm/crm-meta";
import { CrmRouteError } from "~/features/crm/crm-route-error";
import { NoPermission } from "~/features/crm/no-permission";
import { type PricesIntent, runPricesIntent } from "~/features/prices/prices-actions";
import { loadPriceCatalogue } from "~/features/prices/prices-api";
import { PricesScreen } from "~/features/prices/prices-screen";
import { settle } from "~/lib/route-action";
import type { Route } from "./+types/crm-prices";

export const meta = () => crmMeta("Catálogo de precios");

const TITLE = "Catálogo de precios";
const SUBTITLE = "Las presentaciones de cada producto, con su precio de lista y su IVA";

// Administrators only: anyone else gets a clear refusal without a call (the API lets the sales
// staff read prices for their quotes, but this screen is where they are set).
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { catalogue: await loadForRole(request, isAdministrator, () => loadPriceCatalogue(request.signal)) };
}

/** Every write of the screen (prices-actions.ts); React Router then loads the catalogue again. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  return settle(runPricesIntent((await request.json()) as PricesIntent));
}

export default function CrmPrices({ loaderData }: Route.ComponentProps) {
  const { user } = useSession();
  return (
    <>
      <CrmPageHeader title={TITLE} subtitle={SUBTITLE} />
      {isAdministrator(user) && loaderData.catalogue ? (
        <PricesScreen {...loaderData.catalogue} />
      ) : (
        <NoPermission what="gestionar el catálogo de precios" />
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
