import { randomBytes } from "node:crypto";
import pg from "pg";
import type { Database } from "../src/db/client.ts";
import { prepareDatabase } from "../src/db/setup.ts";

export type Engine = "pglite" | "postgres";

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL points at a server (CI sets it). */
export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export type TestDatabase = { database: Database; databaseUrl: string | undefined; drop: () => Promise<void> };

/**
 * A fresh, migrated database for one test file: PGlite in memory, or a new PostgreSQL database
 * created on the TEST_DATABASE_URL server and dropped afterwards.
 */
export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  if (engine === "pglite") {
    const database = await prepareDatabase({ dataDir: "memory://" });
    return { database, databaseUrl: undefined, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `test_${randomBytes(6).toString("hex")}`;
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const database = await prepareDatabase({ databaseUrl, dataDir: "" });
  return {
    database,
    databaseUrl,
    drop: async () => {
      await database.close();
      await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function withAdmin<T>(url: string, run: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
