// The CRM calls measured, and a small HTTP client that signs in as staff and times one call at a time.

/**
 * The customer with a timeline of more than 500 lines that `npm run db:seed -- --messages N` makes
 * (BUSY_CONTACT in apps/api/src/cli/seed-bulk-follow-up.ts).
 */
export const BUSY_CONTACT_EMAIL = "compras@rosasdelcotopaxi.com.ec";
/** The product the board is filtered by (one of the 18 seeded service types). */
export const BOARD_PRODUCT = "Chrysal VIVA";

/**
 * One call measured: a GET of `path`, or a search (POST /api/client-message/search with `search`).
 * `kind` says how answerSummary reads its answer.
 * @typedef {object} CrmCall
 * @property {string} id
 * @property {string} label
 * @property {"page" | "counts" | "board" | "tasks" | "timeline" | "dashboard" | "documents" | "company" | "pdf"} kind
 * @property {number} [targetMs] its own p95 bar, when not the API's 50 ms (a PDF's is 200)
 * @property {"GET"} [method]
 * @property {string} [path]
 * @property {Record<string, string>} [search]
 */

/**
 * What answerSummary reads of each kind of answer.
 * @typedef {object} Answers
 * @property {{ all: number, mine: number, unowned: number, waiting: number }} counts
 * @property {{ columns: { countIsExact: boolean, cards: unknown[], count: number }[] }} board
 * @property {{ tasks: unknown[], total: number }} tasks
 * @property {{ events: unknown[] }} timeline
 * @property {{ funnel: { count: number }[], tasks: { teamOpen: number }, firstReply: unknown[] }} dashboard
 * @property {{ totalIsExact?: boolean, totalElements: number, content: unknown[] }} page
 * @property {{ totalElements: number, content: unknown[] }} documents
 * @property {{ people: unknown[], quotes: unknown[], orders: unknown[], timeline: unknown[] }} company
 * @property {{ bytes: number }} pdf
 */

/**
 * What staff do in the morning: open the list (and page far back), search each field with a typical
 * keyword, narrow the list with the follow-up filters and read their counts, open the board (whole,
 * one column further, by product), their tasks and the team's, the timeline of a busy customer, and
 * the dashboard.
 * Keywords match the seeded vocabulary (apps/api/src/cli/seed-words.ts). `context` gives the ids
 * only the data know: `serviceTypeId` (BOARD_PRODUCT) and `busyClientId` (BUSY_CONTACT_EMAIL).
 * Then the sales (issue 33): the quote and order lists, a company with many people and documents,
 * and a quote's PDF (`busyCompanyId`, `quoteId`).
 * @param {{ serviceTypeId: unknown, busyClientId: unknown, busyCompanyId?: unknown, quoteId?: unknown }} context
 * @returns {CrmCall[]}
 */
export function crmCalls({ serviceTypeId, busyClientId, busyCompanyId, quoteId }) {
  /**
   * @param {string} id
   * @param {string} label
   * @param {string} path
   * @param {CrmCall["kind"]} [kind]
   * @returns {CrmCall}
   */
  const get = (id, label, path, kind = "page") => ({ id, label, method: "GET", path, kind });
  /**
   * @param {string} id
   * @param {string} label
   * @param {Record<string, string>} body
   * @returns {CrmCall}
   */
  const search = (id, label, body) => ({ id, label, search: body, kind: "page" });
  return [
    get("list", "list, page 0", "/api/client-message?page=0&size=10"),
    get("list-deep", "list, page 1000", "/api/client-message?page=1000&size=10"),
    search("name", 'search nombre "rodriguez"', { keyword: "rodriguez", field: "nombre" }),
    search("email", 'search correo "maria.pena"', { keyword: "maria.pena", field: "correo" }),
    search("phone", 'search telefono "4567"', { keyword: "4567", field: "telefono" }),
    search("service", 'search servicio "rose"', { keyword: "rose", field: "servicio" }),
    search("message", 'search mensaje "botrytis"', { keyword: "botrytis", field: "mensaje" }),
    search("all", 'search all "rodriguez"', { keyword: "rodriguez", field: "all" }),
    get("mine", "list, Mis contactos", "/api/client-message?page=0&size=10&owner=me"),
    get("unowned", "list, Sin responsable", "/api/client-message?page=0&size=10&owner=none"),
    get("stage", "list, Cotización enviada", "/api/client-message?page=0&size=10&stage=cotizacion"),
    get("waiting", "list, sin respuesta > 3 días", "/api/client-message?page=0&size=10&waitingDays=3"),
    search("search-filtered", 'search all "rodriguez", Mis contactos, Contactado', {
      keyword: "rodriguez",
      field: "all",
      owner: "me",
      stage: "contactado",
    }),
    get("counts", "filter counts", "/api/client-message/counts?waitingDays=3", "counts"),
    get("board", "board, six columns", "/api/board", "board"),
    get("board-more", "board, Nuevo from card 50", "/api/board?stage=nuevo&offset=50", "board"),
    get("board-product", `board, product "${BOARD_PRODUCT}"`, `/api/board?serviceTypeId=${serviceTypeId}`, "board"),
    get("tasks-mine", "tasks, mine", "/api/tasks?owner=me", "tasks"),
    get("tasks-all", "tasks, the team's", "/api/tasks?owner=all", "tasks"),
    get("timeline", "timeline, busy customer", `/api/clients/${busyClientId}/timeline`, "timeline"),
    get("dashboard", "dashboard", "/api/dashboard", "dashboard"),
    ...(quoteId === undefined || quoteId === null
      ? []
      : [
          get("quotes", "quotes, page 0", "/api/quotes?page=0&size=20", "documents"),
          get("quotes-accepted", "quotes, Aceptada", "/api/quotes?page=0&size=20&state=aceptada", "documents"),
          get("orders", "orders, page 0", "/api/orders?page=0&size=20", "documents"),
          get("company", "company page, busiest company", `/api/companies/${busyCompanyId}`, "company"),
          { ...get("quote-pdf", "a quote's PDF", `/api/quotes/${quoteId}/pdf`, "pdf"), targetMs: 200 },
        ]),
  ];
}

