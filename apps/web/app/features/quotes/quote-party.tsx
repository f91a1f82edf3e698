import { Link } from "react-router";
import { EmailAddress } from "~/components/ui/email-address";
import { paths } from "~/lib/paths";

/** Who a quote is for. */
export type QuoteParty = { clientId: number; name: string; email: string; company: string; ruc?: string | null };

/** The client, their company and where the quote is emailed. */
export function QuotePartyDetails({ party }: { party: QuoteParty }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 rounded-2xl bg-white p-4 text-sm ring-1 ring-stone-200 sm:grid-cols-3 md:grid-cols-2 lg:grid-cols-3">
      <div className="min-w-0">
        <dt className="text-stone-600">Cliente</dt>
        <dd className="break-words font-semibold">
          <Link to={paths.crmContact(party.clientId)} className="text-leaf-800 underline underline-offset-2">
            {party.name}
          </Link>
        </dd>
      </div>
      <div className="min-w-0">
        <dt className="text-stone-600">Empresa</dt>
        <dd className="break-words font-semibold text-leaf-900">
          {party.company || "—"}
          {party.ruc && <span className="block font-normal text-stone-700">RUC {party.ruc}</span>}
        </dd>
      </div>
      <div className="min-w-0">
        <dt className="text-stone-600">Correo</dt>
        <dd className="break-words font-semibold text-leaf-900">
          <EmailAddress email={party.email} />
        </dd>
      </div>
    </dl>
  );
}
