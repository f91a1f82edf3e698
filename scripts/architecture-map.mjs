#!/usr/bin/env node
// The generated parts of docs/architecture.md, checked on every `npm run lint`:
//   module graph   which API module imports which (the imports check-api-modules.mjs reads)
//   pages          each address of the web app and the route file that draws it (apps/web/app/routes.ts)
//   API routes     each API address and the file that declares it (apps/api/src; an API test checks
//                  that this finds every route the app registers, so the table cannot fall behind)
// `node scripts/architecture-map.mjs --write` rewrites them in place; without it a stale map fails.
// Plain Node, no dependency.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { apiModuleGraph } from "./check-api-modules.mjs";
import { filesUnder } from "./source-files.mjs";

const DOC = "docs/architecture.md";
const API_SOURCE = "apps/api/src";
const WEB_ROUTES = "apps/web/app/routes.ts";
const METHODS = "get|post|put|patch|delete";
/** `app.get("/x"`, `api.post<{…}>(\n  "/x"`: a route declared with its address written out. */
const ROUTE_CALL = new RegExp(String.raw`\b\w+\.(${METHODS})(?:<[^()]*?>)?\(\s*"(\/[^"]*)"`, "g");
/** `app.route({ method: "GET", url: "/x"`, the other way Fastify takes a route. */
const ROUTE_OBJECT = /\bmethod:\s*"([A-Z]+)",\s*url:\s*"(\/[^"]*)"/g;
/** `api.register(thing` inside app.ts's `/api` block, `app.register(thing` outside it. */
const REGISTER = /\b(api|app)\.register\(\s*(\w+)/g;

/**
 * The API's source files outside tests, relative to `root`.
 * @param {string} root
 */
const apiSourceFiles = (root) =>
  filesUnder(root, [API_SOURCE], (name) => /\.ts$/.test(name) && !/\.test\.ts$/.test(name) && !name.endsWith(".d.ts"));

/**
 * Which files app.ts registers under `/api` and which at the root, by the plugins they export.
 * @param {string} root
 * @returns {Map<string, string>} file -> prefix
 */
function registrations(root) {
  const app = readFileSync(path.join(root, API_SOURCE, "app.ts"), "utf8");
  /** @type {Map<string, string>} */
  const fileOf = new Map();
  for (const [, names = "", from = ""] of app.matchAll(/^import \{([^}]*)\} from "(\.[^"]+)";$/gm)) {
    for (const name of names.split(",").map((part) => part.replace(/^\s*type\s+/, "").trim()))
      if (name) fileOf.set(name, path.posix.join(API_SOURCE, from));
  }
  /** @type {Map<string, string>} */
  const prefixOf = new Map();
  for (const [, on, plugin = ""] of app.matchAll(REGISTER)) {
    const file = fileOf.get(plugin);
    if (file) prefixOf.set(file, on === "api" ? "/api" : "");
  }
  return prefixOf;
}

/**
 * Every route the API declares with its address written out: method, full address and file. A file
 * that app.ts does not register itself takes the prefix of the registered file that imports it.
 * @param {string} root
 * @returns {import("./architecture-map.d.mts").ApiRoute[]}
 */
export function apiRoutes(root) {
  const prefixOf = registrations(root);
  const files = apiSourceFiles(root);
  const texts = new Map(files.map((file) => [file, readFileSync(path.join(root, file), "utf8")]));
  /** @param {string} file */
  const prefixFor = (file) => {
    if (prefixOf.has(file)) return prefixOf.get(file);
    for (const [registered, prefix] of prefixOf) {
      const imports = [...(texts.get(registered) ?? "").matchAll(/from "(\.[^"]+)"/g)].map(([, to = ""]) =>
        path.posix.normalize(path.posix.join(path.posix.dirname(registered), to)),
      );
      if (imports.includes(file)) return prefix;
    }
    return undefined;
  };
  /** @type {import("./architecture-map.d.mts").ApiRoute[]} */
  const routes = [];
  for (const [file, text] of texts) {
    const declared = [
      ...[...text.matchAll(ROUTE_CALL)].map(([, method = "", url = ""]) => ({ method: method.toUpperCase(), url })),
      ...[...text.matchAll(ROUTE_OBJECT)].map(([, method = "", url = ""]) => ({ method, url })),
    ];
    if (declared.length === 0) continue;
    const prefix = prefixFor(file);
    if (prefix === undefined) continue;
    for (const { method, url } of declared) routes.push({ method, url: `${prefix}${url}`, file });
  }
  return routes.sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
}

/**
 * Each address of the web app with the route file that draws it and the layouts around it.
 * @param {string} root
 * @returns {import("./architecture-map.d.mts").WebPage[]}
 */
