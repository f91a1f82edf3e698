#!/usr/bin/env node
// Import boundaries, checked on every `npm run lint` (docs/decisions/022-import-boundaries.md):
//   feature-deep-import  apps/web/app/features/A imports a file of features/B other than B's
//                        index.ts, its public face (decision 053; routes may import any file)
//   feature-cycle        features that import each other, directly or round a longer loop
//   upward               components/, lib/, content/ must not import features/ or routes/;
//                        features/ must not import routes/
//   shared-to-apps       packages/** must not import apps/**
//   web-to-api           apps/web must not import apps/api, and
//   api-to-web           apps/api must not import apps/web
// It reads static imports and re-exports (also across lines), side-effect imports and dynamic
// `import("...")`, resolving `~/` (apps/web/app) and relative paths. Plain Node, no dependency.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cyclesOf } from "./module-graph.mjs";
import { filesUnder } from "./source-files.mjs";

const SOURCE = /\.(?:[cm]?[jt]sx?)$/;
const SCANNED_ROOTS = ["apps/web", "apps/api", "packages"];
const WEB_APP = "apps/web/app";

/**
 * An import that breaks a rule, or a loop of features (line 0, the features' folder, the loop as specifier).
 * @typedef {{ file: string, line: number, rule: keyof typeof RULE_ADVICE, specifier: string }} Violation
 */

const RULE_ADVICE = {
  "feature-deep-import": "import the feature's index.ts, its public face; export what is needed there",
  "feature-cycle": "features import one way: move what both use to components/ui, lib or packages/shared",
  upward: "imports point down: routes -> features -> components/ui, lib, content",
  "shared-to-apps": "packages/shared is used by the apps and never uses them",
  "web-to-api": "the web app talks to the API over HTTP only; shared code lives in packages/shared",
  "api-to-web": "the API never imports the web app; shared code lives in packages/shared",
};

/**
 * Every source file under the scanned roots, as paths relative to `root` with "/" separators.
 * @param {string} root
 */
const sourceFiles = (root) => filesUnder(root, SCANNED_ROOTS, (name) => SOURCE.test(name) && !name.endsWith(".d.ts"));

/**
 * The text with comments blanked (newlines kept, so line numbers hold). Strings are skipped as they
 * are, so `"http://x"` survives; a quote inside a regular expression only affects its own line.
 * @param {string} text
 */
export function blankComments(text) {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (c === "/" && next === "/") {
      while (i < text.length && text[i] !== "\n") {
        out += " ";
        i += 1;
      }
    } else if (c === "/" && next === "*") {
      const end = text.indexOf("*/", i + 2);
      const stop = end === -1 ? text.length : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, " ");
      i = stop;
    } else if (c === '"' || c === "'" || c === "`") {
      let j = i + 1;
      while (j < text.length && text[j] !== c && (c === "`" || text[j] !== "\n")) j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}

