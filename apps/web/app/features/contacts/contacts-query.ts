import {
  CRM_LIMITS,
  type MessageView,
  SEARCH_FIELDS,
  type SearchField,
  STAGES,
  type Stage,
} from "@app/shared/constants";

// Where the messages screen is, kept in the address so a reload, the back button and a shared link
// come back to the same place: `?busqueda=rodriguez&campo=nombre&pagina=2&vista=revisar`. Pages
// count from 1 in the address (as people count) and from 0 for the API. `contacto=ID` names the
// contact whose dialog is open: the route's loader reads it with the list. The follow-up filters
// are words too: `responsable=mios|sin|ID`, `etapa=cotizacion`, `sin-respuesta=3` (days).

/** Whose contacts: mine, nobody's (`Sin responsable`) or a staff member's id; null: everyone's. */
export type OwnerChoice = "me" | "none" | number;

export type ContactsQuery = {
  keyword: string;
  field: SearchField;
  page: number;
  view: MessageView;
  owner: OwnerChoice | null;
  stage: Stage | null;
  /** `Sin respuesta hace más de N días`. */
  waitingDays: number | null;
};

export const DEFAULT_CONTACTS_QUERY: ContactsQuery = {
  keyword: "",
  field: "all",
  page: 0,
  view: "main",
  owner: null,
  stage: null,
  waitingDays: null,
};

const PARAMS = {
  keyword: "busqueda",
  field: "campo",
  page: "pagina",
  view: "vista",
  owner: "responsable",
  stage: "etapa",
  waitingDays: "sin-respuesta",
  contact: "contacto",
} as const;
const REVIEW = "revisar";
const OWNER_WORDS = { me: "mios", none: "sin" } as const;

const isStage = (value: string | null): value is Stage => STAGES.includes(value as Stage);
const positiveInteger = (value: string | null, max: number) => {
  const number = Number(value);
  return value !== null && Number.isInteger(number) && number >= 1 && number <= max ? number : null;
};

/** A database id in an address (1 to 2,147,483,647), or null. */
export const parseId = (value: string | null) => positiveInteger(value, 2_147_483_647);

/** `responsable=mios|sin|ID` in an address (the contacts screen's and the board's). */
export function parseOwner(value: string | null): OwnerChoice | null {
  if (value === OWNER_WORDS.me) return "me";
  if (value === OWNER_WORDS.none) return "none";
  return parseId(value);
}
/** Pages beyond this are not asked for (the API refuses them anyway). */
const MAX_PAGE = 100_000;

const isSearchField = (value: string | null): value is SearchField => SEARCH_FIELDS.includes(value as SearchField);

/** The word of `owner` in an address. */
export const formatOwner = (owner: OwnerChoice) => (typeof owner === "number" ? String(owner) : OWNER_WORDS[owner]);

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
    owner: parseOwner(params.get(PARAMS.owner)),
    stage: isStage(params.get(PARAMS.stage)) ? (params.get(PARAMS.stage) as Stage) : null,
    waitingDays: positiveInteger(params.get(PARAMS.waitingDays), CRM_LIMITS.waitingDaysMax),
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
  if (query.owner) params.set(PARAMS.owner, formatOwner(query.owner));
  if (query.stage) params.set(PARAMS.stage, query.stage);
  if (query.waitingDays) params.set(PARAMS.waitingDays, String(query.waitingDays));
  if (contactId) params.set(PARAMS.contact, String(contactId));
  return params.toString();
}

/** The filters as the API reads them (`owner`, `stage`, `waitingDays`), without the unset ones. */
export function filtersForApi(query: ContactsQuery) {
  return {
    ...(query.owner !== null ? { owner: query.owner } : {}),
    ...(query.stage !== null ? { stage: query.stage } : {}),
    ...(query.waitingDays !== null ? { waitingDays: query.waitingDays } : {}),
  };
}
