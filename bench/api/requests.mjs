// The request both sides send: the spec's fields (section 3), a new client most of the time and,
// every fifth request, the email of a client created 101 requests earlier (the dedupe path of the
// upsert). Shared by the HTTP load (run.mjs) and the bare INSERT script (bare.ts).

/** The staff address the server and the bare script both notify: it makes the second outbox email. */
export const STAFF_NOTIFY_EMAIL = "ventas@example.com";

const TEMPLATE = {
  firstName: "María",
  lastName: "Quishpe",
  countryCode: "+593",
  phone: "+593991234567",
  company: "Rosas del Valle",
  message:
    "Buenos días, necesitamos una cotización para 200 cajas semanales de rosas de exportación.\n" +
    "¿Tienen disponibilidad para marzo? Gracias.",
  serviceList: "Chrysal VIVA, Danisaraba",
};

/**
 * Every REPEAT_EVERY-th request reuses the email of request n - REPEAT_DISTANCE: long stored by then
 * (50 requests are in flight at most), and itself a new client (the distance is not a multiple of 5).
 */
const REPEAT_EVERY = 5;
const REPEAT_DISTANCE = 101;

/**
 * The email of request `n` of a run; `runId` keeps runs (and the two sides) apart.
 * @param {string} runId
 * @param {number} n
 */
export function emailOf(runId, n) {
  const client = n % REPEAT_EVERY === REPEAT_EVERY - 1 && n >= REPEAT_DISTANCE ? n - REPEAT_DISTANCE : n;
  return `cliente.${runId}.${client}@finca-${client % 97}.ec`;
}

/**
 * The JSON body of request `n`, as the site's form sends it: with `formToken`, a token the server
 * served over 3 s before (decision 046), the request reaches the main list and its emails, like a
 * person's; without one it would be kept for review, a lighter path than the bare script's.
 * @param {string} runId
 * @param {number} n
 * @param {string} [formToken]
 */
export function contactBody(runId, n, formToken) {
  return { ...TEMPLATE, email: emailOf(runId, n), ...(formToken ? { formToken } : {}) };
}

/**
 * A form token from the server, once it is a person's fill time old (a token is good for a day).
 * @param {string} url
 * @returns {Promise<string>}
 */
export async function personsFormToken(url) {
  /** @type {{ token: string }} */
  const { token } = await (await fetch(`${url}/api/contact-form-token`)).json();
  const wait = Number.parseInt(token.split(".")[0] ?? "", 36) + 3_200 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return token;
}
