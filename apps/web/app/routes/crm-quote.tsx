import type { ContactDetail, PriceItem, Quote } from "@app/shared";
import { ArrowLeft } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { CrmPageHeader } from "~/components/ui/crm-page-header";
import { Notice } from "~/components/ui/notice";
import { loadForStaff } from "~/features/auth/guards";
import { crmMeta } from "~/features/crm/crm-meta";
import { CrmRouteError } from "~/features/crm/crm-route-error";
import { NewQuoteDialog } from "~/features/quotes/new-quote-dialog";
import { QuoteEditor } from "~/features/quotes/quote-editor";
import { type QuoteParty, QuotePartyDetails } from "~/features/quotes/quote-party";
import { QuoteStateBadge } from "~/features/quotes/quote-state-badge";
import { QuoteView } from "~/features/quotes/quote-view";
import { type QuoteIntent, runQuoteIntent, useQuoteAction } from "~/features/quotes/quotes-actions";
import { loadQuotablePriceItems, loadQuote, loadQuoteContact } from "~/features/quotes/quotes-api";
import { NEW_QUOTE } from "~/features/quotes/quotes-query";
import { paths } from "~/lib/paths";
import { settle } from "~/lib/route-action";
import type { Route } from "./+types/crm-quote";

export const meta = () => crmMeta("Cotizaciones");

const notFound = () => new Response("Not Found", { status: 404 });

const idOf = (text: string | null | undefined) => {
  const id = Number(text);
  return Number.isInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : null;
};

const partyOfContact = ({ client }: ContactDetail): QuoteParty => ({
  clientId: client.id,
  name: `${client.firstName} ${client.lastName}`.trim(),
  email: client.email,
  company: client.company,
});

const partyOfQuote = (quote: Quote): QuoteParty => ({
  clientId: quote.client.id,
  name: quote.client.name,
  email: quote.client.email,
  company: quote.company?.name ?? quote.client.company,
  ruc: quote.company?.ruc ?? null,
});

// `/crm/cotizaciones/nueva?contacto=ID`: a new quote for the contact; `/crm/cotizaciones/ID`: a
// draft to edit, or an issued quote to read. A draft needs the catalogue's presentations on offer.
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return loadForStaff(request, async () => {
    const { signal } = request;
    if (params.id === NEW_QUOTE) {
      const contactId = idOf(new URL(request.url).searchParams.get("contacto"));
      if (contactId === null) return { quote: null, party: null, items: [] };
      const [contact, items] = await Promise.all([loadQuoteContact(contactId, signal), loadQuotablePriceItems(signal)]);
      return { quote: null, party: partyOfContact(contact), items };
    }
    const id = idOf(params.id);
    if (id === null) throw notFound();
    const quote = await loadQuote(id, signal);
    const items = quote.state === "borrador" ? await loadQuotablePriceItems(signal) : [];
    return { quote, party: partyOfQuote(quote), items };
  });
}

/** The page's writes (quotes-actions.ts); React Router then loads the quote again. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  return settle(runQuoteIntent((await request.json()) as QuoteIntent));
}

const titleOf = (quote: Quote | null) => (quote ? (quote.number ?? "Cotización en borrador") : "Nueva cotización");

export default function CrmQuote({ loaderData }: Route.ComponentProps) {
  const { quote, party, items } = loaderData;
  const navigate = useNavigate();
  const { run } = useQuoteAction();
  const [sent, setSent] = useState<{ id: number; text: string } | null>(null);
  const [choosing, setChoosing] = useState(false);
  // A quote made here keeps its editor (and what it shows) when the address becomes its own.
  const createdHere = useRef<number | null>(null);
  // A colleague may issue the draft while this page holds unsaved changes to it (a live update or a
  // refused save reloads it): those changes stay on screen, with why, until the person moves on.
  const unsavedDraft = useRef<{ quote: Quote; items: PriceItem[] } | null>(null);
  const [leftIssued, setLeftIssued] = useState<number | null>(null);
  const lastDraft = useRef<{ quote: Quote; items: PriceItem[] } | null>(null);
  if (quote?.state === "borrador") lastDraft.current = { quote, items };
  const onDirtyChange = useCallback((dirty: boolean) => {
    unsavedDraft.current = dirty ? lastDraft.current : null;
  }, []);
  const issuedMidEdit =
    quote && quote.state !== "borrador" && unsavedDraft.current?.quote.id === quote.id && leftIssued !== quote.id
      ? unsavedDraft.current
      : null;
  // Once sent, the button pressed is gone with the editor or the question: the focus goes to the title.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (sent) heading.current?.focus();
  }, [sent]);

  const back = (
    <Link to={paths.crmQuotes} className="mb-4 inline-flex min-h-11 items-center gap-2 font-semibold text-leaf-800">
      <ArrowLeft className="size-4" aria-hidden="true" />
      Volver a Cotizaciones
    </Link>
  );
  if (!party) {
    return (
      <>
        {back}
        <CrmPageHeader title="Nueva cotización" />
        <div className="grid max-w-xl gap-4">
          <p className="text-stone-700">Una cotización es para un contacto: elígelo primero.</p>
          <button type="button" onClick={() => setChoosing(true)} className={`${buttonStyles.primary} min-h-11 w-fit`}>
            Elegir contacto
          </button>
        </div>
        <NewQuoteDialog open={choosing} onClose={() => setChoosing(false)} />
      </>
    );
  }
  const onSent = (done: Quote) =>
    setSent({ id: done.id, text: `Cotización ${done.number ?? ""} enviada a ${done.client.email}.` });
  return (
    <>
      {back}
      <div className="mb-6 flex flex-wrap items-center gap-x-3 gap-y-2">
        <h1 ref={heading} tabIndex={-1} className="font-bold text-2xl text-leaf-900 focus:outline-none md:text-3xl">
          {titleOf(quote)}
        </h1>
        {quote && <QuoteStateBadge state={quote.state} />}
      </div>
      <div className="grid grid-cols-1 gap-6">
        {sent && sent.id === quote?.id && (
          <Notice tone="success">
            <p>{sent.text}</p>
          </Notice>
        )}
        <QuotePartyDetails party={party} />
        {quote && quote.state !== "borrador" && !issuedMidEdit ? (
          <QuoteView quote={quote} run={run} onSent={onSent} />
        ) : (
          <QuoteEditor
            key={quote && quote.id !== createdHere.current ? quote.id : NEW_QUOTE}
            quote={issuedMidEdit?.quote ?? quote}
            clientId={party.clientId}
            email={party.email}
            items={issuedMidEdit?.items ?? items}
            run={run}
            onCreated={(created) => {
              createdHere.current = created.id;
              navigate(paths.crmQuote(created.id), { replace: true });
            }}
            onSent={onSent}
            onDirtyChange={onDirtyChange}
            issued={issuedMidEdit ? quote : null}
            onLeaveIssued={() => {
              unsavedDraft.current = null;
              if (quote) setLeftIssued(quote.id);
            }}
          />
        )}
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <>
      <CrmPageHeader title="Cotizaciones" />
      <CrmRouteError error={error} />
    </>
  );
}
