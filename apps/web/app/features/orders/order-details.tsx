import type { Order } from "@app/shared";
import { PAYMENT_TERMS_LABELS } from "@app/shared/constants";
import { CalendarDays } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatDateTime } from "~/lib/format-date";
import { paths } from "~/lib/paths";
import { formatLongDay } from "./order-format";

export type OrderDetailsProps = {
  order: Order;
  /** `Cambiar fecha de entrega`, when the order may still take one. */
  onChangeDelivery: (() => void) | null;
};

const link = "text-leaf-800 underline underline-offset-2";

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-stone-600">{term}</dt>
      <dd className="break-words font-semibold text-leaf-900">{children}</dd>
    </div>
  );
}

/** Who ordered, from which quote, on what terms and for when. */
export function OrderDetails({ order, onChangeDelivery }: OrderDetailsProps) {
  const { client, company, quote } = order;
  return (
    <dl className="grid gap-x-6 gap-y-3 rounded-2xl bg-white p-4 text-sm ring-1 ring-stone-200 sm:grid-cols-2 lg:grid-cols-3">
      <Fact term="Cliente">
        <Link to={paths.crmContact(client.id)} className={link}>
          {client.name}
        </Link>
      </Fact>
      <Fact term="Empresa">
        {company ? (
          <>
            <Link to={paths.crmCompany(company.id)} className={link}>
              {company.name}
            </Link>
            {company.ruc && <span className="block font-normal text-stone-700">RUC {company.ruc}</span>}
          </>
        ) : (
          client.company || "—"
        )}
      </Fact>
      <Fact term="Cotización">
        {quote ? (
          <Link to={paths.crmQuote(quote.id)} className={link}>
            {quote.number ?? "Cotización en borrador"}
          </Link>
        ) : (
          <span className="font-normal text-stone-700">Registrado por el personal, sin cotización</span>
        )}
      </Fact>
      <Fact term="Condiciones de pago">{PAYMENT_TERMS_LABELS[order.paymentTerms]}</Fact>
      <div className="min-w-0">
        <dt className="text-stone-600">Fecha de entrega</dt>
        <dd className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <span className="font-semibold text-leaf-900">
            {order.deliveryOn ? formatLongDay(order.deliveryOn) : "Sin fecha"}
          </span>
          {onChangeDelivery && (
            <button
              type="button"
              onClick={onChangeDelivery}
              className="inline-flex min-h-11 items-center gap-1.5 rounded-xl px-3 font-semibold text-leaf-800 text-sm ring-1 ring-leaf-200 hover:bg-leaf-50"
            >
              <CalendarDays className="size-4" aria-hidden="true" />
              Cambiar fecha de entrega
            </button>
          )}
        </dd>
      </div>
      <Fact term="Responsable">{order.ownerName ?? "Sin responsable"}</Fact>
      <Fact term="Confirmado el">{formatDateTime(order.createdAt)}</Fact>
    </dl>
  );
}
