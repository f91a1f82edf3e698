#!/usr/bin/env node
// The API's schema and its migrations agree, checked on every `npm run lint` (issue 32):
//   drizzle-kit check      the migration folder's snapshots are consistent
//   no diff                drizzle-kit generate, run on a copy, writes nothing: every change to
//                          apps/api/src/db/schema has its migration committed
//   one name each          no two migrations share a name (the part after the number)
//   custom SQL apart       from migration 0031 on, SQL drizzle-kit does not write (functions,
//                          triggers, extensions, DO blocks) sits in a migration of its own, made
//                          with `drizzle-kit generate --custom` (older ones mix them; they are history)
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const LAST_MIXED = 30;
const CUSTOM_HEADER = "-- Custom SQL migration file";
const HAND_WRITTEN =
  /\b(create\s+(or\s+replace\s+)?function|create\s+(constraint\s+)?trigger|create\s+extension|do\s+\$\$)/i;

/** @typedef {{ file: string, number: number, name: string, text: string }} Migration */

/**
 * The migrations' SQL files of `folder`, sorted, each with its number, name and text.
 * @param {string} folder
 * @returns {Migration[]}
 */
export function migrationsOf(folder) {
  return readdirSync(folder)
    .filter((file) => /^\d{4}_.+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      file,
      number: Number(file.slice(0, 4)),
      name: file.slice(5, -4),
      text: readFileSync(path.join(folder, file), "utf8"),
    }));
}

/**
 * Problems of naming and of hand-written SQL, one line each.
 * @param {Migration[]} migrations
 */
export function migrationProblems(migrations) {
  /** @type {string[]} */
  const problems = [];
  /** @type {Map<string, string>} */
  const seen = new Map();
  for (const { file, number, name, text } of migrations) {
    const first = seen.get(name);
    if (first) problems.push(`migration-name: ${file} has the name of ${first}; name it for what it does`);
    else seen.set(name, file);
    if (number > LAST_MIXED && HAND_WRITTEN.test(text) && !text.trimStart().startsWith(CUSTOM_HEADER)) {
      problems.push(
        `migration-custom-sql: ${file} mixes hand-written SQL into a generated migration; move it to one made with \`drizzle-kit generate --custom\``,
      );
    }
  }
  return problems;
}

/**
 * Runs drizzle-kit in `apiDir` with `args`: its output, or throws with it.
 * @param {string} apiDir
 * @param {string[]} args
 */
function drizzleKit(apiDir, args) {
  // The package exports no bin path: its command sits beside its entry point.
  const bin = path.join(
    path.dirname(createRequire(path.join(apiDir, "package.json")).resolve("drizzle-kit")),
    "bin.cjs",
  );
  return execFileSync(process.execPath, [bin, ...args], { cwd: apiDir, encoding: "utf8", stdio: "pipe" });
}

/**
 * What drizzle-kit generate would write on a copy of the migrations: the new files' names and
 * text, none when the schema and the migrations agree. The copy sits under the API's .tmp so the
 * schema's imports resolve as they do in the app.
 * @param {string} apiDir
 * @param {string} [schema]
 */
export function pendingMigration(apiDir, schema = "./src/db/schema/index.ts") {
  const work = path.join(apiDir, ".tmp", `migrations-check-${process.pid}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  try {
    cpSync(path.join(apiDir, "drizzle"), path.join(work, "drizzle"), { recursive: true });
    const out = path.relative(apiDir, path.join(work, "drizzle"));
    const config = path.join(work, "drizzle.config.json");
    writeFileSync(config, JSON.stringify({ dialect: "postgresql", schema, out }));
    const before = new Set(readdirSync(path.join(work, "drizzle")));
    drizzleKit(apiDir, ["generate", `--config=${path.relative(apiDir, config)}`]);
    return readdirSync(path.join(work, "drizzle"))
      .filter((file) => !before.has(file))
      .map((file) => ({ file, text: readFileSync(path.join(work, "drizzle", file), "utf8") }));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const given = process.argv.slice(2).find((arg) => !arg.startsWith("--"));
  const apiDir = path.resolve(given ?? path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "apps", "api"));
  const problems = migrationProblems(migrationsOf(path.join(apiDir, "drizzle")));
  try {
    drizzleKit(apiDir, ["check", "--dialect=postgresql", "--out=drizzle"]);
  } catch (caught) {
    // execFileSync throws the finished child, with what it printed.
    const error = /** @type {{ stdout?: string, stderr?: string }} */ (caught);
    problems.push(`drizzle-kit check: ${`${error.stdout ?? ""}${error.stderr ?? ""}`.trim()}`);
  }
  for (const { file, text } of pendingMigration(apiDir)) {
    problems.push(
      `migration-missing: the schema differs from the migrations; drizzle-kit generate would write ${file}:\n${text}`,
    );
  }
  for (const line of problems) console.error(line);
  if (problems.length > 0) process.exit(1);
  console.log("Migrations: the schema and drizzle/ agree, one name each, hand-written SQL apart.");
}
