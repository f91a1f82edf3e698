import type { OrderPage } from "@app/shared";
import { ORDER_STATE_LABELS } from "@app/shared/constants";
import { useNavigate } from "react-router";
import { CrmPageHeader } from "~/components/ui/crm-page-header";
import { DownloadButton } from "~/components/ui/download-button";
import { Notice } from "~/components/ui/notice";
import { Pagination } from "~/components/ui/pagination";
import { OrderStateFilter } from "./order-state-filter";
import { exportOrders, ORDERS_PAGE_SIZE } from "./orders-api";
import { OrdersList } from "./orders-list";
import { type OrdersQuery, ordersAddress } from "./orders-query";

export type OrdersScreenProps = { query: OrdersQuery; page: OrderPage | null; problem: string | null };

/** `/crm/pedidos`: the orders, newest first, by state; each leads to its page. */
export function OrdersScreen({ query, page, problem }: OrdersScreenProps) {
  const navigate = useNavigate();
  return (
    <>
      <CrmPageHeader
        title="Pedidos"
        subtitle="Los pedidos de cada cliente, de la confirmación a la entrega"
        actions={<DownloadButton label="Exportar CSV" download={exportOrders} />}
      />
      <OrderStateFilter current={query.state} />
      {problem && (
        <Notice tone="problem">
          <p>{problem}</p>
        </Notice>
      )}
      {page &&
        (page.content.length === 0 ? (
          <p className="rounded-2xl bg-white p-6 text-stone-700 ring-1 ring-stone-200">
            {query.state
              ? `No hay pedidos en estado ${ORDER_STATE_LABELS[query.state]}.`
              : "Todavía no hay pedidos. Una cotización aceptada por el cliente se convierte en pedido."}
          </p>
        ) : (
          <div className="grid gap-4">
            <OrdersList orders={page.content} />
            <Pagination
              page={page.pageNumber}
              pageSize={ORDERS_PAGE_SIZE}
              totalElements={page.totalElements}
              totalPages={page.totalPages}
              isLastPage={page.isLastPage}
              label="Páginas de pedidos"
              onPageChange={(next) => navigate(ordersAddress({ ...query, page: next }))}
            />
          </div>
        ))}
    </>
  );
}
