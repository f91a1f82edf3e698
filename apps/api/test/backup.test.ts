import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/db/client.ts";
import { prepareDatabase } from "../src/db/setup.ts";
import { runCli } from "./cli.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { insertLead, leadSnapshot } from "./leads.ts";

const work = mkdtempSync(path.join(os.tmpdir(), "backup-test-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** `npm run db:backup` / `db:restore` as an operator runs them: a process of its own. */
const cli = (script: "backup" | "restore", args: string[], env: Record<string, string>) =>
  runCli(script, args, { NODE_ENV: "test", DATABASE_URL: "", DATA_DIR: path.join(work, "unused"), ...env });

async function snapshotOf(options: { dataDir: string; databaseUrl?: string }) {
  const database = await prepareDatabase(options);
  try {
    return await leadSnapshot(database.db);
  } finally {
    await database.close();
  }
}

// Each step starts a process that opens a database: seconds each on a busy machine.
describe("db:backup and db:restore on PGlite", { timeout: 120_000 }, () => {
  const dataDir = path.join(work, "data");
  const file = path.join(work, "pglite.tar.gz");
  let before: Awaited<ReturnType<typeof leadSnapshot>>;
  let backup: Awaited<ReturnType<typeof cli>>;
  // Every test starts from this backup of two leads, whatever ran before it.
  beforeAll(async () => {
    const seeded = await prepareDatabase({ dataDir });
    await insertLead(seeded.db, { email: "ana@rosas.ec", reply: "Le enviamos la cotización." });
    await insertLead(seeded.db, { email: "jose@flores.ec", at: new Date("2023-01-15T10:00:00Z") });
    before = await leadSnapshot(seeded.db);
    await seeded.close();
    backup = await cli("backup", [file], { DATA_DIR: dataDir });
  }, 120_000);

  it("round-trips every lead through a backup file into a new data directory", async () => {
    expect(before.clients).toHaveLength(2);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/Respaldo de PGlite .* creado/);

    const restoredDir = path.join(work, "restored");
    const restore = await cli("restore", [file], { DATA_DIR: restoredDir });
    expect(restore.code, restore.stderr).toBe(0);
    // Nothing of the backup's own lock comes back with it.
    expect(existsSync(path.join(restoredDir, "owner.pid"))).toBe(false);
    expect(await snapshotOf({ dataDir: restoredDir })).toEqual(before);
  });

  it("refuses a running server's directory and a non-empty one without --force, then keeps the old one aside", async () => {
    // This test process is alive: its pid in the lock file stands for a running server.
    writeFileSync(path.join(dataDir, "owner.pid"), String(process.pid));
    const locked = await cli("backup", [path.join(work, "other.tar.gz")], { DATA_DIR: dataDir });
    rmSync(path.join(dataDir, "owner.pid"));
    expect(locked.code).toBe(2);
    expect(locked.stderr).toMatch(/abierta por otro proceso/);
    expect(existsSync(path.join(work, "other.tar.gz"))).toBe(false);

    const later = await prepareDatabase({ dataDir });
    await insertLead(later.db, { email: "nueva@rosas.ec" });
    await later.close();

    const refused = await cli("restore", [file], { DATA_DIR: dataDir });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/no está vacío.*--force/s);
    expect((await snapshotOf({ dataDir })).clients).toHaveLength(3);

    const forced = await cli("restore", [file, "--force"], { DATA_DIR: dataDir });
    expect(forced.code, forced.stderr).toBe(0);
    const emails = (await snapshotOf({ dataDir })).clients.map((row) => (row as { email: string }).email);
    expect(emails).toEqual(["ana@rosas.ec", "jose@flores.ec"]);
    const kept = readdirSync(work).filter((name) => name.startsWith("data.before-restore-"));
    expect(kept).toHaveLength(1);
    expect(forced.stdout).toContain(kept[0]);
  });

  it("says which engine a backup belongs to instead of restoring it into the other", async () => {
    const wrong = await cli("restore", [file], { DATABASE_URL: "postgres://nadie@127.0.0.1:1/nada" });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/respaldo de PGlite, pero DATABASE_URL/);
    const missing = await cli("restore", [path.join(work, "no-existe.dump")], {});
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/No existe el archivo de respaldo/);
    expect((await cli("restore", [], {})).stderr).toMatch(/Uso: npm run db:restore/);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("db:backup and db:restore on PostgreSQL", { timeout: 120_000 }, () => {
  const file = path.join(work, "postgres.dump");
  let source: TestDatabase;
  const targets: TestDatabase[] = [];
  let before: Awaited<ReturnType<typeof leadSnapshot>>;
  let backup: Awaited<ReturnType<typeof cli>>;
  // Every test starts from this dump of two leads, whatever ran before it.
  beforeAll(async () => {
    source = await createTestDatabase("postgres");
    await insertLead(source.database.db, { email: "ana@rosas.ec", reply: "Le enviamos la cotización." });
    await insertLead(source.database.db, { email: "jose@flores.ec", at: new Date("2023-01-15T10:00:00Z") });
    before = await leadSnapshot(source.database.db);
    backup = await cli("backup", [file], { DATABASE_URL: source.databaseUrl ?? "" });
  }, 120_000);
  afterAll(async () => {
    await source?.drop();
    for (const target of targets) await target.drop();
  });
  /** A migrated database (a fresh deployment started once) to restore into. */
  const newTarget = async () => {
    const target = await createTestDatabase("postgres");
    targets.push(target);
    return target;
  };

  it("round-trips every lead through pg_dump into another database, and replaces a non-empty one only with --force", async () => {
    expect(backup.code, backup.stderr).toBe(0);

    // The target holds a lead of its own.
    const target = await newTarget();
    await insertLead(target.database.db, { email: "otra@flores.ec" });
    await target.database.db.execute(sql`create table stray_table (id int)`);
    const refused = await cli("restore", [file], { DATABASE_URL: target.databaseUrl ?? "" });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/no está vacía.*--force/s);

    const forced = await cli("restore", [file, "--force"], { DATABASE_URL: target.databaseUrl ?? "" });
    expect(forced.code, forced.stderr).toBe(0);
    // A new connection, as the server's next start would open (it also runs pending migrations).
    const reopened = await prepareDatabase({ databaseUrl: target.databaseUrl, dataDir: "" });
    try {
      expect(await leadSnapshot(reopened.db)).toEqual(before);
      // The target is exactly the backup: what it had beside it is gone.
      const stray = await queryRows(reopened.db, sql`select to_regclass('public.stray_table') as t`);
      expect(stray).toEqual([{ t: null }]);
    } finally {
      await reopened.close();
    }
  });

  it("leaves the target as it was when the backup turns out to be damaged", async () => {
    const target = await newTarget();
    await insertLead(target.database.db, { email: "uno@flores.ec" });
    await insertLead(target.database.db, { email: "dos@flores.ec" });
    const whole = readFileSync(file);
    const damaged = path.join(work, "damaged.dump");
    writeFileSync(damaged, whole.subarray(0, Math.floor(whole.length * 0.6)));
    const failed = await cli("restore", [damaged, "--force"], { DATABASE_URL: target.databaseUrl ?? "" });
    expect(failed.code).toBe(2);
    expect(failed.stderr).toMatch(/pg_restore terminó/);
    const reopened = await prepareDatabase({ databaseUrl: target.databaseUrl, dataDir: "" });
    try {
      expect((await leadSnapshot(reopened.db)).clients).toHaveLength(2);
    } finally {
      await reopened.close();
    }
  });
});