export function webPages(root) {
  const text = readFileSync(path.join(root, WEB_ROUTES), "utf8");
  /** @type {import("./architecture-map.d.mts").WebPage[]} */
  const pages = [];
  /** @type {{ path: string | undefined, layout: string }[]} */
  const frames = []; // { path, layout } per open `[`
  const call = /\b(layout|index|route)\(\s*(?:"([^"]*)",\s*)?"([^"]+)"(,\s*\[)?/g;
  const closing = /\]\)/g;
  /**
   * A route call, or the end of a list of children.
   * @type {({ at: number, match: RegExpExecArray, close?: undefined } | { at: number, match?: undefined, close: true })[]}
   */
  const events = [
    ...[...text.matchAll(call)].map((match) => ({ at: match.index, match })),
    ...[...text.matchAll(closing)].map((match) => ({ at: match.index, close: /** @type {const} */ (true) })),
  ].sort((a, b) => a.at - b.at);
  const base = () => frames.map((frame) => frame.path).filter(Boolean);
  const layouts = () => frames.map((frame) => frame.layout);
  for (const event of events) {
    if (event.close) {
      frames.pop();
      continue;
    }
    const [, kind, first, second, opens] = event.match;
    const file = `apps/web/app/${second}`;
    if (kind === "layout") {
      frames.push({ path: "", layout: file });
      continue;
    }
    const own = kind === "index" ? "" : first;
    const url = `/${[...base(), own].filter(Boolean).join("/")}`;
    pages.push({ url, file, layouts: layouts() });
    if (opens) frames.push({ path: own, layout: file });
  }
  return pages;
}

/**
 * The address up to its first part after `/api`, or the page's first part: what the table groups by.
 * @param {string} url
 */
const prefixOfUrl = (url) => {
  const parts = url.split("/").filter(Boolean);
  return `/${parts.slice(0, parts[0] === "api" ? 2 : 1).join("/")}`;
};

/** @param {string[]} files */
const cellOf = (files) => [...new Set(files)].map((file) => `\`${file}\``).join("<br>");

/**
 * The three generated sections, as markdown.
 * @param {string} root
 */
export function architectureMap(root) {
  const edges = apiModuleGraph(root);
  const graph = [
    "```mermaid",
    "graph LR",
    ...[...edges.keys()]
      .sort()
      .flatMap((from) => [...(edges.get(from) ?? [])].sort().map((to) => `  ${from} --> ${to.replace(/\.ts$/, "")}`)),
    "```",
  ].join("\n");
  const pages = [
    "| address | route file | inside |",
    "|---|---|---|",
    ...webPages(root).map(
      ({ url, file, layouts }) =>
        `| \`${url}\` | \`${file}\` | ${layouts.map((layout) => `\`${path.posix.basename(layout)}\``).join(" › ")} |`,
    ),
  ].join("\n");
  /** @type {Map<string, { count: number, files: string[] }>} */
  const groups = new Map();
  for (const route of apiRoutes(root)) {
    const prefix = prefixOfUrl(route.url);
    const group = groups.get(prefix) ?? { count: 0, files: [] };
    groups.set(prefix, group);
    group.count += 1;
    group.files.push(route.file);
  }
  const api = [
    "| address | routes | declared in |",
    "|---|---:|---|",
    ...[...groups].map(([prefix, { count, files }]) => `| \`${prefix}…\` | ${count} | ${cellOf(files)} |`),
  ].join("\n");
  return { "module-graph": graph, pages, "api-routes": api };
}

/**
 * The document with each generated section replaced by `sections`; throws when a marker is missing.
 * @param {string} document
 * @param {Record<string, string>} sections
 */
export function withSections(document, sections) {
  let out = document;
  for (const [name, body] of Object.entries(sections)) {
    const start = `<!-- generated:${name} -->`;
    const end = `<!-- /generated:${name} -->`;
    const from = out.indexOf(start);
    const to = out.indexOf(end);
    if (from < 0 || to < from) throw new Error(`${DOC} lacks the markers ${start} … ${end}`);
    out = `${out.slice(0, from + start.length)}\n${body}\n${out.slice(to)}`;
  }
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const document = readFileSync(path.join(root, DOC), "utf8");
  const current = withSections(document, architectureMap(root));
  if (process.argv.includes("--write")) {
    writeFileSync(path.join(root, DOC), current);
    console.log(`${DOC}: generated sections rewritten.`);
  } else if (current !== document) {
    console.error(`${DOC} is out of date: run \`node scripts/architecture-map.mjs --write\` and commit it.`);
    process.exitCode = 1;
  } else {
    console.log(`${DOC}: module graph, pages and API routes are current.`);
  }
}
