import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { type Db, queryRows } from "../src/db/client.ts";
import { createFormTokens } from "../src/modules/contacts/form-token.ts";
import type { NewContactRequest } from "../src/modules/contacts/intake-repo.ts";

/** A contact request as the spec shapes it (section 3): exactly its eight fields, plus `extra`. */
export function contactRequest(extra: Record<string, unknown> = {}) {
  return {
    firstName: "María",
    lastName: "Quishpe",
    email: "maria@rosasdelvalle.ec",
    countryCode: "+593",
    phone: "+593991234567",
    company: "Rosas del Valle",
    message: "Quisiera una cotización para 20 hectáreas.",
    serviceList: "Chrysal RVB y RVB Clear, Sea Freight Service",
    ...extra,
  };
}

/** A form token of a page `app` served `ageMs` ago (decision 046): a person's time by default. */
export const formTokenOf = (app: FastifyInstance, ageMs = 60_000) => app.contactFormTokens.issue(Date.now() - ageMs);

/** The same, for servers of another process started with `jwtSecret` (JWT_SECRET): every instance accepts it. */
export const formTokenFor = (jwtSecret: string, ageMs = 60_000) =>
  createFormTokens(Buffer.from(jwtSecret, "utf8")).issue(Date.now() - ageMs);

/**
 * POST /api/client as JSON from `ip`, as the site's form sends it: an object body gets a form token of
 * a page served a minute ago (decision 046) unless it names its own `formToken`.
 */
export function postContact(
  app: FastifyInstance,
  body: unknown,
  headers: Record<string, string> = {},
  ip = "198.51.100.7",
) {
  const signed =
    typeof body === "object" && body !== null && !Array.isArray(body) && !("formToken" in body)
      ? { ...body, formToken: formTokenOf(app) }
      : body;
  return app.inject({
    method: "POST",
    url: "/api/client",
    headers: { "content-type": "application/json", ...headers },
    payload: typeof signed === "string" ? signed : JSON.stringify(signed),
    remoteAddress: ip,
  });
}

const TABLES = [
  "email_outbox",
  "message_service_types",
  "client_messages",
  "clients",
  "contact_confirmations",
] as const;
export type ContactTable = (typeof TABLES)[number];

export async function countRows(db: Db, table: ContactTable) {
  const [row] = await queryRows<{ count: number | string }>(db, sql.raw(`select count(*) as count from ${table}`));
  return Number(row?.count ?? 0);
}

/** Empties what contact requests write, so each test starts from a known state. */
export async function resetContactTables(db: Db) {
  await db.execute(sql.raw(`truncate ${TABLES.join(", ")} restart identity cascade`));
}

/** What the intake hands to the database for the n-th test person (insertContactRequests). */
export const newContactRequest = (n: number, extra: Partial<NewContactRequest> = {}): NewContactRequest => ({
  firstName: `Persona ${n}`,
  lastName: "Prueba",
  email: `persona${n}@finca.ec`,
  countryCode: "+593",
  phone: "+593991234567",
  company: "Finca",
  message: `Mensaje ${n}`,
  serviceTypeIds: [1, 2],
  consentGiven: false,
  privacyNoticeVersion: null,
  reviewReasons: [],
  fillTimeMs: null,
  source: null,
  ip: null,
  userAgent: null,
  idempotencyKey: null,
  requestHash: `hash-${n}`,
  emails: [],
  ...extra,
});
