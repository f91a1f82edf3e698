import type { Order } from "@app/shared";
import { ORDER_STATE_LABELS, type OrderState } from "@app/shared/constants";
import { ArrowLeft } from "lucide-react";
import { useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Notice } from "~/components/ui/notice";
import { DocumentLines } from "~/features/quotes";
import { ApiError } from "~/lib/api-client";
import { errorMessage } from "~/lib/error-message";
import { paths } from "~/lib/paths";
import { DeliveryDateDialog } from "./delivery-date-dialog";
import { NextOrderSection } from "./next-order-section";
import { OrderActionsBar } from "./order-actions-bar";
import { OrderDetails } from "./order-details";
import { OrderStateBadge } from "./order-state-badge";
import { OrderTotals } from "./order-totals";
import { useOrderAction } from "./orders-actions";
import { RepeatOrderDialog } from "./repeat-order-dialog";

/** What the last change said: done, or refused (a 409 also shows the state the order is in now). */
type Outcome = { tone: "success"; text: string } | { tone: "problem"; text: string; showState: boolean };

const DONE: Record<Exclude<OrderState, "confirmado">, string> = {
  despachado: "marcado como despachado",
  entregado: "marcado como entregado",
  cancelado: "cancelado",
};

/** `/crm/pedidos/:id`: the order, what comes next for it, and the next order expected. */
export function OrderScreen({ order }: { order: Order }) {
  const navigate = useNavigate();
  const action = useOrderAction();
  const heading = useRef<HTMLHeadingElement>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [dialog, setDialog] = useState<"cancel" | "delivery" | "repeat" | null>(null);
  const closeDialog = () => setDialog(null);

  /** A move; the page is loaded again after it, also when refused, so it shows the state as stored. */
  const move = async (to: Exclude<OrderState, "confirmado">) => {
    setOutcome(null);
    try {
      await action.changeOrder(order.id, { state: to, version: order.version });
      setOutcome({ tone: "success", text: `Pedido ${order.number} ${DONE[to]}.` });
    } catch (error) {
      const changed = error instanceof ApiError && error.status === 409;
      setOutcome({ tone: "problem", text: errorMessage(error), showState: changed });
    }
    // The button pressed may be gone with the state it moved from: the order's heading takes the focus.
    heading.current?.focus();
  };

  const saveDelivery = async (deliveryOn: string | null) => {
    setOutcome(null);
    await action.changeOrder(order.id, { state: order.state, deliveryOn, version: order.version });
    setOutcome({ tone: "success", text: deliveryOn ? "Fecha de entrega guardada." : "Fecha de entrega quitada." });
  };

  return (
    <>
      <Link to={paths.crmOrders} className="mb-4 inline-flex min-h-11 items-center gap-2 font-semibold text-leaf-800">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Volver a Pedidos
      </Link>
      <div className="mb-6 flex flex-wrap items-center gap-x-3 gap-y-2">
        <h1 ref={heading} tabIndex={-1} className="font-bold text-2xl text-leaf-900 outline-none md:text-3xl">
          {order.number}
        </h1>
        <OrderStateBadge state={order.state} />
      </div>
      <div className="grid gap-6">
        {outcome && (
          <Notice tone={outcome.tone}>
            <p>
              {outcome.text}
              {outcome.tone === "problem" && outcome.showState && ` Estado actual: ${ORDER_STATE_LABELS[order.state]}.`}
            </p>
          </Notice>
        )}
        <OrderDetails
          order={order}
          onChangeDelivery={order.state === "cancelado" ? null : () => setDialog("delivery")}
        />
        <section aria-labelledby="pedido-lineas" className="grid gap-3">
          <h2 id="pedido-lineas" className="font-bold text-leaf-900 text-xl">
            Líneas
          </h2>
          <DocumentLines lines={order.lines} id="pedido-lineas-tabla" caption="Líneas del pedido" />
        </section>
        <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] md:items-start">
          <section aria-labelledby="pedido-notas" className="grid content-start gap-2">
            <h2 id="pedido-notas" className="font-bold text-leaf-900 text-xl">
              Notas
            </h2>
            <p className="whitespace-pre-line break-words text-stone-800">{order.notes || "Sin notas."}</p>
          </section>
          <OrderTotals subtotal={order.subtotal} ivaBases={order.ivaBases} iva={order.iva} total={order.total} />
        </div>
        <NextOrderSection order={order} />
      </div>
      <OrderActionsBar
        state={order.state}
        busy={action.busy}
        onMove={(to) => void move(to)}
        onCancel={() => setDialog("cancel")}
        onRepeat={() => setDialog("repeat")}
      />
      <ConfirmDialog
        open={dialog === "cancel"}
        title={`¿Cancelar el pedido ${order.number}?`}
        confirmLabel="Cancelar pedido"
        cancelLabel="Volver"
        describeError={errorMessage}
        onClose={closeDialog}
        focusAfterConfirm={() => heading.current}
        onConfirm={() => move("cancelado")}
      >
        <p>Quedará como Cancelado: ya no se despachará ni se entregará, y no se puede deshacer.</p>
      </ConfirmDialog>
      <DeliveryDateDialog open={dialog === "delivery"} order={order} onSave={saveDelivery} onClose={closeDialog} />
      <RepeatOrderDialog
        open={dialog === "repeat"}
        number={order.number}
        onClose={closeDialog}
        onConfirm={async () => {
          const quote = await action.repeatOrder(order.id);
          navigate(paths.crmQuote(quote.id));
        }}
      />
    </>
  );
}
