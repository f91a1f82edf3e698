import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/app.ts";
import { ADMIN, bearer, createAuthTestApp, signIn } from "../../../test/auth.ts";
import { contactRequest, newContactRequest, postContact, resetContactTables } from "../../../test/contact.ts";
import { createTestDatabase, engines, type TestDatabase } from "../../../test/database.ts";
import { queryRows } from "../../db/client.ts";
import { contactMessages, contactServiceTypes, contacts } from "../../db/schema/index.ts";
import { insertContactRequests } from "./intake-repo.ts";
import { IN_REVIEW, m, VISIBLE } from "./tables.ts";

type Pair = { clientId: number; serviceTypeId: number };
type Page = { content: { client: { id: number } }[]; totalElements: number };
type Column = {
  stage: string;
  count: number;
  countIsExact: boolean;
  cards: { clientId: number; services: { id: number }[] }[];
};

// client_service_types, which the product filter reads: the services each contact asked about in
// the main list, kept by the triggers of migration 0010 on every path that writes messages or their
// services, and the product filter's answers, the same as when it read the messages.
describe.each(engines)("the services of each contact on %s", (engine) => {
  let t: TestApp;
  let token: string;

  const call = (method: "GET" | "PATCH" | "POST" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const expectStatus = async (response: Promise<{ statusCode: number; body: string }>, status: number) => {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBe(status);
  };

  /** What the table holds, as (contact, service) pairs. */
  const stored = () =>
    t.app.db
      .select({ clientId: contactServiceTypes.clientId, serviceTypeId: contactServiceTypes.serviceTypeId })
      .from(contactServiceTypes)
      .orderBy(asc(contactServiceTypes.clientId), asc(contactServiceTypes.serviceTypeId));
  /** What it must hold, derived from the messages as the product filter did before the table. */
  const derived = () =>
    queryRows<Pair>(
      t.app.db,
      sql`select distinct ${m.clientId} as "clientId", ms.service_type_id as "serviceTypeId"
            from ${contactMessages} m join message_service_types ms on ms.message_id = ${m.id}
           where ${VISIBLE} order by 1, 2`,
    );
  /** The table, checked against its definition, as `email: [services]` for the test to read. */
  const servicesByEmail = async () => {
    const pairs = await stored();
    expect(pairs).toEqual(await derived());
    const people = await t.app.db.select({ id: contacts.id, email: contacts.email }).from(contacts);
    const byEmail: Record<string, number[]> = {};
    for (const pair of pairs) {
      const email = people.find((person) => person.id === pair.clientId)?.email ?? "?";
      byEmail[email] = [...(byEmail[email] ?? []), pair.serviceTypeId];
    }
    return byEmail;
  };
  const clientId = async (email: string) => {
    const [row] = await t.app.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.emailKey, email));
    return row?.id ?? 0;
  };
  const messageIds = async (email: string) =>
    (
      await t.app.db
        .select({ id: contactMessages.id })
        .from(contactMessages)
        .where(eq(contactMessages.clientId, await clientId(email)))
        .orderBy(asc(contactMessages.id))
    ).map((row) => row.id);

  beforeAll(async () => {
    t = await createAuthTestApp(engine);
    token = (await signIn(t.app, ADMIN)).accessToken;
  });
  // persona0 asked for 1 and 2, then for 4; persona1 for 3; persona2's request (5) waits for review.
  beforeEach(async () => {
    await resetContactTables(t.app.db);
    await insertContactRequests(t.app.db, [
      newContactRequest(0, { serviceTypeIds: [1, 2] }),
      newContactRequest(1, { serviceTypeIds: [3] }),
      newContactRequest(2, { serviceTypeIds: [5], reviewReasons: ["honeypot"] }),
    ]);
    await insertContactRequests(t.app.db, [newContactRequest(0, { serviceTypeIds: [4, 1] })]);
  });
  afterAll(async () => {
    await t.close();
  });

  it("follows the intake: each batch, a returning sender, and nothing for a request kept for review", async () => {
    expect(await servicesByEmail()).toEqual({ "persona0@finca.ec": [1, 2, 4], "persona1@finca.ec": [3] });
    // The contact form's own path, with the services named as the spec sends them.
    const posted = await postContact(t.app, contactRequest({ email: "persona1@finca.ec" }));
    expect(posted.statusCode, posted.body).toBe(201);
    expect((await servicesByEmail())["persona1@finca.ec"]?.length).toBeGreaterThan(1);
  });

  it("follows an edit of a message's services, keeping what another message still asks", async () => {
    const [first, second] = await messageIds("persona0@finca.ec");
    await expectStatus(call("PATCH", `/api/client-message/${second}`, { serviceTypeIds: [2] }), 200);
    expect((await servicesByEmail())["persona0@finca.ec"]).toEqual([1, 2]);
    await expectStatus(call("PATCH", `/api/client-message/${first}`, { serviceTypeIds: [6] }), 200);
    expect((await servicesByEmail())["persona0@finca.ec"]).toEqual([2, 6]);
  });

  it("follows a deleted message, and a note added with services", async () => {
    const [first, second] = await messageIds("persona0@finca.ec");
    await expectStatus(call("DELETE", `/api/client-message/${first}`), 204);
    expect((await servicesByEmail())["persona0@finca.ec"]).toEqual([1, 4]);
    await expectStatus(call("DELETE", `/api/client-message/${second}`), 204);
    expect((await servicesByEmail())["persona0@finca.ec"]).toBeUndefined();
    const id = await clientId("persona0@finca.ec");
    const note = { message: "Llamó por teléfono.", serviceTypeIds: [7] };
    await expectStatus(call("POST", `/api/clients/${id}/messages`, note), 201);
    expect((await servicesByEmail())["persona0@finca.ec"]).toEqual([7]);
  });

  it("adds a request kept for review once it is accepted, and drops it if it goes back to review", async () => {
    const [kept] = await messageIds("persona2@finca.ec");
    await expectStatus(call("POST", `/api/client-message/${kept}/accept`), 200);
    expect((await servicesByEmail())["persona2@finca.ec"]).toEqual([5]);
    await t.app.db
      .update(contactMessages)
      .set({ reviewedAt: null })
      .where(eq(contactMessages.id, kept ?? 0));
    expect((await servicesByEmail())["persona2@finca.ec"]).toBeUndefined();
  });

  it("loses a deleted contact's rows and keeps an anonymised one's", async () => {
    await expectStatus(call("POST", `/api/clients/${await clientId("persona1@finca.ec")}/anonymise`), 200);
    await expectStatus(call("DELETE", `/api/clients/${await clientId("persona0@finca.ec")}`), 204);
    expect(Object.values(await servicesByEmail())).toEqual([[3]]);
  });

  it("follows SQL written by hand: a link changed, a message moved to another contact, links emptied", async () => {
    const [first, second] = await messageIds("persona0@finca.ec");
    await t.app.db.execute(
      sql`update message_service_types set service_type_id = 8 where message_id = ${first} and service_type_id = 2`,
    );
    expect((await servicesByEmail())["persona0@finca.ec"]).toEqual([1, 4, 8]);
    // As a merge of two contacts would: persona0's second message becomes persona1's.
    await t.app.db
      .update(contactMessages)
      .set({ clientId: await clientId("persona1@finca.ec") })
      .where(eq(contactMessages.id, second ?? 0));
    expect(await servicesByEmail()).toEqual({ "persona0@finca.ec": [1, 8], "persona1@finca.ec": [1, 3, 4] });
    await t.app.db.execute(sql`truncate message_service_types`);
    expect(await servicesByEmail()).toEqual({});
  });

  it("answers the board's and the list's product filter as the messages do, and the review view from them", async () => {
    // Forty more contacts over eight services, some kept for review, some returning, some moved on.
    await insertContactRequests(
      t.app.db,
      Array.from({ length: 40 }, (_, n) =>
        newContactRequest(10 + (n % 30), {
          serviceTypeIds: n % 3 === 0 ? [1 + (n % 8), 1 + ((n + 3) % 8)] : [1 + (n % 8)],
          reviewReasons: n % 7 === 0 ? ["too_fast"] : [],
        }),
      ),
    );
    await t.app.db.execute(
      sql`update opportunities set stage = (array['contactado', 'ganado', 'perdido'])[1 + client_id % 3]
        where client_id % 2 = 0`,
    );
    const listed = (condition: typeof VISIBLE, serviceTypeId: number) =>
      queryRows<{ id: number; stage: string }>(
        t.app.db,
        sql`select c.id, c.stage from clients c where exists (select 1 from ${contactMessages} m
              join message_service_types ms on ms.message_id = ${m.id}
             where ${m.clientId} = c.id and ms.service_type_id = ${serviceTypeId} and ${condition})
             ${condition === VISIBLE ? sql`and c.last_message_at is not null` : sql``} order by c.id`,
      );
    const ids = (page: Page) => page.content.map((group) => group.client.id).sort((a, b) => a - b);
    for (let serviceTypeId = 1; serviceTypeId <= 8; serviceTypeId += 1) {
      const expected = await listed(VISIBLE, serviceTypeId);
      const list = (await call("GET", `/api/client-message?size=100&serviceTypeId=${serviceTypeId}`)).json() as Page;
      expect(ids(list), `list, service ${serviceTypeId}`).toEqual(expected.map((row) => row.id));
      const board = (await call("GET", `/api/board?serviceTypeId=${serviceTypeId}`)).json() as { columns: Column[] };
      for (const column of board.columns) {
        const inStage = expected.filter((row) => row.stage === column.stage).map((row) => row.id);
        expect(
          column.cards.map((card) => card.clientId).sort((a, b) => a - b),
          `${column.stage}, ${serviceTypeId}`,
        ).toEqual(inStage);
        expect(column).toMatchObject({ count: inStage.length, countIsExact: true });
        for (const card of column.cards) expect(card.services.map((service) => service.id)).toContain(serviceTypeId);
      }
      const review = (
        await call("GET", `/api/client-message?view=review&size=100&serviceTypeId=${serviceTypeId}`)
      ).json() as Page;
      expect(ids(review), `review, service ${serviceTypeId}`).toEqual(
        (await listed(IN_REVIEW, serviceTypeId)).map((row) => row.id),
      );
    }
    expect((await listed(IN_REVIEW, 1)).length + (await listed(IN_REVIEW, 8)).length).toBeGreaterThan(0);
  });
});

