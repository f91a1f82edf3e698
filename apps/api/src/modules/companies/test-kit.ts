import type { Company } from "@app/shared";
import type { TestApp } from "../../../test/app.ts";
import { bearer } from "../../../test/auth.ts";

// What the companies' API tests share (their files import it; nothing else does): calls as a
// signed-in person, and scene makers. Each test makes its own companies, contacts and RUCs: tests
// run in any order on one database.

export type Method = "GET" | "POST" | "PATCH" | "DELETE";

export function caller(t: TestApp) {
  return (token: string, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });
}

let establishment = 0;

/**
 * A valid RUC no other test uses: the numbers of ruc.test.ts (worked out by hand) with another
 * establishment, which the check digit does not cover.
 */
export function freshRuc(holder: "private" | "natural" | "public" = "private") {
  establishment += 1;
  const suffix = String(establishment).padStart(3, "0");
  if (holder === "natural") return `1710034065${suffix}`;
  if (holder === "public") return `176001321${suffix.padStart(4, "0")}`;
  return `1790016919${suffix}`;
}

export async function createCompany(t: TestApp, token: string, fields: Record<string, unknown>) {
  const created = await caller(t)(token, "POST", "/api/companies", fields);
  if (created.statusCode !== 201) throw new Error(`creating a company: ${created.statusCode} ${created.body}`);
  return created.json() as Company;
}

let people = 0;

/** Nuevo Contacto through the API, with the company they typed. */
export async function createContact(t: TestApp, token: string, company: string, firstName = "Lucía") {
  people += 1;
  const created = await caller(t)(token, "POST", "/api/clients", {
    firstName,
    lastName: `Guamán ${people}`,
    email: `persona${people}.${Math.random().toString(36).slice(2, 8)}@finca.ec`,
    countryCode: "+593",
    phone: "991234567",
    company,
  });
  if (created.statusCode !== 201) throw new Error(`creating a contact: ${created.statusCode} ${created.body}`);
  const { client } = created.json() as { client: { id: number; firstName: string; lastName: string } };
  return client;
}
