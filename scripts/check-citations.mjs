#!/usr/bin/env node
// What comments and tests cite can be opened in the repository, checked on every `npm run lint`:
//   issue N               has its row in docs/issues.md
//   spec section N        is a numbered section of docs/spec.md (the product spec)
//   decision NNN          (also "decisions 039", "docs/decisions/037") is a record in docs/decisions/
//   docs/….md             names a file that exists
// Usage: node scripts/check-citations.mjs [root]. Plain Node, no dependency.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { filesUnder } from "./source-files.mjs";

const SCANNED = ["apps", "packages", "scripts", "e2e", "bench", "docs"];
const SOURCE = /\.(?:[cm]?[jt]sx?|md|sql)$/;

/** @param {string} root */
const files = (root) => filesUnder(root, SCANNED, (name) => SOURCE.test(name), [".tmp", "drizzle"]);

/**
 * What the repository offers to be cited: issue rows, spec sections, decision numbers.
 * @param {string} root
 */
function citable(root) {
  /** @param {string} file */
  const read = (file) => (existsSync(path.join(root, file)) ? readFileSync(path.join(root, file), "utf8") : "");
  const issues = new Set([...read("docs/issues.md").matchAll(/^\| (\d+) \|/gm)].map(([, number]) => number));
  const sections = new Set([...read("docs/spec.md").matchAll(/^## (\d+)\. /gm)].map(([, number]) => number));
  /** @type {string[]} */
  let decisions = [];
  try {
    decisions = readdirSync(path.join(root, "docs/decisions")).filter((file) => /^\d{3}-/.test(file));
  } catch {
    // No decisions folder: every cited decision is missing.
  }
  return { issues, sections, decisions: new Set(decisions.map((file) => file.slice(0, 3))) };
}

/**
 * Each citation that leads nowhere, as `file:line: what`.
 * @param {string} root
 */
export function brokenCitations(root) {
  const { issues, sections, decisions } = citable(root);
  /** @type {string[]} */
  const broken = [];
  for (const file of files(root)) {
    // The cited documents themselves, and this checker's test, which plants broken citations.
    if (["docs/issues.md", "docs/spec.md", "scripts/check-citations.test.mjs"].includes(file)) continue;
    const lines = readFileSync(path.join(root, file), "utf8").split("\n");
    lines.forEach((line, index) => {
      const at = `${file}:${index + 1}`;
      for (const [cited, number] of line.matchAll(/\bissues? (\d+)\b/gi))
        if (!issues.has(number)) broken.push(`${at}: "${cited}" has no row in docs/issues.md`);
      for (const [cited, number] of line.matchAll(/\bspec section (\d+)\b/gi))
        if (!sections.has(number)) broken.push(`${at}: "${cited}" is not a section of docs/spec.md`);
      for (const [cited, number = ""] of line.matchAll(/\bdecisions?\/?\s?(\d{3})\b/gi))
        if (!decisions.has(number)) broken.push(`${at}: "${cited}" is not in docs/decisions/`);
      // A pattern such as docs/decisions/NNN-name.md describes files rather than naming one.
      for (const [cited] of line.matchAll(/\bdocs\/[\w./-]+\.md\b/g))
        if (!/NNN/.test(cited) && !existsSync(path.join(root, cited))) broken.push(`${at}: ${cited} does not exist`);
    });
  }
  return broken;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const given = process.argv.slice(2).find((arg) => !arg.startsWith("--"));
  const root = path.resolve(given ?? path.join(path.dirname(fileURLToPath(import.meta.url)), ".."));
  const broken = brokenCitations(root);
  if (broken.length > 0) {
    console.error(`Citations that lead nowhere (${broken.length}):\n${broken.map((line) => `  ${line}`).join("\n")}`);
    console.error("Cite what the repository holds: docs/issues.md, docs/spec.md, docs/decisions/, docs/*.md.");
    process.exitCode = 1;
  } else {
    console.log("Citations: every issue, spec section, decision and doc cited is in the repository.");
  }
}