// PL/pgSQL keeps each statement's plan for its session, and PGlite (one session, no autovacuum)
// never replaces it: the links trigger must reach rows by key whatever the tables' size when it
// first ran (decision 032). Its plans made on the first lead used to scan client_messages and
// contacts whole at every later batch. PGlite only: its one session's scan counters are exact, while
// PostgreSQL's pooled sessions report theirs when they next go idle.
describe("the links trigger on a PGlite that grew after its first lead", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase("pglite");
  });
  afterAll(() => t.drop());

  /** Whole-table reads of the tables the trigger joins and locks, counted by PostgreSQL. */
  const tableScans = async () => {
    const db = t.database.db;
    // Counters reach the view once the session flushes them, which this asks for at its next idle moment.
    await db.execute(sql`select pg_stat_force_next_flush()`);
    return queryRows<{ relname: string; seq_scan: number }>(
      db,
      sql`select relname, seq_scan::int from pg_stat_user_tables
           where relname in ('clients', 'client_messages') order by relname`,
    );
  };

  it("reads no table whole for a contact form batch", async () => {
    const db = t.database.db;
    await insertContactRequests(db, [newContactRequest(1)]);
    for (let batch = 0; batch < 20; batch += 1) {
      await insertContactRequests(
        db,
        Array.from({ length: 100 }, (_, index) => newContactRequest(2 + batch * 100 + index)),
      );
    }
    const before = await tableScans();
    expect(before).toHaveLength(2);
    await insertContactRequests(
      db,
      Array.from({ length: 50 }, (_, index) => newContactRequest(5000 + index)),
    );
    expect(await tableScans()).toEqual(before);
  });
});
