// The CRM calls measured, and a small HTTP client that signs in as staff and times one call at a time.

/**
 * What staff do in the morning: open the list (and page far back), then search each field with a
 * typical keyword. Keywords match the seeded vocabulary (apps/api/src/cli/seed-words.ts).
 */
export const CALLS = [
  { id: "list", label: "list, page 0", method: "GET", path: "/api/client-message?page=0&size=10" },
  { id: "list-deep", label: "list, page 1000", method: "GET", path: "/api/client-message?page=1000&size=10" },
  { id: "name", label: 'search nombre "rodriguez"', search: { keyword: "rodriguez", field: "nombre" } },
  { id: "email", label: 'search correo "maria.pena"', search: { keyword: "maria.pena", field: "correo" } },
  { id: "phone", label: 'search telefono "4567"', search: { keyword: "4567", field: "telefono" } },
  { id: "service", label: 'search servicio "rose"', search: { keyword: "rose", field: "servicio" } },
  { id: "message", label: 'search mensaje "botrytis"', search: { keyword: "botrytis", field: "mensaje" } },
  { id: "all", label: 'search all "rodriguez"', search: { keyword: "rodriguez", field: "all" } },
];

/** The request as the report shows it. */
export const describeCall = (call) =>
  call.search
    ? `POST /api/client-message/search ${JSON.stringify({ ...call.search, page: 0, size: 10 })}`
    : `${call.method} ${call.path}`;

/** Access tokens last 15 minutes: sign in again well before. */
const TOKEN_MAX_AGE_MS = 10 * 60_000;

export function staffClient({ url, username, password }) {
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
  /** One call, timed from sending the request to having parsed the whole answer. */
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
    const body = await response.json().catch(() => undefined);
    const ms = performance.now() - started;
    // A refused token is the benchmark's problem; anything else (a 503 after the pool's query
    // deadline, say) is a result: counted and shown, never a latency sample.
    if (response.status === 401) throw new Error(`${call.label}: 401 ${JSON.stringify(body)}`);
    if (!response.ok) return { ms, failed: `${response.status} ${body?.message ?? ""}`.trim() };
    return { ms, body };
  }
  return { signIn, timed };
}

/** What an answer holds, to show the search found what staff would expect (none if every request failed). */
export const answerSummary = (body) => ({
  total: body.totalElements,
  exact: body.totalIsExact !== false,
  rows: body.content.length,
  messages: body.content.reduce((sum, group) => sum + group.messages.length, 0),
  firstName: body.content[0] ? `${body.content[0].client.firstName} ${body.content[0].client.lastName}` : "",
});