/**
 * The request as the report shows it.
 * @param {CrmCall} call
 */
export const describeCall = (call) =>
  call.search
    ? `POST /api/client-message/search ${JSON.stringify({ ...call.search, page: 0, size: 10 })}`
    : `${call.method} ${call.path}`;

/** Access tokens last 15 minutes: sign in again well before. */
const TOKEN_MAX_AGE_MS = 10 * 60_000;

/**
 * Signs in as staff; `timed(call)` makes one call with its token (signing in again when it is old).
 * @param {{ url: string, username: string, password: string }} account
 */
export function staffClient({ url, username, password }) {
  /** @type {string | undefined} */
  let token;
  let signedInAt = 0;
  async function signIn() {
    const response = await fetch(`${url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username, password }),
    });
    if (!response.ok) throw new Error(`login: ${response.status} ${await response.text()}`);
    token = (await response.json()).accessToken;
    signedInAt = Date.now();
  }
  /**
   * One call, timed from sending the request to having parsed the whole answer.
   * @param {CrmCall} call
   * @returns {Promise<{ ms: number, failed: string, body?: undefined }
   *   | { ms: number, failed?: undefined, body: unknown }>} a failure's status and message, or the answer
   */
  async function timed(call) {
    if (!token || Date.now() - signedInAt > TOKEN_MAX_AGE_MS) await signIn();
    const headers = { authorization: `Bearer ${token}` };
    const init = call.search
      ? {
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: JSON.stringify({ ...call.search, page: 0, size: 10 }),
        }
      : { method: call.method, headers };
    const started = performance.now();
    const response = await fetch(`${url}${call.search ? "/api/client-message/search" : call.path}`, init);
    const body =
      call.kind === "pdf" && response.ok
        ? { bytes: (await response.arrayBuffer()).byteLength }
        : await response.json().catch(() => undefined);
    const ms = performance.now() - started;
    // A refused token is the benchmark's problem; anything else (a 503 after the pool's query
    // deadline, say) is a result: counted and shown, never a latency sample.
    if (response.status === 401) throw new Error(`${call.label}: 401 ${JSON.stringify(body)}`);
    if (!response.ok) return { ms, failed: `${response.status} ${body?.message ?? ""}`.trim() };
    return { ms, body };
  }
  return { signIn, timed };
}

/** @param {number} value */
const int = (value) => Math.round(value).toLocaleString("en-US");
/**
 * @template T
 * @param {T[]} items
 * @param {(item: T) => number} value
 */
const sum = (items, value) => items.reduce((total, item) => total + value(item), 0);

/**
 * What an answer holds, in words for the report: shows the call found what staff would expect.
 * @param {CrmCall} call
 * @param {unknown} answer the JSON answer, whose shape the call's kind gives
 */
export function answerSummary(call, answer) {
  switch (call.kind) {
    case "counts": {
      const body = /** @type {Answers["counts"]} */ (answer);
      return `${int(body.all)} contacts, ${int(body.mine)} mine, ${int(body.unowned)} unowned, ${int(body.waiting)} waiting`;
    }
    case "board": {
      const body = /** @type {Answers["board"]} */ (answer);
      const exact = body.columns.every((column) => column.countIsExact);
      const cards = sum(body.columns, (column) => column.cards.length);
      const total = sum(body.columns, (column) => column.count);
      return `${int(cards)} cards of ${exact ? "" : "more than "}${int(total)}`;
    }
    case "tasks": {
      const body = /** @type {Answers["tasks"]} */ (answer);
      return `${int(body.tasks.length)} of ${int(body.total)} tasks`;
    }
    case "timeline": {
      const body = /** @type {Answers["timeline"]} */ (answer);
      return `${int(body.events.length)} events`;
    }
    case "documents": {
      const body = /** @type {Answers["documents"]} */ (answer);
      return `${int(body.content.length)} of ${int(body.totalElements)}`;
    }
    case "company": {
      const body = /** @type {Answers["company"]} */ (answer);
      return `${int(body.people.length)} people, ${int(body.quotes.length)} quotes, ${int(body.orders.length)} orders`;
    }
    case "pdf": {
      const body = /** @type {Answers["pdf"]} */ (answer);
      return `${int(body.bytes / 1024)} KiB`;
    }
    case "dashboard": {
      const body = /** @type {Answers["dashboard"]} */ (answer);
      return `${int(sum(body.funnel, (stage) => stage.count))} contacts in the funnel, ${int(body.tasks.teamOpen)} open tasks, ${body.firstReply.length} staff timed`;
    }
    default: {
      const body = /** @type {Answers["page"]} */ (answer);
      const total = `${body.totalIsExact === false ? "more than " : ""}${int(body.totalElements)} contacts`;
      return body.content.length === 0 ? `${total} (page empty)` : total;
    }
  }
}
