import { CRM_LIMITS, type MessageView, SEARCH_FIELDS, type SearchField } from "@app/shared/constants";

// Where the messages screen is, kept in the address so a reload, the back button and a shared link
// come back to the same place: `?busqueda=rodriguez&campo=nombre&pagina=2&vista=revisar`. Pages
// count from 1 in the address (as people count) and from 0 for the API. `contacto=ID` names the
// contact whose dialog is open: the route's loader reads it with the list.

export type ContactsQuery = { keyword: string; field: SearchField; page: number; view: MessageView };

export const DEFAULT_CONTACTS_QUERY: ContactsQuery = { keyword: "", field: "all", page: 0, view: "main" };

const PARAMS = { keyword: "busqueda", field: "campo", page: "pagina", view: "vista", contact: "contacto" } as const;
const REVIEW = "revisar";
/** Pages beyond this are not asked for (the API refuses them anyway). */
const MAX_PAGE = 100_000;

const isSearchField = (value: string | null): value is SearchField => SEARCH_FIELDS.includes(value as SearchField);

/** The query an address asks for; anything unexpected falls back to the default. */
export function parseContactsQuery(search: URLSearchParams | string): ContactsQuery {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const keyword = (params.get(PARAMS.keyword) ?? "").trim().slice(0, CRM_LIMITS.keyword);
  const field = params.get(PARAMS.field);
  const page = Number(params.get(PARAMS.page) ?? "1");
  return {
    keyword,
    field: isSearchField(field) ? field : "all",
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page - 1 : 0,
    view: params.get(PARAMS.view) === REVIEW ? "review" : "main",
  };
}

/** The contact whose dialog the address opens, if any. */
export function parseContactId(search: URLSearchParams | string): number | null {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const id = Number(params.get(PARAMS.contact));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The address's query string for `query` (defaults left out), without the "?"; with an open contact. */
export function formatContactsQuery(query: Partial<ContactsQuery>, contactId?: number | null): string {
  const params = new URLSearchParams();
  if (query.keyword) params.set(PARAMS.keyword, query.keyword);
  if (query.field && query.field !== "all") params.set(PARAMS.field, query.field);
  if (query.page && query.page > 0) params.set(PARAMS.page, String(query.page + 1));
  if (query.view === "review") params.set(PARAMS.view, REVIEW);
  if (contactId) params.set(PARAMS.contact, String(contactId));
  return params.toString();
}
