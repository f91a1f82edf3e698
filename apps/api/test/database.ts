import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openDatabase } from "../src/db/client.ts";
import { MIGRATIONS_FOLDER, prepareDatabase } from "../src/db/setup.ts";

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
    const snapshot = snapshotFile();
    // From the run's migrated snapshot when there is one (the API tests' global set-up writes it);
    // preparing it again applies only what it lacks, as on a server that starts.
    const database = await prepareDatabase({
      dataDir: "memory://",
      snapshot: existsSync(snapshot) ? snapshot : undefined,
      wasmModule: await compiledPglite(),
    });
    return { database, databaseUrl: undefined, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `test_${randomBytes(6).toString("hex")}`;
  // A copy of the run's migrated template (about 50 ms) rather than migrating anew (about 800 ms):
  // preparing it again applies only what it lacks, as on a server that starts.
  const template = inject("postgresTemplate");
  await withAdmin(adminUrl, (admin) =>
    admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`),
  );
  const databaseUrl = databaseUrlOf(adminUrl, name);
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

/**
 * A database with nothing in it, not even the migrations, for tests that migrate it themselves
 * (a migration tried on the data of an older one).
 */
export async function createEmptyTestDatabase(engine: Engine): Promise<TestDatabase> {
  if (engine === "pglite") {
    const database = await openDatabase({ dataDir: "memory://", wasmModule: await compiledPglite() });
    return { database, databaseUrl: undefined, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `test_${randomBytes(6).toString("hex")}`;
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
  const databaseUrl = databaseUrlOf(adminUrl, name);
  const database = await openDatabase({ databaseUrl, dataDir: "" });
  return {
    database,
    databaseUrl,
    drop: async () => {
      await database.close();
      await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

function databaseUrlOf(adminUrl: string, name: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The run's migrated PostgreSQL database every test database is copied from, when TEST_DATABASE_URL
 * names a server: made by the API tests' global set-up, dropped by its teardown. No connection may
 * stay open to it, or PostgreSQL refuses to copy it.
 */
export async function createPostgresTemplate() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return undefined;
  const name = `test_template_${randomBytes(6).toString("hex")}`;
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
  const database = await prepareDatabase({ databaseUrl: databaseUrlOf(adminUrl, name), dataDir: "" });
  await database.close();
  return {
    name,
    drop: () => withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`)),
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

const SNAPSHOT_DIR = fileURLToPath(new URL("../.tmp/", import.meta.url));

/** PGlite's own folder (its package.json is not exported, nor its WebAssembly). */
const PGLITE_DIST = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));

let pgliteModule: Promise<WebAssembly.Module> | undefined;

/**
 * PGlite's WebAssembly, compiled once per test process (files share a worker's modules) and handed
 * to each database's thread: compiling it there costs every database about 0.6 s of CPU, more than
 * loading the snapshot.
 */
function compiledPglite() {
  const { compile } = (globalThis as unknown as { WebAssembly: WebAssemblyCompiler }).WebAssembly;
  pgliteModule ??= readFile(path.join(PGLITE_DIST, "pglite.wasm")).then((bytes) => compile(bytes));
  return pgliteModule;
}

/** Node's global WebAssembly, which the types loaded here (ES2023's and Node's) do not declare. */
type WebAssemblyCompiler = { compile: (bytes: Uint8Array) => Promise<WebAssembly.Module> };

/**
 * Where the migrated PGlite snapshot of these migrations and this PGlite lives: its name changes
 * with either, so a stale one is never used.
 */
export function snapshotFile() {
  const hash = createHash("sha256");
  // PGlite's own files: a new PGlite makes a new snapshot.
  hash.update(readFileSync(path.join(PGLITE_DIST, "..", "package.json")));
  for (const entry of readdirSync(MIGRATIONS_FOLDER, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    hash.update(path.relative(MIGRATIONS_FOLDER, file)).update(readFileSync(file));
  }
  return path.join(SNAPSHOT_DIR, `pglite-${hash.digest("hex").slice(0, 16)}.tar`);
}

/** Writes the snapshot unless it is there already, and removes those of other migrations. */
export async function writeSnapshot() {
  const file = snapshotFile();
  if (existsSync(file)) return;
  mkdirSync(SNAPSHOT_DIR, { recursive: true });
  for (const name of readdirSync(SNAPSHOT_DIR)) {
    if (name.startsWith("pglite-") && name.endsWith(".tar")) rmSync(path.join(SNAPSHOT_DIR, name), { force: true });
  }
  const database = await prepareDatabase({ dataDir: "memory://" });
  try {
    await database.saveSnapshot?.(file);
  } finally {
    await database.close();
  }
}
