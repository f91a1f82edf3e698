#!/usr/bin/env node
// The API's modules and their public faces, checked on every `npm run lint` (issue 32):
//   api-deep-import   a file of module A imports a file of module B other than B's index.ts
//   api-cycle         modules that import each other, directly or round a longer loop
//   api-table-writer  a module inserts, updates or deletes rows of a table another owner holds
//                     (the owner is the file of apps/api/src/db/schema that defines the table: a
//                     module's name, or kernel / db below the modules); it calls the owner's face
// A module is a folder of apps/api/src/modules; below them sit db/, kernel/, plugins/, config.ts,
// which any module may import. Tests (*.test.ts) may reach into other modules to set a scene and
// are not counted. Today's known violations are listed in api-modules-baseline.json: a new one
// fails, and so does a listed one that is gone (remove it there), so the list only shrinks.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { importsOf } from "./check-boundaries.mjs";
import { cyclesOf } from "./module-graph.mjs";
import { filesUnder } from "./source-files.mjs";

const MODULES = "apps/api/src/modules";
const SCHEMA = "apps/api/src/db/schema";
const BASELINE = "scripts/api-modules-baseline.json";

export { cyclesOf };

/**
 * The API's source files outside tests, relative to `root` with "/" separators.
 * @param {string} root
 */
const apiFiles = (root) =>
  filesUnder(root, [MODULES], (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith(".d.ts"));

/**
 * The module a path belongs to, or undefined below the modules.
 * @param {string} file
 */
const moduleOf = (file) => {
  if (!file.startsWith(`${MODULES}/`)) return undefined;
  const parts = file.slice(MODULES.length + 1).split("/");
  return parts.length > 1 ? parts[0] : undefined;
};

/** @param {string} target @param {string} module */
const isFace = (target, module) =>
  [`${MODULES}/${module}`, `${MODULES}/${module}/index`, `${MODULES}/${module}/index.ts`].includes(target);

/**
 * Which module imports which (a module's name, or a file below the modules), and the deep imports.
 * @param {string} root
 */
function readImports(root) {
  /** @type {Set<string>} */
  const violations = new Set();
  /** @type {Map<string, Set<string>>} */
  const edges = new Map();
  for (const file of apiFiles(root)) {
    const from = moduleOf(file);
    if (!from) continue;
    const text = readFileSync(path.join(root, file), "utf8");
    for (const { specifier } of importsOf(text)) {
      if (!specifier.startsWith("./") && !specifier.startsWith("../")) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      const to = moduleOf(target) ?? (target.startsWith(`${MODULES}/`) ? target.slice(MODULES.length + 1) : undefined);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)?.add(moduleOf(target) ?? to);
      if (!isFace(target, to)) violations.add(`api-deep-import: ${from} -> ${target.slice(MODULES.length + 1)}`);
    }
  }
  return { edges, violations };
}

/**
 * Each table's owner: its code name and its SQL name, both mapped to the schema file's name.
 * @param {string} root
 */
function tableOwners(root) {
  /** @type {Map<string, string>} */
  const owners = new Map();
  for (const file of filesUnder(root, [SCHEMA], (name) => name.endsWith(".ts"))) {
    const owner = path.posix.basename(file, ".ts");
    const text = readFileSync(path.join(root, file), "utf8");
    for (const [, code = "", table = ""] of text.matchAll(/export const (\w+) = pgTable\(\s*"(\w+)"/g)) {
      owners.set(code, owner);
      owners.set(table, owner);
    }
  }
  return owners;
}

/**
 * Lines that are code or SQL, not comments: prose may say "update clients" freely.
 * @param {string} text
 */
const codeOf = (text) =>
  text
    .split("\n")
    .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
    .join("\n");

/**
 * The tables a file writes: `.insert(t)`, `.update(t)`, `.delete(t)` and SQL's insert into / update / delete from.
 * @param {string} text
 */
export function tablesWritten(text) {
  const code = codeOf(text);
  /** @type {Set<string>} */
  const written = new Set();
  for (const [, name = ""] of code.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)) written.add(name);
  for (const [, name = ""] of code.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+"?(\w+)"?/gi))
    written.add(name);
  return written;
}

/**
 * Writes by a module to a table another owner holds, each as a violation line.
 * @param {string} root
 */
function foreignWrites(root) {
  const owners = tableOwners(root);
  /** @type {Set<string>} */
  const violations = new Set();
  for (const file of apiFiles(root)) {
    const from = moduleOf(file);
    if (!from) continue;
    for (const name of tablesWritten(readFileSync(path.join(root, file), "utf8"))) {
      const owner = owners.get(name);
      if (owner && owner !== from) violations.add(`api-table-writer: ${from} writes ${name} (owner ${owner})`);
    }
  }
  return violations;
}

/**
 * The module graph: each module and the modules it imports.
 * @param {string} root
 */
export const apiModuleGraph = (root) => readImports(root).edges;

/**
 * Every violation under `root`, each as one line of text (the baseline's form).
 * @param {string} root
 */
export function apiModuleViolations(root) {
  const { edges, violations } = readImports(root);
  for (const group of cyclesOf(edges)) violations.add(`api-cycle: ${group.join(" <-> ")}`);
  for (const line of foreignWrites(root)) violations.add(line);
  return [...violations].sort();
}

/** @type {Record<string, string>} */
const ADVICE = {
  "api-deep-import": "import the module's index.ts, its public face; export what is needed there",
  "api-cycle": "modules import one way: move what both need below them (kernel/) or invert the dependency",
  "api-table-writer": "only a table's owner writes it: call a function of the owner's index.ts",
};

/**
 * Violations not in the baseline, and baseline lines no longer seen.
 * @param {string[]} found
 * @param {string[]} baseline
 */
export function compareWithBaseline(found, baseline) {
  const known = new Set(baseline);
  const seen = new Set(found);
  return {
    added: found.filter((line) => !known.has(line)),
    gone: baseline.filter((line) => !seen.has(line)),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const given = process.argv.slice(2).find((arg) => !arg.startsWith("--"));
  const root = path.resolve(given ?? path.join(path.dirname(fileURLToPath(import.meta.url)), ".."));
  /** @type {string[]} */
  let baseline = [];
  try {
    baseline = JSON.parse(readFileSync(path.join(root, BASELINE), "utf8")).known;
  } catch {
    // No baseline: every violation counts.
  }
  const found = apiModuleViolations(root);
  if (process.argv.includes("--write-baseline")) {
    console.log(JSON.stringify({ known: found }, null, 2));
    process.exit(0);
  }
  const { added, gone } = compareWithBaseline(found, baseline);
  for (const line of added) console.error(`${line}  (${ADVICE[line.split(":")[0] ?? ""]})`);
  for (const line of gone) console.error(`fixed, remove it from ${BASELINE}: ${line}`);
  if (added.length + gone.length > 0) process.exit(1);
  console.log(
    `API modules: no new deep import, cycle or write to another owner's table (${baseline.length} known, listed in ${BASELINE}).`,
  );
}
