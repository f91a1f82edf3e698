import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/app.ts";
import { ADMIN, bearer, createAuthTestApp, createReadyStaff, createStaff, signIn } from "../../../test/auth.ts";
import { contactRequest, postContact, resetContactTables } from "../../../test/contact.ts";
import { engines } from "../../../test/database.ts";

type Group = {
  client: { id: number; email: string };
  pipeline: { stage: string; owner: { id: number; displayName: string } | null; waitingSince: string | null };
};
type Page = { content: Group[]; totalElements: number; totalIsExact: boolean };

// The contacts screen's follow-up filters (owner, stage, unanswered for N days), their counts, and
// the bulk actions over picked rows or over every result of a search.
describe.each(engines)("contact filters, counts and bulk changes on %s", (engine) => {
  let t: TestApp;
  let token: string;
  let me: number;
  let colleague: { id: number };
  const ids: Record<string, number> = {};

  const call = (method: "GET" | "PATCH" | "POST", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const list = async (query: string) => {
    const response = await call("GET", `/api/client-message?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Page;
  };
  const emails = (page: Page) => page.content.map((group) => group.client.email).sort();
  const version = async (id: number) =>
    ((await call("GET", `/api/clients/${id}`)).json() as { pipeline: { version: number } }).pipeline.version;
  const setOwner = async (id: number, ownerId: number | null) =>
    expect((await call("PATCH", `/api/clients/${id}/owner`, { ownerId, version: await version(id) })).statusCode).toBe(
      200,
    );
  const setStage = async (id: number, stage: string) =>
    expect((await call("PATCH", `/api/clients/${id}/stage`, { stage, version: await version(id) })).statusCode).toBe(
      200,
    );

  beforeAll(async () => {
    t = await createAuthTestApp(engine, { contactRateLimit: [{ max: 1000, windowMs: 60_000 }] });
    const session = await signIn(t.app, ADMIN);
    token = session.accessToken;
    me = session.user.id;
    colleague = await createStaff(t.app, token);
  });
  // Four leads: ana (mine, Cotización enviada), bea (the colleague's), ceci (nobody's, waiting 5
  // days), dani (nobody's, answered).
  beforeEach(async () => {
    await resetContactTables(t.app.db);
    for (const name of ["ana", "bea", "ceci", "dani"]) {
      const posted = await postContact(t.app, contactRequest({ email: `${name}@finca.ec`, firstName: name }));
      expect(posted.statusCode).toBe(201);
    }
    for (const group of (await list("size=50")).content) ids[group.client.email.split("@")[0] ?? ""] = group.client.id;
    await setOwner(ids.ana ?? 0, me);
    await setStage(ids.ana ?? 0, "cotizacion");
    await setOwner(ids.bea ?? 0, colleague.id);
    await t.app.db.execute(
      sql`update client_messages set created_at = now() - interval '5 days' where client_id = ${ids.ceci ?? 0}`,
    );
    const dani = (await list(`clientId=${ids.dani}`)).content[0];
    const danisMessage = (await call("GET", `/api/clients/${dani?.client.id}`)).json() as {
      messages: { id: number }[];
    };
    await t.app.db.execute(
      sql`update client_messages set status = 'respondido', created_at = now() - interval '9 days' where id = ${danisMessage.messages[0]?.id ?? 0}`,
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it("filters by owner (mine, nobody's, a colleague's) and by stage, with exact totals", async () => {
    const mine = await list("owner=me");
    expect(emails(mine)).toEqual(["ana@finca.ec"]);
    expect(mine).toMatchObject({ totalElements: 1, totalIsExact: true });
    expect(emails(await list("owner=none"))).toEqual(["ceci@finca.ec", "dani@finca.ec"]);
    expect(emails(await list(`owner=${colleague.id}`))).toEqual(["bea@finca.ec"]);
    expect(emails(await list("stage=cotizacion"))).toEqual(["ana@finca.ec"]);
    expect((await list("stage=nuevo")).totalElements).toBe(3);
    expect(emails(await list("owner=none&stage=nuevo"))).toEqual(["ceci@finca.ec", "dani@finca.ec"]);
    expect((await list("owner=me&stage=nuevo")).totalElements).toBe(0);
  });

  it("shows each row's stage, owner and since when it waits for an answer", async () => {
    const rows = new Map((await list("size=50")).content.map((group) => [group.client.email, group.pipeline]));
    expect(rows.get("ana@finca.ec")).toMatchObject({ stage: "cotizacion", owner: { id: me } });
    expect(rows.get("dani@finca.ec")?.waitingSince).toBeNull();
    const waited = Date.now() - Date.parse(rows.get("ceci@finca.ec")?.waitingSince ?? "");
    expect(waited / 86_400_000).toBeCloseTo(5, 1);
  });

  it("finds contacts unanswered for more than N days, combined with the search", async () => {
    expect(emails(await list("waitingDays=3"))).toEqual(["ceci@finca.ec"]);
    expect(emails(await list("waitingDays=6"))).toEqual([]);
    const searched = await call("POST", "/api/client-message/search", { keyword: "ceci", waitingDays: 3 });
    expect(emails(searched.json() as Page)).toEqual(["ceci@finca.ec"]);
    const other = await call("POST", "/api/client-message/search", { keyword: "ana", waitingDays: 3 });
    expect(emails(other.json() as Page)).toEqual([]);
  });

  it("shows a disabled colleague's contacts as nobody's for new work", async () => {
    expect((await call("PATCH", `/api/users/${colleague.id}`, { active: false })).statusCode).toBe(200);
    try {
      expect(emails(await list("owner=none"))).toEqual(["bea@finca.ec", "ceci@finca.ec", "dani@finca.ec"]);
      const bea = (await list(`clientId=${ids.bea}`)).content[0];
      expect(bea?.pipeline.owner).toBeNull();
      expect(((await call("GET", `/api/clients/${ids.bea}`)).json() as Group).pipeline.owner).toBeNull();
      expect((await call("GET", "/api/client-message/counts")).json()).toMatchObject({ unowned: 3 });
    } finally {
      await call("PATCH", `/api/users/${colleague.id}`, { active: true });
    }
  });

  it("counts every filter of the main list", async () => {
    const counts = await call("GET", "/api/client-message/counts?waitingDays=3");
    expect(counts.statusCode).toBe(200);
    expect(counts.json()).toMatchObject({
      all: 4,
      mine: 1,
      unowned: 2,
      waiting: 1,
      waitingDays: 3,
      stages: { nuevo: 3, contactado: 0, cotizacion: 1, negociacion: 0, ganado: 0, perdido: 0 },
    });
    expect((counts.json() as { owners: object[] }).owners).toEqual(
      expect.arrayContaining([
        { id: me, count: 1 },
        { id: colleague.id, count: 1 },
      ]),
    );
  });

  it("refuses filters it does not know, by field", async () => {
    for (const query of ["owner=alguien", "stage=vendido", "waitingDays=0", "waitingDays=366", "owner=0"]) {
      const response = await call("GET", `/api/client-message?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(JSON.stringify(response.json().details)).toContain(query.split("=")[0]);
    }
  });

  it("sets a stage on the rows picked, skipping those already there, on each timeline and once in the audit log", async () => {
    const response = await call("POST", "/api/clients/bulk", {
      target: { ids: [ids.ana, ids.bea] },
      change: { kind: "stage", stage: "cotizacion" },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ matched: 2, changed: 1, undoId: expect.any(String) });
    const timeline = (await call("GET", `/api/clients/${ids.bea}/timeline`)).json() as {
      events: { kind: string; data: object }[];
    };
    expect(timeline.events[0]).toMatchObject({ kind: "stage_changed", data: { from: "nuevo", to: "cotizacion" } });
    expect(await version(ids.bea ?? 0)).toBe(2);
    const audit = (await call("GET", "/api/audit-log")).json() as { content: { action: string; details: object }[] };
    expect(audit.content.find((entry) => entry.action === "clients_bulk_changed")?.details).toMatchObject({
      matched: 2,
      changed: 1,
      stage: "cotizacion",
    });
  });

  it("assigns every result of a search and its filters, not only the page", async () => {
    const response = await call("POST", "/api/clients/bulk", {
      target: { selection: { keyword: "finca", owner: "none" } },
      change: { kind: "owner", ownerId: colleague.id },
    });
    expect(response.json()).toEqual({ matched: 2, changed: 2, undoId: expect.any(String) });
    expect(emails(await list(`owner=${colleague.id}`))).toEqual(["bea@finca.ec", "ceci@finca.ec", "dani@finca.ec"]);
    const lost = await call("POST", "/api/clients/bulk", {
      target: { selection: { stage: "nuevo" } },
      change: { kind: "stage", stage: "perdido", lostReason: "precio" },
    });
    expect(lost.json()).toEqual({ matched: 3, changed: 3, undoId: expect.any(String) });
    const detail = (await call("GET", `/api/clients/${ids.ceci}`)).json() as { pipeline: object };
    expect(detail.pipeline).toMatchObject({ stage: "perdido", lostReason: "precio" });
  });

  // Issue 31, item 4: one click moved or unassigned every selected contact, with no way back.
  it("undoes a bulk change where nobody changed the contact since, with what each had before", async () => {
    const pipeline = async (id: number) =>
      ((await call("GET", `/api/clients/${id}`)).json() as { pipeline: Record<string, unknown> }).pipeline;
    await call("POST", "/api/clients/bulk", {
      target: { ids: [ids.bea] },
      change: { kind: "stage", stage: "perdido", lostReason: "precio", lostNote: "Muy caro" },
    });
    const lost = await call("POST", "/api/clients/bulk", {
      target: { ids: [ids.ana, ids.bea, ids.ceci] },
      change: { kind: "stage", stage: "ganado", wonValue: 1200 },
    });
    const { undoId } = lost.json() as { undoId: string };
    // Someone moves ceci on after the bulk change: hers is kept.
    await setStage(ids.ceci ?? 0, "negociacion");

    const undone = await call("POST", "/api/clients/bulk/undo", { undoId });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toEqual({ matched: 2, changed: 2 });
    expect(await pipeline(ids.ana ?? 0)).toMatchObject({ stage: "cotizacion", wonValue: null, lostReason: null });
    expect(await pipeline(ids.bea ?? 0)).toMatchObject({
      stage: "perdido",
      lostReason: "precio",
      lostNote: "Muy caro",
    });
    expect(await pipeline(ids.ceci ?? 0)).toMatchObject({ stage: "negociacion" });
    const timeline = (await call("GET", `/api/clients/${ids.ana}/timeline`)).json() as {
      events: { kind: string; data: object }[];
    };
    expect(timeline.events[0]).toMatchObject({
      kind: "stage_changed",
      data: { from: "ganado", to: "cotizacion", undo: true },
    });
    // Twice is once.
    expect((await call("POST", "/api/clients/bulk/undo", { undoId })).json()).toEqual({ matched: 0, changed: 0 });

    const assigned = await call("POST", "/api/clients/bulk", {
      target: { ids: [ids.ana, ids.bea, ids.ceci] },
      change: { kind: "owner", ownerId: null },
    });
    const owners = assigned.json() as { undoId: string };
    // Only who made the change can undo it, and only for a few minutes.
    const other = await signIn(t.app, await createReadyStaff(t.app, token));
    const theirs = await t.app.inject({
      method: "POST",
      url: "/api/clients/bulk/undo",
      headers: bearer(other.accessToken),
      payload: { undoId: owners.undoId },
    });
    expect(theirs.json()).toEqual({ matched: 0, changed: 0 });
    await t.app.db.execute(
      sql`update contact_events set at = at - interval '11 minutes' where data->>'bulkId' = ${owners.undoId}`,
    );
    expect((await call("POST", "/api/clients/bulk/undo", { undoId: owners.undoId })).json()).toEqual({
      matched: 0,
      changed: 0,
    });
    await t.app.db.execute(sql`update contact_events set at = now() where data->>'bulkId' = ${owners.undoId}`);
    expect((await call("POST", "/api/clients/bulk/undo", { undoId: owners.undoId })).json()).toEqual({
      matched: 2,
      changed: 2,
    });
    expect((await pipeline(ids.ana ?? 0)).owner).toMatchObject({ id: me });
    expect((await pipeline(ids.bea ?? 0)).owner).toMatchObject({ id: colleague.id });
    expect((await call("POST", "/api/clients/bulk/undo", { undoId: "no-es-un-id" })).statusCode).toBe(400);
  });

  it("refuses a bulk change without its reason, to an unknown owner, or without contacts, by field", async () => {
    const cases: [object, string][] = [
      [{ target: { ids: [ids.ana] }, change: { kind: "stage", stage: "perdido" } }, "lostReason"],
      [{ target: { ids: [ids.ana] }, change: { kind: "owner", ownerId: 999_999 } }, "ownerId"],
      [{ target: { ids: [] }, change: { kind: "owner", ownerId: null } }, "target"],
      [{ target: { selection: { stage: "vendido" } }, change: { kind: "owner", ownerId: null } }, "target"],
      [{ target: { ids: [ids.ana] }, change: { kind: "borrar" } }, "change"],
    ];
    for (const [payload, field] of cases) {
      const response = await call("POST", "/api/clients/bulk", payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(response.json().details), JSON.stringify(payload)).toContain(field);
    }
    expect((await list("owner=none")).totalElements).toBe(2);
  });
});
