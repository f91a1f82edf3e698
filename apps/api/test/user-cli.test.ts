import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { auditLog, authenticatorApps, authSessions, recoveryCodes } from "../src/db/schema/index.ts";
import { prepareDatabase } from "../src/db/setup.ts";
import { verifyPassword } from "../src/modules/accounts/auth/passwords.ts";
import { ensureFirstAdmin } from "../src/modules/accounts/users/first-admin.ts";
import { findUserByUsername } from "../src/modules/accounts/users/repo.ts";
import { runCli } from "./cli.ts";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "user-cli-"));
const emptyDir = mkdtempSync(path.join(os.tmpdir(), "user-cli-empty-"));
afterAll(() => {
  for (const dir of [dataDir, emptyDir]) rmSync(dir, { recursive: true, force: true });
});

const cli = (args: string[]) => runCli("user", args, { DATA_DIR: dataDir, DATABASE_URL: "" });

async function withDatabase<T>(
  run: (db: Awaited<ReturnType<typeof prepareDatabase>>["db"]) => Promise<T>,
  dir = dataDir,
) {
  const database = await prepareDatabase({ dataDir: dir });
  try {
    return await run(database.db);
  } finally {
    await database.close();
  }
}

// Each call starts a process that opens the embedded database on disk: seconds each on a busy machine.
describe("first administrator and `npm run user`", { timeout: 120_000 }, () => {
  // The accounts' database every test but the first starts from: its first administrator, `jefa`.
  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: dataDir, ADMIN_USERNAME: "jefa" });
    await withDatabase((db) => ensureFirstAdmin(db, config));
  }, 120_000);

  it("creates the first administrator on an empty database, with a generated password when none is set", async () => {
    const config = loadConfig({ DATA_DIR: emptyDir, ADMIN_USERNAME: "jefa" });
    const created = await withDatabase((db) => ensureFirstAdmin(db, config), emptyDir);
    expect(created?.username).toBe("jefa");
    expect(created?.generatedPassword).toMatch(/^[\w-]{20,}$/);
    const user = await withDatabase((db) => findUserByUsername(db, "jefa"), emptyDir);
    expect(user).toMatchObject({ role: "administrador", active: true, mustChangePassword: true });
    expect(await verifyPassword(user?.passwordHash ?? "", created?.generatedPassword ?? "")).toBe(true);
    // Only on an empty database.
    expect(await withDatabase((db) => ensureFirstAdmin(db, config), emptyDir)).toBeUndefined();
  });

  it("adds, lists, disables, enables and resets accounts", async () => {
    const add = await cli(["add", "pedro", "--name", "Pedro Andrade", "--email", "pedro@floraprotect.test"]);
    expect(add.code, add.stderr).toBe(0);
    const temporary = /Contraseña temporal: (\S+)/.exec(add.stdout)?.[1] ?? "";
    expect(temporary.length).toBeGreaterThanOrEqual(15);

    const list = await cli(["list"]);
    expect(list.stdout).toMatch(/pedro\tPedro Andrade\tPersonal\tactiva/);
    expect(list.stdout).toMatch(/jefa\t.*Administrador/);

    expect((await cli(["disable", "pedro"])).code).toBe(0);
    expect((await cli(["list"])).stdout).toMatch(/pedro\t.*desactivada/);
    expect((await cli(["enable", "pedro"])).code).toBe(0);

    const reset = await cli(["reset", "pedro", "--password", "una-clave-temporal-larga"]);
    expect(reset.code).toBe(0);
    const user = await withDatabase((db) => findUserByUsername(db, "pedro"));
    expect(user?.mustChangePassword).toBe(true);
    expect(await verifyPassword(user?.passwordHash ?? "", "una-clave-temporal-larga")).toBe(true);
  });

  it("removes every second factor of an account (the last administrator's way back), audited", async () => {
    const jefa = await withDatabase((db) => findUserByUsername(db, "jefa"));
    if (!jefa) throw new Error("no jefa");
    await withDatabase(async (db) => {
      await db.insert(authenticatorApps).values({ userId: jefa.id, secret: "v1:sellado", confirmedAt: new Date() });
      await db.insert(recoveryCodes).values({ userId: jefa.id, codeHash: "h" });
    });
    const reset = await cli(["reset-mfa", "jefa"]);
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stdout).toMatch(/Se quitaron los factores de acceso de "jefa"/);
    const left = await withDatabase(async (db) => ({
      apps: await db.select().from(authenticatorApps).where(eq(authenticatorApps.userId, jefa.id)),
      codes: await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, jefa.id)),
      audit: await db.select().from(auditLog).where(eq(auditLog.action, "second_factor_reset")),
    }));
    expect(left.apps).toEqual([]);
    expect(left.codes).toEqual([]);
    expect(left.audit.map((entry) => entry.targetUsername)).toEqual(["jefa"]);
    expect((await cli(["reset-mfa", "nadie"])).stderr).toMatch(/No existe la cuenta "nadie"/);
  });

  it("signs one account, or everybody, out of every device", async () => {
    expect((await cli(["add", "rosa", "--name", "Rosa Pillajo"])).code).toBe(0);
    const rosa = await withDatabase((db) => findUserByUsername(db, "rosa"));
    if (!rosa) throw new Error("no rosa");
    const open = (userId: number) => ({
      id: `s-${userId}-${Math.random().toString(36).slice(2)}`,
      userId,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    await withDatabase((db) => db.insert(authSessions).values([open(rosa.id), open(rosa.id)]));
    const one = await cli(["end-sessions", "rosa"]);
    expect(one.code, one.stderr).toBe(0);
    expect(one.stdout).toMatch(/Se cerraron 2 sesiones de "rosa"/);
    const jefa = await withDatabase((db) => findUserByUsername(db, "jefa"));
    await withDatabase((db) => db.insert(authSessions).values([open(rosa.id), open(jefa?.id ?? 0)]));
    const everyone = await cli(["end-sessions", "--all"]);
    expect(everyone.stdout).toMatch(/Se cerraron 2 sesiones de todas las cuentas/);
    const left = await withDatabase((db) => db.select().from(authSessions).where(isNull(authSessions.revokedAt)));
    expect(left).toEqual([]);
  });

  it("explains mistakes in Spanish with exit code 2", async () => {
    for (const [args, message] of [
      [["add", "jefa", "--name", "Otra"], /ya existe/],
      [["add", "lucia", "--name", "Lucía", "--password", "password123"], /demasiado común/],
      [["volar"], /Orden desconocida/],
      [[], /Uso: npm run user/],
    ] as const) {
      const result = await cli([...args]);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr).toMatch(message);
    }
  });

  it("refuses to open the embedded database while another process has it open", async () => {
    // This test process is alive: its pid in the lock file stands for a running server.
    writeFileSync(path.join(dataDir, "owner.pid"), String(process.pid));
    try {
      const result = await cli(["list"]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/abierta por otro proceso/);
    } finally {
      rmSync(path.join(dataDir, "owner.pid"), { force: true });
    }
    // A lock left by a process that no longer exists (kill -9) is taken over.
    writeFileSync(path.join(dataDir, "owner.pid"), "999999");
    expect((await cli(["list"])).code).toBe(0);
  });
});
