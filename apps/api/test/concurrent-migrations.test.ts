import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER, prepareDatabase } from "../src/db/setup.ts";

// An upgrade starts every instance at once on one PostgreSQL: each applies pending migrations at
// start, so they must take turns (an advisory lock in db/client.ts), never fail or apply one twice.
const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)("instances starting together on an empty PostgreSQL", () => {
  const name = `test_${randomBytes(6).toString("hex")}`;
  const query = async (url: string, text: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await client.query(text);
    } finally {
      await client.end();
    }
  };
  const url = new URL(adminUrl ?? "postgres://localhost");
  url.pathname = `/${name}`;
  afterAll(() => query(adminUrl ?? "", `drop database if exists ${name} with (force)`));

  it("migrate it once, whichever comes first", async () => {
    await query(adminUrl ?? "", `create database ${name}`);
    const databases = await Promise.all(
      [1, 2, 3].map(() => prepareDatabase({ databaseUrl: url.toString(), dataDir: "" })),
    );
    await Promise.all(databases.map((database) => database.close()));
    const applied = await query(url.toString(), "select count(*)::int as n from drizzle.__drizzle_migrations");
    const files = readdirSync(MIGRATIONS_FOLDER).filter((file) => file.endsWith(".sql"));
    expect(applied.rows[0]).toEqual({ n: files.length });
  });
});
