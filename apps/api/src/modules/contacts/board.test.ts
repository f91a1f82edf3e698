import { CRM_LIMITS } from "@app/shared/constants";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/app.ts";
import { ADMIN, bearer, createAuthTestApp, createStaff, signIn } from "../../../test/auth.ts";
import { newContactRequest, resetContactTables } from "../../../test/contact.ts";
import { engines } from "../../../test/database.ts";
import { queryRows } from "../../db/client.ts";
import { insertContactRequests } from "./intake-repo.ts";

type Card = { id: number; name: string; owner: { id: number } | null; services: { id: number }[]; version: number };
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

  it("refuses filters it does not know, by field", async () => {
    for (const query of ["owner=x", "serviceTypeId=9999", "stage=vendido", "offset=-1"]) {
      const response = await call("GET", `/api/board?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(JSON.stringify(response.json().details), query).toContain(query.split("=")[0]);
    }
  });
});
