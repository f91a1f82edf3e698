import { SALES_MESSAGES } from "@app/shared/constants";
import { Link } from "react-router";
import { CrmPageHeader } from "~/components/ui/crm-page-header";
import { Notice } from "~/components/ui/notice";
import { loadForStaff } from "~/features/auth/guards";
import { crmMeta } from "~/features/crm/crm-meta";
import { CrmRouteError } from "~/features/crm/crm-route-error";
import { OrderScreen } from "~/features/orders/order-screen";
import { type OrderIntent, runOrderIntent } from "~/features/orders/orders-actions";
import { loadOrder } from "~/features/orders/orders-api";
import { ApiError } from "~/lib/api-client";
import { paths } from "~/lib/paths";
import { settle } from "~/lib/route-action";
import type { Route } from "./+types/crm-order";

export const meta = ({ data }: Route.MetaArgs) => crmMeta(data?.order?.number ?? "Pedidos");

/** A database id in the address (1 to 2,147,483,647), or null. */
const idOf = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : null;
};

// The order as stored; one that does not exist says so in place. React Router runs this again after
// every write (clientAction below), and when a colleague changes it (live updates).
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return loadForStaff(request, async () => {
    const id = idOf(params.id);
    if (id === null) return { order: null };
    try {
      return { order: await loadOrder(id, request.signal) };
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return { order: null };
      throw error;
    }
  });
}

/** The page's writes (orders-actions.ts): a move, a delivery date, `Repetir pedido`. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  return settle(runOrderIntent((await request.json()) as OrderIntent));
}

export default function CrmOrder({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  if (!order) {
    return (
      <>
        <CrmPageHeader title="Pedidos" />
        <Notice tone="problem">
          <p>{SALES_MESSAGES.orderNotFound}</p>
          <Link to={paths.crmOrders} className="font-semibold underline underline-offset-4">
            Volver a Pedidos
          </Link>
        </Notice>
      </>
    );
  }
  // Keyed by the order: another order's page starts with no message or dialog of this one.
  return <OrderScreen key={order.id} order={order} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <>
      <CrmPageHeader title="Pedidos" />
      <CrmRouteError error={error} />
    </>
  );
}
