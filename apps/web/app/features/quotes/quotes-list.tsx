import type { QuoteSummary } from "@app/shared";
import { Link } from "react-router";
import { ScrollTable } from "~/components/ui/scroll-table";
import { paths } from "~/lib/paths";
import { formatDay, formatDollars } from "./quote-format";
import { QuoteStateBadge } from "./quote-state-badge";

const cell = "px-3 py-2 align-top";
const HEADINGS = ["Número", "Cliente", "Total", "Válida hasta", "Estado"] as const;

/** A quote's name in the list: its number once sent, `Borrador` before. */
const nameOf = (quote: QuoteSummary) => quote.number ?? "Borrador";

/** The quotes of one page: cards on a phone, a table from tablet width; each leads to its page. */
export function QuotesList({ quotes }: { quotes: QuoteSummary[] }) {
  return (
    <>
      <ul aria-label="Cotizaciones" className="grid grid-cols-1 gap-3 md:hidden">
        {quotes.map((quote) => (
          <li key={quote.id}>
            <Link
              to={paths.crmQuote(quote.id)}
              className="grid gap-1 rounded-2xl bg-white p-4 ring-1 ring-stone-200 hover:ring-leaf-600 focus-visible:ring-2"
            >
              <span className="flex items-start justify-between gap-3">
                <span className="font-bold text-leaf-900">{nameOf(quote)}</span>
                <QuoteStateBadge state={quote.state} />
              </span>
              <span className="min-w-0 break-words text-stone-800">
                {quote.clientName}
                {quote.companyName && <span className="text-stone-600"> · {quote.companyName}</span>}
              </span>
              <span className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                <span>
                  <span className="text-stone-600">Total </span>
                  <span className="font-semibold text-leaf-900">{formatDollars(quote.total)}</span>
                </span>
                <span>
                  <span className="text-stone-600">Válida hasta </span>
                  {formatDay(quote.validUntil)}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="hidden md:block">
        <ScrollTable id="cotizaciones-tabla" caption="Cotizaciones" minWidth="min-w-[28rem]" headings={HEADINGS}>
          <tbody className="divide-y divide-stone-200">
            {quotes.map((quote) => (
              <tr key={quote.id}>
                <th scope="row" className={`${cell} font-semibold`}>
                  <Link to={paths.crmQuote(quote.id)} className="text-leaf-800 underline underline-offset-2">
                    {nameOf(quote)}
                  </Link>
                </th>
                <td className={cell}>
                  <span className="block">{quote.clientName}</span>
                  {quote.companyName && <span className="block text-stone-600">{quote.companyName}</span>}
                </td>
                <td className={`${cell} whitespace-nowrap font-semibold tabular-nums`}>{formatDollars(quote.total)}</td>
                <td className={`${cell} whitespace-nowrap`}>{formatDay(quote.validUntil)}</td>
                <td className={cell}>
                  <QuoteStateBadge state={quote.state} />
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      </div>
    </>
  );
}
