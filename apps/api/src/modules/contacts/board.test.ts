import { CRM_LIMITS } from "@app/shared/constants";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/app.ts";
import { ADMIN, bearer, createAuthTestApp, createStaff, signIn } from "../../../test/auth.ts";
import { newContactRequest, resetContactTables } from "../../../test/contact.ts";
import { engines } from "../../../test/database.ts";
import { queryRows } from "../../db/client.ts";
import { insertContactRequests } from "./intake-repo.ts";

type Card = {
  id: number;
  clientId: number;
  title: string;
  name: string;
  owner: { id: number } | null;
  services: { id: number }[];
  value: number | null;
  version: number;
};
type Column = { stage: string; count: number; countIsExact: boolean; value: number; cards: Card[]; hasMore: boolean };

// The board at /crm/embudo: six columns with counts and won values, the first cards of each, more
// of one column on request, filters by owner and product.
describe.each(engines)("the board on %s", (engine) => {
  let t: TestApp;
  let token: string;
  let colleague: { id: number };

  const call = (method: "GET" | "PATCH" | "POST", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const board = async (query = "") => {
    const response = await call("GET", `/api/board${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return new Map((response.json() as { columns: Column[] }).columns.map((column) => [column.stage, column]));
  };

  beforeAll(async () => {
    t = await createAuthTestApp(engine);
    token = (await signIn(t.app, ADMIN)).accessToken;
    colleague = await createStaff(t.app, token);
  });
  // 55 new contacts about services 1 and 2, then one won by the colleague about service 3.
  beforeEach(async () => {
    await resetContactTables(t.app.db);
    await insertContactRequests(
      t.app.db,
      Array.from({ length: 55 }, (_, n) => newContactRequest(n)),
    );
    await insertContactRequests(t.app.db, [newContactRequest(99, { serviceTypeIds: [3] })]);
    // One batch shares its time: Persona n wrote n minutes after Persona 0.
    await t.app.db.execute(
      sql`update clients set last_message_at = now() - (100 - substring(first_name from 9)::int) * interval '1 minute'`,
    );
    const [won] = await queryRows<{ id: number }>(
      t.app.db,
      sql`select id from clients where email = 'persona99@finca.ec'`,
    );
    const id = won?.id ?? 0;
    expect((await call("PATCH", `/api/clients/${id}/owner`, { ownerId: colleague.id, version: 0 })).statusCode).toBe(
      200,
    );
    const moved = await call("PATCH", `/api/clients/${id}/stage`, { stage: "ganado", version: 1, wonValue: 1250.5 });
    expect(moved.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it("shows six columns with counts, won value and the first cards, newest first", async () => {
    const columns = await board();
    expect([...columns.keys()]).toEqual(["nuevo", "contactado", "cotizacion", "negociacion", "ganado", "perdido"]);
    const fresh = columns.get("nuevo");
    expect(fresh).toMatchObject({ count: 55, countIsExact: true, hasMore: true, value: 0 });
    expect(fresh?.cards).toHaveLength(CRM_LIMITS.boardPage);
    expect(fresh?.cards[0]?.name).toBe("Persona 54 Prueba");
    expect(fresh?.cards[0]?.services.map((service) => service.id)).toEqual(expect.arrayContaining([1, 2]));
    expect(columns.get("ganado")).toMatchObject({ count: 1, value: 1250.5, hasMore: false });
    expect(columns.get("ganado")?.cards[0]).toMatchObject({ owner: { id: colleague.id }, version: 2 });
  });

  it("gives the rest of one column from an offset", async () => {
    const more = await board(`?stage=nuevo&offset=${CRM_LIMITS.boardPage}`);
    expect([...more.keys()]).toEqual(["nuevo"]);
    expect(more.get("nuevo")?.cards.map((card) => card.name)).toEqual([
      "Persona 4 Prueba",
      "Persona 3 Prueba",
      "Persona 2 Prueba",
      "Persona 1 Prueba",
      "Persona 0 Prueba",
    ]);
    expect(more.get("nuevo")?.hasMore).toBe(false);
  });

  it("filters by owner and by product, with the counts of what it shows", async () => {
    const theirs = await board(`?owner=${colleague.id}`);
    expect(theirs.get("nuevo")?.count).toBe(0);
    expect(theirs.get("ganado")?.count).toBe(1);
    const unowned = await board("?owner=none");
    expect(unowned.get("nuevo")?.count).toBe(55);
    expect(unowned.get("ganado")?.count).toBe(0);
    const product = await board("?serviceTypeId=3");
    expect(product.get("nuevo")).toMatchObject({ count: 0, countIsExact: true, cards: [] });
    expect(product.get("ganado")).toMatchObject({ count: 1, value: 1250.5 });
  });

  it("shows each opportunity as its own card, moved on its own", async () => {
    const won = (await board()).get("ganado")?.cards[0];
    if (!won) throw new Error("no won card");
    const opened = await call("POST", "/api/opportunities", {
      clientId: won.clientId,
      title: "Segunda compra",
      value: "800",
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const second = opened.json() as { id: number; version: number };
    let columns = await board();
    expect(columns.get("nuevo")?.cards[0]).toMatchObject({
      id: second.id,
      clientId: won.clientId,
      title: "Segunda compra",
      name: won.name,
      value: 800,
    });
    expect(columns.get("nuevo")).toMatchObject({ count: 56, value: 800 });
    expect(columns.get("ganado")?.cards.map((card) => card.id)).toEqual([won.id]);

    const moved = await call("PATCH", `/api/opportunities/${second.id}/stage`, {
      stage: "negociacion",
      version: second.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ stage: "negociacion", version: second.version + 1, wonValue: 800 });
    columns = await board();
    expect(columns.get("negociacion")?.cards.map((card) => card.id)).toEqual([second.id]);
    expect(columns.get("ganado")?.cards.map((card) => card.id)).toEqual([won.id]);
    // The other card was not touched: its move with the version it carries still goes through.
    const back = await call("PATCH", `/api/opportunities/${won.id}/stage`, {
      stage: "perdido",
      version: won.version,
      lostReason: "precio",
    });
    expect(back.statusCode, back.body).toBe(200);
    const timeline = await call("GET", `/api/clients/${won.clientId}/timeline`);
    const moves = (
      timeline.json() as { events: { kind: string; data: { opportunityId?: number; to?: string } }[] }
    ).events
      .filter((event) => event.kind === "stage_changed")
      .map((event) => [event.data.opportunityId, event.data.to]);
    expect(moves).toEqual(
      expect.arrayContaining([
        [second.id, "negociacion"],
        [won.id, "perdido"],
      ]),
    );
  });

  it("refuses a card's move made on an old version (with what is stored) or of no opportunity", async () => {
    const card = (await board()).get("nuevo")?.cards[0];
    if (!card) throw new Error("no card");
    const first = await call("PATCH", `/api/opportunities/${card.id}/stage`, {
      stage: "contactado",
      version: card.version,
    });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await call("PATCH", `/api/opportunities/${card.id}/stage`, {
      stage: "perdido",
      version: card.version,
      lostReason: "precio",
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: "Conflict",
      current: { stage: "contactado", version: card.version + 1 },
    });
    const missing = await call("PATCH", "/api/opportunities/2147483647/stage", { stage: "contactado", version: 0 });
    expect(missing.statusCode).toBe(404);
    const bad = await call("PATCH", `/api/opportunities/${card.id}/stage`, {
      stage: "perdido",
      version: card.version + 1,
    });
    expect(bad.statusCode).toBe(400);
  });

  it("leaves out the opportunities of contacts outside the main list, in its cards and its totals", async () => {
    await insertContactRequests(t.app.db, [newContactRequest(200, { reviewReasons: ["too_fast"] })]);
    const [waiting] = await queryRows<{ id: number; listed: boolean }>(
      t.app.db,
      sql`select id, last_message_at is not null as listed from clients where email = 'persona200@finca.ec'`,
    );
    expect(waiting?.listed).toBe(false);
    for (const query of ["", "?serviceTypeId=1", "?owner=none"]) {
      const columns = await board(query);
      expect(
        columns.get("nuevo")?.cards.some((card) => card.clientId === waiting?.id),
        query,
      ).toBe(false);
      expect(columns.get("nuevo")?.count, query).toBe(55);
    }
  });

  it("refuses filters it does not know, by field", async () => {
    for (const query of ["owner=x", "serviceTypeId=9999", "stage=vendido", "offset=-1"]) {
      const response = await call("GET", `/api/board?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(JSON.stringify(response.json().details), query).toContain(query.split("=")[0]);
    }
  });
});
