import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { contactRequest, countRows, postContact } from "../contact.ts";
import { createTestDatabase, type TestDatabase } from "../database.ts";

// An administrator (or a failover) ends every connection of the database: the pool must drop the
// dead ones quietly, the process must stay up, and the very next request must be stored.

const config = {
  ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", SERVE_WEB: "false" }),
  contactRateLimit: [{ max: 1000, windowMs: 60_000 }],
};

async function terminateAll(databaseUrl: string) {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query(
      "select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    return rows.length;
  } finally {
    await admin.end();
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("every PostgreSQL connection terminated", () => {
  let testDb: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    testDb = await createTestDatabase("postgres");
    app = await buildApp({ config, database: testDb.database });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await testDb.drop();
  });

  it("stores the next request, and the ones after", async () => {
    const stored = await countRows(testDb.database.db, "client_messages");
    // Several connections open in the pool, all idle when the blow comes.
    const warm = await Promise.all(
      Array.from({ length: 8 }, (_, i) => postContact(app, contactRequest({ email: `antes${i}@finca.ec` }))),
    );
    expect(warm.map((response) => response.statusCode)).toEqual(Array(8).fill(201));

    expect(await terminateAll(testDb.databaseUrl ?? "")).toBeGreaterThan(0);

    const next = await postContact(app, contactRequest({ email: "despues@finca.ec" }));
    expect(next.statusCode).toBe(201);
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, i) => postContact(app, contactRequest({ email: `luego${i}@finca.ec` }))),
    );
    expect(burst.map((response) => response.statusCode)).toEqual(Array(8).fill(201));
    expect((await app.inject({ method: "GET", url: "/api/health/ready" })).statusCode).toBe(200);
    expect(await countRows(testDb.database.db, "client_messages")).toBe(stored + 17);
  });

  it("stores the next request when the connections end while it waits for one", async () => {
    await terminateAll(testDb.databaseUrl ?? "");
    // No pause at all: the pool may still hold the dead connections when this request arrives.
    const statuses = await Promise.all(
      Array.from({ length: 4 }, (_, i) => postContact(app, contactRequest({ email: `pronto${i}@finca.ec` }))),
    );
    expect(statuses.map((response) => response.statusCode)).toEqual(Array(4).fill(201));
  });
});
