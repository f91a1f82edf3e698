import { CrmPageHeader } from "~/components/ui/crm-page-header";
import { loadForStaff } from "~/features/auth/guards";
import { crmMeta } from "~/features/crm/crm-meta";
import { CrmRouteError } from "~/features/crm/crm-route-error";
import { loadOrders } from "~/features/orders/orders-api";
import { parseOrdersQuery } from "~/features/orders/orders-query";
import { OrdersScreen } from "~/features/orders/orders-screen";
import { ApiError, isAccountGate } from "~/lib/api-client";
import { errorMessage } from "~/lib/error-message";
import type { Route } from "./+types/crm-orders";

export const meta = () => crmMeta("Pedidos");

// The state and page the address says; a failure other than the session's is said on the screen.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadForStaff(request, async () => {
    const query = parseOrdersQuery(new URL(request.url).searchParams);
    try {
      return { query, page: await loadOrders(query, request.signal), problem: null };
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 401 || isAccountGate(error)) throw error;
      return { query, page: null, problem: errorMessage(error) };
    }
  });
}

export default function CrmOrders({ loaderData }: Route.ComponentProps) {
  return <OrdersScreen {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <>
      <CrmPageHeader title="Pedidos" />
      <CrmRouteError error={error} />
    </>
  );
}
