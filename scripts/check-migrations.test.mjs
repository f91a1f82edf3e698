import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { migrationProblems, migrationsOf, pendingMigration } from "./check-migrations.mjs";
import { runScript } from "./script-test-kit.mjs";

const SCRIPT = fileURLToPath(new URL("./check-migrations.mjs", import.meta.url));
const API = fileURLToPath(new URL("../apps/api", import.meta.url));
const PLANTED = path.join(API, ".tmp", `planted-schema-${process.pid}`);

/** @param {string} file @param {string} text */
const migration = (file, text) => ({ file, number: Number(file.slice(0, 4)), name: file.slice(5, -4), text });
const TRIGGER = "CREATE OR REPLACE FUNCTION touch() RETURNS trigger AS $$ BEGIN RETURN NEW; END $$ LANGUAGE plpgsql;";

afterEach(() => rmSync(PLANTED, { recursive: true, force: true }));

describe("check-migrations", () => {
  it("passes distinct names, and hand-written SQL alone in a custom migration", () => {
    expect(
      migrationProblems([
        migration("0004_search.sql", `CREATE TABLE "a" ();\n${TRIGGER}`),
        migration("0031_orders.sql", 'CREATE TABLE "orders" ();'),
        migration("0032_orders_touch.sql", `-- Custom SQL migration file, put your code below! --\n${TRIGGER}`),
      ]),
    ).toEqual([]);
  });

  it("catches two migrations of one name, and a trigger mixed into a generated migration", () => {
    expect(
      migrationProblems([
        migration("0001_pipeline.sql", "CREATE TABLE a ();"),
        migration("0006_pipeline.sql", "ALTER TABLE a ADD b text;"),
        migration("0031_orders.sql", `CREATE TABLE "orders" ();\n${TRIGGER}`),
      ]),
    ).toEqual([
      expect.stringContaining("migration-name: 0006_pipeline.sql has the name of 0001_pipeline.sql"),
      expect.stringContaining("migration-custom-sql: 0031_orders.sql"),
    ]);
  });

  it("sees a schema change without its migration", () => {
    cpSync(path.join(API, "src", "db", "schema"), PLANTED, { recursive: true });
    const kernel = path.join(PLANTED, "kernel.ts");
    const text = readFileSync(kernel, "utf8");
    writeFileSync(
      kernel,
      text.replace('holder: text("holder").notNull(),', 'holder: text("holder").notNull(),\n  note: text("note"),'),
    );
    const pending = pendingMigration(API, `./${path.relative(API, PLANTED)}/index.ts`);
    // The number after the newest migration of the folder.
    const next = String(migrationsOf(path.join(API, "drizzle")).length).padStart(4, "0");
    expect(pending).toEqual([
      {
        file: expect.stringMatching(new RegExp(`^${next}_.+\\.sql$`)),
        text: expect.stringContaining('ADD COLUMN "note" text'),
      },
    ]);
  });

  it("holds on this repository", () => {
    const { code, output } = runScript(SCRIPT);
    expect(output).toContain("agree");
    expect(code).toBe(0);
  });
});
