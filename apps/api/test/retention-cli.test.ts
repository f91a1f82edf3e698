import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/db/client.ts";
import { prepareDatabase } from "../src/db/setup.ts";
import { runCli } from "./cli.ts";
import { insertLead } from "./leads.ts";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "retention-cli-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const cli = (args: string[], env: Record<string, string> = {}) =>
  runCli("retention", args, { NODE_ENV: "test", DATA_DIR: dataDir, DATABASE_URL: "", ...env });

describe("npm run db:retention", { timeout: 120_000 }, () => {
  it("counts with --dry-run, then anonymises and records it in the audit log", async () => {
    const seeded = await prepareDatabase({ dataDir });
    await insertLead(seeded.db, { email: "antigua@rosas.ec", at: new Date(Date.now() - 3 * 365 * 86_400_000) });
    await insertLead(seeded.db, { email: "reciente@rosas.ec" });
    await seeded.close();

    const dry = await cli(["--dry-run"]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/Simulación: 1 contactos \(1 mensajes\) .* serían anonimizados\. No se cambió nada\./);

    const run = await cli([]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^1 contactos \(1 mensajes\) sin actividad desde el \d{4}-\d\d-\d\d anonimizados/);

    const database = await prepareDatabase({ dataDir });
    try {
      const emails = await queryRows<{ email: string }>(database.db, sql`select email from clients order by id`);
      expect(emails.map((row) => row.email)).toEqual(["anonimizado-1@anonimizado.invalid", "reciente@rosas.ec"]);
      const audit = await queryRows<{ details: Record<string, unknown> }>(
        database.db,
        sql`select details from audit_log where action = 'leads_retention'`,
      );
      expect(audit).toEqual([{ details: expect.objectContaining({ trigger: "cli", clients: 1 }) }]);
    } finally {
      await database.close();
    }
  });

  it("does nothing when retention is off, and explains a bad setting", async () => {
    const off = await cli([], { LEAD_RETENTION_MONTHS: "0" });
    expect(off.code).toBe(0);
    expect(off.stdout).toMatch(/desactivada/);
    const bad = await cli([], { LEAD_RETENTION_ACTION: "archive" });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/LEAD_RETENTION_ACTION: debe ser anonymize o delete/);
  });
});
