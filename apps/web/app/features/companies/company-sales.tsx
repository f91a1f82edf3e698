import type { CompanyDocument, CompanyOpportunity } from "@app/shared";
import {
  ORDER_STATE_LABELS,
  type OrderState,
  QUOTE_STATE_LABELS,
  type QuoteState,
  STAGE_LABELS,
} from "@app/shared/constants";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatCents } from "~/lib/format-money";
import { lazily } from "~/lib/lazily";
import { paths } from "~/lib/paths";

// A company's sales on its page: the opportunities of its people, its quotes and its orders. Lists
// rather than tables, so a phone reads them without scrolling sideways.

const card = "grid gap-0.5 rounded-2xl bg-white p-3 text-sm ring-1 ring-stone-200";
const day = lazily(() => new Intl.DateTimeFormat("es-EC", { day: "numeric", month: "short", year: "numeric" }));

function Section({
  id,
  title,
  empty,
  action,
  children,
}: {
  id: string;
  title: string;
  empty: string | null;
  /** A link beside the heading. */
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="grid content-start gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id={id} className="font-bold text-leaf-900 text-xl">
          {title}
        </h2>
        {action}
      </div>
      {empty ? <p className="text-stone-700">{empty}</p> : <ul className="grid gap-2">{children}</ul>}
    </section>
  );
}

export function CompanyOpportunities({
  companyId,
  opportunities,
}: {
  companyId: number;
  opportunities: CompanyOpportunity[];
}) {
  return (
    <Section
      id="empresa-oportunidades"
      title="Oportunidades"
      empty={opportunities.length === 0 ? "Sus personas no tienen oportunidades todavía." : null}
      action={
        opportunities.length > 0 && (
          <Link
            to={paths.crmBoardOfCompany(companyId)}
            className="inline-flex min-h-11 items-center text-leaf-800 text-sm underline underline-offset-4"
          >
            Ver en el embudo
          </Link>
        )
      }
    >
      {opportunities.map((opportunity) => (
        <li key={opportunity.id} className={card}>
          <span className="break-words font-semibold text-stone-900">{opportunity.title}</span>
          <span className="text-stone-700">
            {STAGE_LABELS[opportunity.stage]} · {opportunity.owner?.displayName ?? "Sin responsable"}
            {opportunity.valueCents === null ? "" : ` · ${formatCents(opportunity.valueCents)}`}
          </span>
          <Link
            to={paths.crmContact(opportunity.clientId)}
            className="w-fit text-leaf-800 underline underline-offset-4"
          >
            {opportunity.clientName}
          </Link>
        </li>
      ))}
    </Section>
  );
}

export type CompanyDocumentsProps = { kind: "quotes" | "orders"; documents: CompanyDocument[] };

/** `Cotizaciones` or `Pedidos`: number, state, total and date, newest first, each to its page. */
export function CompanyDocuments({ kind, documents }: CompanyDocumentsProps) {
  const quotes = kind === "quotes";
  const state = (value: string) =>
    (quotes ? QUOTE_STATE_LABELS[value as QuoteState] : ORDER_STATE_LABELS[value as OrderState]) ?? value;
  return (
    <Section
      id={quotes ? "empresa-cotizaciones" : "empresa-pedidos"}
      title={quotes ? "Cotizaciones" : "Pedidos"}
      empty={documents.length === 0 ? (quotes ? "Aún no tiene cotizaciones." : "Aún no tiene pedidos.") : null}
    >
      {documents.map((document) => {
        const name = document.number ?? "Borrador";
        return (
          <li key={document.id} className={`${card} grid-cols-[1fr_auto] items-baseline gap-x-3`}>
            <Link
              to={quotes ? paths.crmQuote(document.id) : paths.crmOrder(document.id)}
              className="w-fit font-semibold text-leaf-800 underline underline-offset-4"
            >
              {name}
            </Link>
            <span className="font-semibold text-stone-900 tabular-nums">{formatCents(document.totalCents)}</span>
            <span className="text-stone-700">{state(document.state)}</span>
            <span className="text-stone-700">{day().format(new Date(document.date))}</span>
          </li>
        );
      })}
    </Section>
  );
}
