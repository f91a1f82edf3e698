import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactRequest, formTokenFor } from "./contact.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { type ServerProcess, startServerProcess } from "./server-process.ts";
import { dataOf, fetchAccessToken, fetchLivePass, openEventStream, type SseFrame } from "./sse.ts";

// Two real server processes on one PostgreSQL database: a write on one reaches the CRM screens
// streaming from the other within 2 s (LISTEN/NOTIFY, docs/decisions/029), also after the LISTEN
// connection was cut.
const runs = Boolean(process.env.TEST_DATABASE_URL);

const isEvent = (kind: string) => (frame: SseFrame) => frame.event === kind;
const json = (body: unknown, token?: string) => ({
  method: "POST",
  headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify(body),
});

describe.skipIf(!runs)("live events across two instances on one PostgreSQL", () => {
  let testDb: TestDatabase;
  let one: ServerProcess;
  let two: ServerProcess;
  const password = `clave-${randomBytes(12).toString("hex")}`;
  const jwtSecret = randomBytes(48).toString("base64");
  let leads = 0;
  const postLead = async (server: ServerProcess) => {
    leads += 1;
    const body = contactRequest({ email: `vivo${leads}@finca.ec`, formToken: formTokenFor(jwtSecret) });
    const response = await fetch(`${server.url}/api/client`, json(body));
    expect(response.status).toBe(201);
    await response.text();
  };

  beforeAll(async () => {
    testDb = await createTestDatabase("postgres");
    const env = {
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      DATABASE_URL: testDb.databaseUrl ?? "",
      JWT_SECRET: jwtSecret,
      MFA_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      ADMIN_USERNAME: "jefa",
      ADMIN_PASSWORD: password,
      // Her replies carry her address for the client's answer (there is no shared mailbox here).
      ADMIN_EMAIL: "jefa@floricola.test",
      CONTACT_RATE_LIMIT: "1000/min",
      COOKIE_SECURE: "false",
    };
    // One after the other: the first creates the administrator, the second finds it.
    one = await startServerProcess(env);
    two = await startServerProcess(env);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
    await testDb?.drop();
  }, 60_000);

  it("shows a lead taken by one instance, and a reply sent on the other, on both within 2 s", async () => {
    const token = await fetchAccessToken(one.url, "jefa", password);
    // A pass from one instance opens a stream on the other: both check it with the same key.
    const onTwo = await openEventStream(two.url, { cookie: await fetchLivePass(one.url, token) });
    const onOne = await openEventStream(one.url, { cookie: await fetchLivePass(two.url, token) });
    try {
      expect([onOne.status, onTwo.status]).toEqual([200, 200]);
      await Promise.all([onOne.next((frame) => frame.retry !== undefined), onTwo.next((f) => f.retry !== undefined)]);

      let sent = Date.now();
      await postLead(one);
      const lead = dataOf(await onTwo.next(isEvent("lead_created"), 2000));
      expect(Date.now() - sent).toBeLessThan(2000);
      await onOne.next(isEvent("lead_created"), 2000);
      // Each instance hears its own write once, not once more through NOTIFY.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(onOne.frames.filter(isEvent("lead_created"))).toHaveLength(1);

      sent = Date.now();
      const reply = await fetch(
        `${two.url}/api/client-message/${lead.messageId}/reply`,
        json({ reply: "Con gusto le cotizamos." }, token),
      );
      expect(reply.status).toBe(200);
      await reply.text();
      expect(dataOf(await onOne.next(isEvent("message_replied"), 2000))).toMatchObject({ messageId: lead.messageId });
      expect(Date.now() - sent).toBeLessThan(2000);
    } finally {
      onOne.close();
      onTwo.close();
    }
  });

  it("listens again after its LISTEN connection is cut, and has the screens reload once", async () => {
    const token = await fetchAccessToken(one.url, "jefa", password);
    const onTwo = await openEventStream(two.url, { cookie: await fetchLivePass(two.url, token) });
    const admin = new pg.Client({ connectionString: testDb.databaseUrl });
    await admin.connect();
    try {
      await onTwo.next((frame) => frame.retry !== undefined);
      const cut = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()`,
      );
      expect(cut.rowCount).toBe(2);
      // Reconnected: what may have been missed meanwhile is announced, then events flow again.
      await onTwo.next(isEvent("resync"), 5000);
      const sent = Date.now();
      await postLead(one);
      await onTwo.next(isEvent("lead_created"), 2000);
      expect(Date.now() - sent).toBeLessThan(2000);
    } finally {
      onTwo.close();
      await admin.end();
    }
  });
});
