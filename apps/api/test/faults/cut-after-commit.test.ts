import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { contactRequest, countRows, formTokenOf } from "../contact.ts";
import { createTestDatabase, type TestDatabase } from "../database.ts";
import { appBehindProxy, type ProxiedApp } from "../proxied-app.ts";
import { TcpProxy } from "../tcp-proxy.ts";

// A submission whose row was committed but whose answer never arrived: the form retries with the
// same Idempotency-Key, and the retry must be answered 201 without storing a second row.

const config = {
  ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: process.env.DBG ? "info" : "silent", SERVE_WEB: "false" }),
  contactRateLimit: [{ max: 1000, windowMs: 60_000 }],
};

function post(baseUrl: string, body: unknown, key: string, signal?: AbortSignal) {
  return fetch(new URL("/api/client", baseUrl), {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": key },
    body: JSON.stringify(body),
    signal,
  });
}

describe("the answer to the browser is lost after COMMIT", () => {
  let testDb: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let proxy: TcpProxy;
  let direct = "";

  beforeAll(async () => {
    testDb = await createTestDatabase("pglite");
    app = await buildApp({ config, database: testDb.database });
    await app.listen({ host: "127.0.0.1", port: 0 });
    const { port } = app.server.address() as AddressInfo;
    direct = `http://127.0.0.1:${port}`;
    proxy = new TcpProxy("127.0.0.1", port);
    await proxy.up();
  });
  afterAll(async () => {
    await proxy.down();
    await app.close();
    await testDb.drop();
  });

  it("stores the retry with the same key once and answers it 201", async () => {
    // With the token of a page served a minute ago, as the site's form sends it: a form without one
    // waits for review and tells nobody (decision 046), which is not what this test is about.
    const body = contactRequest({ email: "corte@finca.ec", formToken: formTokenOf(app) });
    const key = "corte-despues-del-commit-1";
    proxy.mode = "drop-replies";
    // The browser gives up waiting (its network dropped the answer).
    await expect(post(proxy.route(direct), body, key, AbortSignal.timeout(1500))).rejects.toThrow();
    proxy.cut();
    proxy.mode = "pass";
    expect(await countRows(testDb.database.db, "client_messages")).toBe(1);

    const retry = await post(proxy.route(direct), body, key);
    expect(retry.status).toBe(201);
    expect(await retry.json()).toMatchObject({ message: expect.stringContaining("Gracias") });
    expect(await countRows(testDb.database.db, "client_messages")).toBe(1);
    // One message, so one pair of emails queued, not two.
    expect(await countRows(testDb.database.db, "email_outbox")).toBe(1);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("PostgreSQL's reply to the COMMIT is lost", () => {
  let testDb: TestDatabase;
  let proxy: ProxiedApp["proxy"];
  let app: ProxiedApp["app"];
  let close: ProxiedApp["close"];

  beforeAll(async () => {
    ({ app, proxy, testDb, close } = await appBehindProxy(config));
  });
  afterAll(() => close());

  it("answers 503 with Retry-After, and the retry with the same key stores nothing more", async () => {
    const body = contactRequest({ email: "commit@finca.ec" });
    const key = "respuesta-del-commit-perdida";
    const inject = (payload: unknown, idempotencyKey: string) =>
      app.inject({
        method: "POST",
        url: "/api/client",
        headers: { "content-type": "application/json", "idempotency-key": idempotencyKey },
        payload: JSON.stringify(payload),
      });
    // Warm the pool and the service-type catalog, so the INSERT is the statement that goes unanswered.
    expect((await inject(contactRequest({ email: "antes@finca.ec" }), "solicitud-anterior")).statusCode).toBe(201);
    proxy.mode = "drop-replies";
    const lost = await inject(body, key);
    // The server cannot know whether it was stored: a 503 the form retries, never a 500 or a hang.
    expect(lost.statusCode).toBe(503);
    expect(Number(lost.headers["retry-after"])).toBeGreaterThan(0);
    expect(await countRows(testDb.database.db, "client_messages")).toBe(2);

    proxy.mode = "pass";
    const retry = await inject(body, key);
    expect(retry.statusCode).toBe(201);
    expect(await countRows(testDb.database.db, "client_messages")).toBe(2);
    expect(await countRows(testDb.database.db, "clients")).toBe(2);
  });
});
