import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/app.ts";
import { ADMIN, bearer, createAuthTestApp, createStaff, signIn } from "../../../test/auth.ts";
import { contactRequest, postContact } from "../../../test/contact.ts";
import { engines } from "../../../test/database.ts";

type Entry = {
  action: string;
  actorUsername: string | null;
  targetUsername: string | null;
  client: { id: number; name: string | null } | null;
  summary: string | null;
};
type AuditPage = { content: Entry[]; totalElements: number };

// `Auditoría` says which contact an entry concerns and what changed, and filters by group, person
// and days (issue 31, point 12).
describe.each(engines)("the audit log on %s", (engine) => {
  let t: TestApp;
  let token: string;
  let clientId: number;
  let colleague: { id: number; username: string };

  const call = (method: "GET" | "PATCH" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const log = async (query = "") => {
    const response = await call("GET", `/api/audit-log?size=100${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AuditPage;
  };

  beforeAll(async () => {
    t = await createAuthTestApp(engine, { contactRateLimit: [{ max: 1000, windowMs: 60_000 }] });
    token = (await signIn(t.app, ADMIN)).accessToken;
    colleague = await createStaff(t.app, token);
    await call("PATCH", `/api/users/${colleague.id}`, { displayName: "Diego Núñez" });
    const sent = await postContact(
      t.app,
      contactRequest({ email: "rosa@fincalaesperanza.ec", firstName: "Rosa", lastName: "Chiriboga" }),
    );
    expect(sent.statusCode).toBe(201);
    const page = (await call("GET", "/api/client-message")).json() as { content: { client: { id: number } }[] };
    clientId = page.content[0]?.client.id ?? 0;
    expect(
      (await call("PATCH", `/api/clients/${clientId}/stage`, { stage: "cotizacion", version: 0 })).statusCode,
    ).toBe(200);
    expect(
      (await call("PATCH", `/api/clients/${clientId}/owner`, { ownerId: colleague.id, version: 1 })).statusCode,
    ).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it("names the contact and says what changed, from what to what", async () => {
    const { content } = await log();
    const about = (action: string) => content.find((entry) => entry.action === action && entry.client?.id === clientId);
    expect(about("client_stage_changed")).toMatchObject({
      client: { id: clientId, name: "Rosa Chiriboga" },
      summary: "De Nuevo a Cotización enviada",
    });
    expect(about("client_owner_changed")).toMatchObject({
      client: { id: clientId, name: "Rosa Chiriboga" },
      summary: "De Sin responsable a Diego Núñez",
    });
    expect(
      content.find((entry) => entry.action === "user_updated" && entry.targetUsername === colleague.username),
    ).toMatchObject({
      targetUsername: colleague.username,
      client: null,
    });
  });

  it("filters by group of actions, by who did it (any case) and by days in Ecuador", async () => {
    const contacts = await log("&category=contactos");
    expect(contacts.totalElements).toBeGreaterThanOrEqual(2);
    expect(
      contacts.content.every((entry) => /^(client|clients|message|messages|task|note|leads)_/.test(entry.action)),
    ).toBe(true);
    const access = await log("&category=acceso");
    expect(access.content.map((entry) => entry.action)).toContain("login");
    expect(access.content.some((entry) => entry.action.startsWith("client_"))).toBe(false);

    const byAdmin = await log(`&actor=${ADMIN.username.toUpperCase()}`);
    expect(byAdmin.totalElements).toBeGreaterThan(0);
    expect(byAdmin.content.every((entry) => entry.actorUsername === ADMIN.username)).toBe(true);
    expect((await log("&actor=nadie-con-este-nombre")).totalElements).toBe(0);

    // Today in Ecuador holds them; a day long past holds none.
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Guayaquil" }).format(new Date());
    expect((await log(`&from=${today}&to=${today}&category=contactos`)).totalElements).toBe(contacts.totalElements);
    expect((await log("&from=2020-01-01&to=2020-01-31")).totalElements).toBe(0);
  });

  it("refuses a bad filter with a 400 naming it", async () => {
    const badDay = await call("GET", "/api/audit-log?from=29/11/2026");
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().details).toContainEqual({ path: "from", message: "Usa una fecha como 2026-11-29" });
    const backwards = await call("GET", "/api/audit-log?from=2026-11-29&to=2026-11-01");
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().details).toContainEqual({
      path: "to",
      message: "La fecha final debe ser igual o posterior a la inicial",
    });
    expect((await call("GET", "/api/audit-log?category=todo")).statusCode).toBe(400);
    // A NUL byte would reach the database, which refuses it (the fuzzer's 500).
    const nul = await call("GET", "/api/audit-log?actor=%00");
    expect(nul.statusCode).toBe(400);
    expect(nul.json().details).toContainEqual({ path: "actor", message: "Usuario no válido" });
  });

  it("keeps the entries of a deleted contact, without its name", async () => {
    // A contact of its own: the other tests read Rosa's entries.
    const sent = await postContact(t.app, contactRequest({ email: "luis@claveles.ec", firstName: "Luis" }));
    expect(sent.statusCode).toBe(201);
    const page = (await call("GET", "/api/client-message")).json() as {
      content: { client: { id: number; email: string } }[];
    };
    const id = page.content.find((group) => group.client.email === "luis@claveles.ec")?.client.id ?? 0;
    expect((await call("PATCH", `/api/clients/${id}/stage`, { stage: "contactado", version: 0 })).statusCode).toBe(200);
    expect((await call("DELETE", `/api/clients/${id}`)).statusCode).toBe(204);
    const { content } = await log("&category=contactos");
    expect(content.find((entry) => entry.action === "client_stage_changed" && entry.client?.id === id)?.client).toEqual(
      { id, name: null },
    );
  });
});
