import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { contactRequest, countRows, postContact } from "./contact.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { appBehindProxy, type ProxiedApp } from "./proxied-app.ts";

const config = {
  ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", SERVE_WEB: "false" }),
  contactRateLimit: [{ max: 1000, windowMs: 60_000 }],
};

/** Posts a contact request and measures how long the answer took. */
async function timedPost(app: Awaited<ReturnType<typeof buildApp>>) {
  const started = performance.now();
  const response = await postContact(app, contactRequest({ email: `p${Math.random()}@finca.ec` }));
  return { response, ms: performance.now() - started };
}

function expectUnavailable({ response, ms }: Awaited<ReturnType<typeof timedPost>>) {
  expect(response.statusCode).toBe(503);
  expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
  expect(response.json()).toMatchObject({ statusCode: 503, message: expect.stringMatching(/no está disponible/) });
  expect(ms).toBeLessThan(3000);
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("PostgreSQL outage", () => {
  let testDb: TestDatabase;
  let proxy: ProxiedApp["proxy"];
  let app: ProxiedApp["app"];
  let close: ProxiedApp["close"];

  beforeAll(async () => {
    ({ app, proxy, testDb, close } = await appBehindProxy(config));
  });
  afterAll(() => close());
  // Each test starts with the database reachable and the pool using it again, whatever the test
  // before it (in any order) did to the connection.
  beforeEach(async () => {
    proxy.mode = "pass";
    proxy.cut();
    await proxy.up();
    await expect
      .poll(async () => (await app.inject({ method: "GET", url: "/api/health/ready" })).statusCode, {
        timeout: 15_000,
        interval: 200,
      })
      .toBe(200);
  }, 20_000);

  it("stores while the database answers", async () => {
    expect((await timedPost(app)).response.statusCode).toBe(201);
  });

  it("answers 503 with Retry-After within 3 s while the database hangs", async () => {
    proxy.mode = "blackhole";
    expectUnavailable(await timedPost(app));
    proxy.mode = "pass";
  }, 15_000);

  it("answers 503 with Retry-After at once while the database is down", async () => {
    await proxy.down();
    expectUnavailable(await timedPost(app));
    expectUnavailable(await timedPost(app));
  }, 15_000);

  it("recovers by itself when the database is back, and nothing acknowledged was lost", async () => {
    // Until a request is stored: the pool finds the database again by itself.
    const storedOnceUp = () =>
      expect.poll(async () => (await timedPost(app)).response.statusCode, { timeout: 10_000, interval: 200 }).toBe(201);
    await proxy.up();
    await storedOnceUp();
    // Read without the proxy: what was acknowledged before the outage.
    const stored = await countRows(testDb.database.db, "client_messages");
    await proxy.down();
    expectUnavailable(await timedPost(app));
    await proxy.up();
    await storedOnceUp();
    // Everything acknowledged before the outage is still there, and the request after it too.
    expect(await countRows(testDb.database.db, "client_messages")).toBe(stored + 1);
  }, 30_000);
});

describe("PGlite closed under the server", () => {
  it("answers 503, not 500", async () => {
    const testDb = await createTestDatabase("pglite");
    const app = await buildApp({ config, database: testDb.database });
    await app.ready();
    await testDb.database.close();
    try {
      expectUnavailable(await timedPost(app));
    } finally {
      await app.close();
    }
  });
});
