import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { apiModuleViolations, compareWithBaseline, cyclesOf, tablesWritten } from "./check-api-modules.mjs";
import { folderOf, removeFolders, runScript } from "./script-test-kit.mjs";

const SCRIPT = fileURLToPath(new URL("./check-api-modules.mjs", import.meta.url));
const M = "apps/api/src/modules";
const S = "apps/api/src/db/schema";
const CLEAN = {
  [`${M}/contacts/index.ts`]: 'export { listContacts } from "./repo.ts";\n',
  [`${M}/contacts/repo.ts`]: 'import { db } from "../../db/client.ts";\nimport { lock } from "../../kernel/lock.ts";\n',
  [`${M}/dashboard/repo.ts`]: 'import { listContacts } from "../contacts/index.ts";\n',
  [`${M}/tasks/repo.ts`]: 'import type { Contact } from "../contacts";\n',
  // A test may set its scene with another module's inside.
  [`${M}/tasks/repo.test.ts`]: 'import { listContacts } from "../contacts/repo.ts";\n',
  [`${S}/contacts.ts`]: 'export const clients = pgTable(\n  "clients",\n  { id: serial("id") },\n);\n',
  [`${S}/tasks.ts`]: 'export const tasks = pgTable("tasks", { id: serial("id") });\n',
  // Its owner writes a table; anyone reads it, and prose may name a write.
  [`${M}/contacts/write.ts`]:
    "await db.update(clients).set({});\nawait db.execute(sql`insert into clients (id) values (1)`);\n",
  [`${M}/tasks/read.ts`]: "// We never update clients here.\nawait db.select().from(clients);\n",
};

afterEach(removeFolders);

describe("check-api-modules", () => {
  it("passes modules that import each other through their index and the layers below", () => {
    expect(apiModuleViolations(tree(CLEAN))).toEqual([]);
    expect(run(tree(CLEAN)).code).toBe(0);
  });

  it("catches a deep import into another module", () => {
    const root = tree({ ...CLEAN, [`${M}/dashboard/figures.ts`]: 'import { x } from "../contacts/repo.ts";\n' });
    expect(apiModuleViolations(root)).toEqual(["api-deep-import: dashboard -> contacts/repo.ts"]);
    const { code, output } = run(root);
    expect(code).toBe(1);
    expect(output).toContain("api-deep-import: dashboard -> contacts/repo.ts");
  });

  it("catches a cycle, also one through a module's index", () => {
    const root = tree({ ...CLEAN, [`${M}/contacts/tasks.ts`]: 'import { t } from "../tasks/index.ts";\n' });
    expect(apiModuleViolations(root)).toEqual(["api-cycle: contacts <-> tasks"]);
    expect(run(root).code).toBe(1);
  });

  it("catches a module writing a table another owns, through Drizzle or in SQL", () => {
    const root = tree({
      ...CLEAN,
      [`${M}/tasks/anonymise.ts`]: "await tx\n  .delete(clients)\n  .where(x);\n",
      [`${M}/tasks/raw.ts`]: "sql`with moved as (update clients set stage = 'x') select 1`;\n",
      [`${M}/contacts/done.ts`]: 'sql`insert into "tasks" (id) values (1)`;\n',
    });
    expect(apiModuleViolations(root)).toEqual([
      "api-table-writer: contacts writes tasks (owner tasks)",
      "api-table-writer: tasks writes clients (owner contacts)",
    ]);
    expect(tablesWritten("await db.insert(tasks).values(x);\n// delete from clients\n")).toEqual(new Set(["tasks"]));
    const { code, output } = run(root);
    expect(code).toBe(1);
    expect(output).toContain("only a table's owner writes it");
  });

  it("finds each loop of modules once, however long", () => {
    const edges = new Map([
      ["a", new Set(["b"])],
      ["b", new Set(["c"])],
      ["c", new Set(["a", "d"])],
      ["d", new Set()],
      ["e", new Set(["f"])],
      ["f", new Set(["e"])],
    ]);
    expect(cyclesOf(edges)).toEqual([
      ["a", "b", "c"],
      ["e", "f"],
    ]);
  });

  it("tolerates the known violations of the baseline, and fails when one is gone", () => {
    const root = tree({
      ...CLEAN,
      [`${M}/dashboard/figures.ts`]: 'import { x } from "../contacts/repo.ts";\n',
      "scripts/api-modules-baseline.json": JSON.stringify({
        known: ["api-deep-import: dashboard -> contacts/repo.ts", "api-deep-import: tasks -> contacts/repo.ts"],
      }),
    });
    const { code, output } = run(root);
    expect(code).toBe(1);
    expect(output).toContain("fixed, remove it from scripts/api-modules-baseline.json: api-deep-import: tasks");
    expect(compareWithBaseline(["x"], ["x"])).toEqual({ added: [], gone: [] });
  });

  it("holds on this repository", () => {
    expect(run(path.resolve(fileURLToPath(new URL("..", import.meta.url)))).code).toBe(0);
  });
});

/**
 * A throw-away tree of `files`.
 * @param {Record<string, string | null>} files
 */
function tree(files) {
  return folderOf("api-modules-", files);
}

/**
 * Runs the command as `npm run lint` does.
 * @param {string} root
 */
function run(root) {
  return runScript(SCRIPT, root);
}