const IMPORT_PATTERNS = [
  // import x from "a"; import type { A, B } from "a"; import * as x from "a" (across lines too)
  /(?<![\w$.])import\s+(?:type\s+)?[\w$\s{},*]+?\s*from\s*(["'])([^"'\n]+)\1/g,
  // import "a";
  /(?<![\w$.])import\s*(["'])([^"'\n]+)\1/g,
  // export * from "a"; export * as x from "a"; export { a, type B } from "a"
  /(?<![\w$.])export\s+(?:type\s+)?(?:\*(?:\s+as\s+[\w$]+)?|\{[\w$\s,]*\})\s*from\s*(["'])([^"'\n]+)\1/g,
  // import("a")
  /(?<![\w$.])import\s*\(\s*(["'`])([^"'`\n]+)\1\s*\)/g,
];

/**
 * The module specifiers a file imports, with the line each import starts on.
 * @param {string} text
 */
export function importsOf(text) {
  const code = blankComments(text);
  /** @type {{ specifier: string, line: number }[]} */
  const found = [];
  for (const pattern of IMPORT_PATTERNS) {
    for (const match of code.matchAll(pattern)) {
      const line = code.slice(0, match.index).split("\n").length;
      // Every pattern captures the specifier as its second group.
      found.push({ specifier: match[2] ?? "", line });
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

/**
 * Where a specifier points inside the repository (relative path), or null for an outside package.
 * @param {string} file
 * @param {string} specifier
 */
function resolveSpecifier(file, specifier) {
  if (specifier.startsWith("~/")) return file.startsWith("apps/web/") ? `${WEB_APP}/${specifier.slice(2)}` : null;
  if (specifier.startsWith("./") || specifier.startsWith("../")) {
    return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  }
  if (specifier === "@app/web" || specifier.startsWith("@app/web/")) return "apps/web";
  if (specifier === "@app/api" || specifier.startsWith("@app/api/")) return "apps/api";
  return null;
}

/** @param {string} file @param {string} folder */
const under = (file, folder) => file === folder || file.startsWith(`${folder}/`);
/** @param {string} file */
const featureOf = (file) => (under(file, `${WEB_APP}/features`) ? file.split("/")[4] : undefined);
const FACES = ["", "/index", "/index.ts", "/index.tsx"];
/** @param {string} target @param {string} feature */
const isFace = (target, feature) => FACES.some((end) => target === `${WEB_APP}/features/${feature}${end}`);

/**
 * The rule an import from `file` to `target` breaks, if any.
 * @param {string} file
 * @param {string} target
 * @returns {Violation["rule"] | null}
 */
export function ruleBroken(file, target) {
  if (under(file, "packages") && under(target, "apps")) return "shared-to-apps";
  if (under(file, "apps/web") && under(target, "apps/api")) return "web-to-api";
  if (under(file, "apps/api") && under(target, "apps/web")) return "api-to-web";
  const from = featureOf(file);
  const to = featureOf(target);
  if (from && to && from !== to && !isFace(target, to)) return "feature-deep-import";
  const lower = ["components", "lib", "content"].some((folder) => under(file, `${WEB_APP}/${folder}`));
  if (lower && (to || under(target, `${WEB_APP}/routes`))) return "upward";
  if (from && under(target, `${WEB_APP}/routes`)) return "upward";
  return null;
}

/**
 * Every violation under `root`: `{ file, line, rule, specifier }`, in file order; then each loop of
 * features, as `{ rule: "feature-cycle", specifier: "a <-> b" }` at the features' folder.
 * @param {string} root
 */
export function checkBoundaries(root) {
  /** @type {Violation[]} */
  const violations = [];
  /** @type {Map<string, Set<string>>} */
  const features = new Map();
  for (const file of sourceFiles(root)) {
    const text = readFileSync(path.join(root, file), "utf8");
    for (const { specifier, line } of importsOf(text)) {
      const target = resolveSpecifier(file, specifier);
      const rule = target && ruleBroken(file, target);
      if (rule) violations.push({ file, line, rule, specifier });
      const [from, to] = [featureOf(file), target && featureOf(target)];
      if (from && to && from !== to && !/\.test\.tsx?$/.test(file)) {
        if (!features.has(from)) features.set(from, new Set());
        features.get(from)?.add(to);
      }
    }
  }
  for (const group of cyclesOf(features)) {
    violations.push({ file: `${WEB_APP}/features`, line: 0, rule: "feature-cycle", specifier: group.join(" <-> ") });
  }
  return violations;
}

/** @param {Violation} violation */
export const describeViolation = ({ file, line, rule, specifier }) =>
  rule === "feature-cycle"
    ? `${file}  ${rule}: ${specifier} (${RULE_ADVICE[rule]})`
    : `${file}:${line}  ${rule}: imports "${specifier}" (${RULE_ADVICE[rule]})`;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), ".."));
  const violations = checkBoundaries(root);
  for (const violation of violations) console.error(describeViolation(violation));
  if (violations.length > 0) {
    console.error(`${violations.length} import boundary violation(s); see docs/decisions/022-import-boundaries.md`);
    process.exit(1);
  }
  console.log("Import boundaries: no violation.");
}
