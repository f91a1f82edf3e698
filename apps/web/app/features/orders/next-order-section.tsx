import type { Order } from "@app/shared";
import { CalendarClock } from "lucide-react";
import { Link } from "react-router";
import { paths } from "~/lib/paths";
import { expectationSentence, REPEAT_RULE_TEXT, reminderSentence } from "./next-order";
import { todayInEcuador } from "./order-format";

/** `Próximo pedido`: when this buyer is expected to order again, why, and who is reminded when. */
export function NextOrderSection({ order }: { order: Order }) {
  const { nextOrder } = order;
  return (
    <section
      aria-labelledby="pedido-proximo"
      className="grid content-start gap-2 rounded-2xl bg-leaf-50 p-4 ring-1 ring-leaf-200"
    >
      <h2 id="pedido-proximo" className="flex items-center gap-2 font-bold text-leaf-900 text-xl">
        <CalendarClock className="size-5 shrink-0" aria-hidden="true" />
        Próximo pedido
      </h2>
      {nextOrder ? (
        <>
          <p className="text-stone-900">{expectationSentence(nextOrder)}</p>
          <p className="text-stone-900">{reminderSentence(nextOrder, order.ownerName, todayInEcuador())}</p>
          {order.state === "cancelado" && (
            <p className="text-stone-800">Se calculó al confirmar este pedido, antes de que se cancelara.</p>
          )}
          <p className="text-sm text-stone-700">{REPEAT_RULE_TEXT}</p>
        </>
      ) : (
        <p className="text-stone-900">
          El próximo pedido se espera a partir del pedido más reciente de este cliente, no de este.
          {order.company && (
            <>
              {" "}
              <Link
                to={paths.crmCompany(order.company.id)}
                className="font-semibold text-leaf-800 underline underline-offset-2"
              >
                Ver los pedidos de {order.company.name}
              </Link>
            </>
          )}
        </p>
      )}
    </section>
  );
}
