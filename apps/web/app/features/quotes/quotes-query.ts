import { QUOTE_STATES, type QuoteState } from "@app/shared/constants";
import { paths } from "~/lib/paths";

// Where the quotes list is, kept in the address so a reload, the back button and a shared link
// come back to it: `?estado=enviada&pagina=2`. Pages count from 1 in the address and from 0 for the API.

export type QuotesQuery = { state: QuoteState | null; page: number };

const MAX_PAGE = 100_000;

const isQuoteState = (value: string | null): value is QuoteState => QUOTE_STATES.includes(value as QuoteState);

/** The list an address asks for; anything unexpected falls back to every quote's first page. */
export function parseQuotesQuery(params: URLSearchParams): QuotesQuery {
  const state = params.get("estado");
  const page = Number(params.get("pagina"));
  return {
    state: isQuoteState(state) ? state : null,
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page - 1 : 0,
  };
}

/** The address of a place of the list. */
export function quotesAddress({ state, page }: QuotesQuery) {
  const params = new URLSearchParams();
  if (state) params.set("estado", state);
  if (page > 0) params.set("pagina", String(page + 1));
  const query = params.toString();
  return query ? `${paths.crmQuotes}?${query}` : paths.crmQuotes;
}

/** `Nueva cotización` for a contact: the editor of a quote not saved yet. */
export const newQuotePath = (contactId: number) => `${paths.crmQuotes}/nueva?contacto=${contactId}`;

/** The editor's address word for a quote not saved yet. */
export const NEW_QUOTE = "nueva";
