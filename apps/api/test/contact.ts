import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { type Db, queryRows } from "../src/db/client.ts";

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

/** POST /api/client as JSON from `ip`. */
export function postContact(
  app: FastifyInstance,
  body: unknown,
  headers: Record<string, string> = {},
  ip = "198.51.100.7",
) {
  return app.inject({
    method: "POST",
    url: "/api/client",
    headers: { "content-type": "application/json", ...headers },
    payload: typeof body === "string" ? body : JSON.stringify(body),
    remoteAddress: ip,
  });
}

const TABLES = ["email_outbox", "message_service_types", "client_messages", "clients"] as const;
export type ContactTable = (typeof TABLES)[number];

export async function countRows(db: Db, table: ContactTable) {
  const [row] = await queryRows<{ count: number | string }>(db, sql.raw(`select count(*) as count from ${table}`));
  return Number(row?.count ?? 0);
}

/** Empties what contact requests write, so each test starts from a known state. */
export async function resetContactTables(db: Db) {
  await db.execute(sql.raw(`truncate ${TABLES.join(", ")} restart identity cascade`));
}
