// `npm run bench:web` — Lighthouse (mobile) on every public page after a publish through the API,
// real page vs. its no-JS copy, medians of N interleaved runs, verdicts against docs "quality bars"
// (Web), Markdown report.
//   node bench/web/run.mjs [--runs 5] [--pages /,/productos] [--out file.md]
// Exit code is 0 when targets are missed (it is a report); non-zero only if the benchmark broke.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { measureInteractivity } from "./interactivity.mjs";
import { CHROME_PATH, killAllChromes, runLighthouse } from "./lighthouse-runner.mjs";
import { checkHeroVideo } from "./motion-check.mjs";
import { fetchPages, makeNoJsCopy, pagesToCopy, serveStatic, snapshotBuild } from "./nojs-copy.mjs";
import { publishChanges } from "./publish.mjs";
import {
  aggregateInteractivity,
  aggregatePage,
  interactivityTable,
  markdown,
  textTable,
  verdictLines,
  verdicts,
} from "./report.mjs";
import { freePort, startRealServer } from "./server.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, "../..");
const TMP = path.join(HERE, ".tmp"); // git-ignored
// The whole build: `client` (the browser's files) and `server` (the server build the API renders with).
const BUILD = path.join(REPO, "apps/web/build");
const DOC = path.join(REPO, "docs/benchmarks/web.md");

const ALL_PAGES = [
  "/",
  "/productos",
  "/servicios",
  "/contacto",
  "/login",
  "/fianzas",
  "/seguros",
  "/terminos",
  "/privacidad",
  "/productos/danisaraba",
];
const DEFAULT_RUNS = 5;

const { values: args } = parseArgs({
  options: { runs: { type: "string" }, pages: { type: "string" }, out: { type: "string" } },
});
const runs = Number(args.runs ?? DEFAULT_RUNS);
const pages = args.pages
  ? args.pages
      .split(",")
      .map((page) => page.trim())
      .filter(Boolean)
  : ALL_PAGES;
if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs must be a positive integer");
// A quick run must not overwrite the committed report of a full run.
const fullRun = !args.pages && runs >= DEFAULT_RUNS;
const outFile = args.out ? path.resolve(args.out) : fullRun ? DOC : path.join(TMP, "web-partial.md");

// Everything started here is stopped here, once, also on errors and Ctrl-C.
/** @type {(() => Promise<unknown>)[]} */
const cleanups = [];
/** @type {Awaited<ReturnType<typeof startRealServer>> | undefined} */
let realServer;
/** @type {Promise<void> | undefined} */
let cleaning;
function cleanup() {
  cleaning ??= (async () => {
    for (const stop of cleanups.reverse()) await stop().catch((error) => console.error("cleanup:", error.message));
  })();
  return cleaning;
}
for (const [signal, code] of /** @type {const} */ ([
  ["SIGINT", 130],
  ["SIGTERM", 143],
])) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping the servers and browsers…`);
    killAllChromes();
    cleanup().finally(() => process.exit(code));
  });
}
// If the process dies some other way, at least do not leave the server group or a Chrome behind.
process.on("exit", () => {
  realServer?.killNow();
  killAllChromes();
});

function machine() {
  let chromium = "Chromium (unknown version)";
  try {
    chromium = execFileSync(CHROME_PATH, ["--version"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    // Reported as unknown.
  }
  const lighthouse = JSON.parse(readFileSync(path.join(REPO, "node_modules/lighthouse/package.json"), "utf8")).version;
  return { nproc: os.availableParallelism(), node: process.version, chromium, lighthouse };
}

/**
 * gzip size of a built file: its .gz sibling, or gzip -9 of it (small files are not precompressed).
 * @param {string} clientDir
 * @param {string} url
 */
function gzipSize(clientDir, url) {
  const file = path.join(clientDir, new URL(url).pathname);
  if (!existsSync(file)) return 0;
  return existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : gzipSync(readFileSync(file), { level: 9 }).length;
}

/**
 * Modules only the CRM routes can reach, from React Router's manifest in the build. A route's
 * manifest entry lists its static imports only: both sides are followed through every chunk a module
 * names (static imports, and the chunks it loads on demand, such as the contact form's), so a chunk
 * the public form loads lazily and the CRM also uses counts as public.
 * @param {string} clientDir
 */
function crmOnlyModules(clientDir) {
  const assets = path.join(clientDir, "assets");
  const file = readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) return [];
  const text = readFileSync(path.join(assets, file), "utf8");
  /** @typedef {{ module?: string, imports?: string[] }} ManifestEntry */
  /** @type {{ entry: ManifestEntry, routes: Record<string, ManifestEntry & { id: string }> }} */
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
  /** @param {ManifestEntry} entry */
  const modulesOf = (entry) => /** @type {string[]} */ ([entry.module, ...(entry.imports ?? [])].filter(Boolean));
  /** @param {string[]} modules */
  const reachable = (modules) => {
    /** @type {Set<string>} */
    const seen = new Set();
    /** @param {string} module */
    const visit = (module) => {
      if (seen.has(module)) return;
      seen.add(module);
      const source = path.join(clientDir, module);
      if (!existsSync(source)) return;
      for (const [name] of readFileSync(source, "utf8").matchAll(/[\w.-]+\.js(?=["'])/g)) {
        if (existsSync(path.join(assets, name))) visit(`/assets/${name}`);
      }
    };
    for (const module of modules) visit(module);
    return seen;
  };
  const routes = Object.values(manifest.routes);
  /** @param {{ id: string }} route */
  const isCrm = (route) => /crm/i.test(route.id);
  const publicModules = reachable([
    ...modulesOf(manifest.entry),
    ...routes.filter((r) => !isCrm(r)).flatMap(modulesOf),
  ]);
  return [...reachable(routes.filter(isCrm).flatMap(modulesOf))].filter((module) => !publicModules.has(module));
}

/**
 * @param {string} label
 * @param {string} url
 */
async function measure(label, url) {
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    try {
      return await runLighthouse(url);
    } catch (error) {
      console.error(`  ${label} ${url}: attempt ${attempt} failed: ${/** @type {Error} */ (error).message}`);
    }
  }
  return undefined;
}

async function main() {
  const started = Date.now();
  const loadStart = (os.loadavg()[0] ?? 0).toFixed(1);
  mkdirSync(TMP, { recursive: true });

  // 1. The build (client and server), frozen for this run.
  const built = spawnSync(process.execPath, ["scripts/ensure-build.mjs"], { cwd: REPO, stdio: "inherit" });
  if (built.status !== 0) throw new Error("scripts/ensure-build.mjs failed");
  const buildDir = path.join(TMP, "build");
  const clientDir = path.join(buildDir, "client");
  const buildStamp = snapshotBuild(BUILD, buildDir);
  console.log(`Build ${buildStamp}: snapshot in ${path.relative(REPO, buildDir)}.`);

  // 2. The real server (own process group), rendering the pages with the snapshot's server build.
  realServer = await startRealServer({
    repoRoot: REPO,
    port: await freePort(3200),
    webDist: clientDir,
    logFile: path.join(TMP, "server.log"),
  });
  const server = realServer;
  cleanups.push(() => server.stop());
  console.log(`Real site ${realServer.url} (pid group ${realServer.pid})`);

  // 3. Measured after edits (issue 17): publish first, and only go on once the pages show it.
  const published = await publishChanges(realServer.url, realServer.admin);
  for (const change of published) console.log(`Published ${change.what}: published → live in ${change.ms} ms`);

  // 4. The no-JS copy of the same pages as the real server renders them now, and its static server.
  const copyDir = path.join(TMP, "nojs");
  const renderedPages = await fetchPages(realServer.url, await pagesToCopy(realServer.url, [...ALL_PAGES, ...pages]));
  const missingFiles = await makeNoJsCopy({ baseUrl: realServer.url, clientDir, pages: renderedPages, dest: copyDir });
  for (const { url, pages: from } of missingFiles)
    console.log(`WARNING: ${url} is referenced (${from[0]}…) but neither in the build nor served`);
  const copyServer = await serveStatic(copyDir, 0);
  cleanups.push(() => copyServer.close());
  console.log(
    `No-JS copy ${copyServer.url}: ${renderedPages.size} pages fetched from the real server, scripts removed.`,
  );

  // 5. Hero video behaviour (only "/" has the hero video).
  /** @type {import("./report.mjs").Extra["video"]} */
  let video;
  if (pages.includes("/")) {
    video = await checkHeroVideo(realServer.url);
    console.log(
      `Hero video: normal ${JSON.stringify(video.normal)}, reduced motion ${JSON.stringify(video.reduced.requested)}, ` +
        `Save-Data ${JSON.stringify(video.saveData.requested)}`,
    );
  }

  // 6. Lighthouse: one discarded warm-up pair, then real/copy interleaved so both see the same noise.
  await measure("warm-up", `${realServer.url}${pages[0]}`);
  await measure("warm-up", `${copyServer.url}${pages[0]}`);
  const reportsDir = path.join(TMP, "lhr");
  mkdirSync(reportsDir, { recursive: true });
  /** @type {import("./report.mjs").PageRow[]} */
  const rows = [];
  /** @type {Map<string, string[]>} */
  const scriptsByPage = new Map();
  for (const [pageIndex, page] of pages.entries()) {
    /** @type {import("./report.mjs").RunSummary[]} */
    const real = [];
    /** @type {import("./report.mjs").RunSummary[]} */
    const copy = [];
    for (let run = 1; run <= runs; run += 1) {
      for (const [kind, base, into] of /** @type {const} */ ([
        ["real", realServer.url, real],
        ["copy", copyServer.url, copy],
      ])) {
        const result = await measure(kind, `${base}${page}`);
        if (!result) continue;
        into.push(result.summary);
        // The last raw report of each kind stays in .tmp for a closer look in Lighthouse's viewer.
        writeFileSync(path.join(reportsDir, `${page.replaceAll("/", "_") || "_"}-${kind}.json`), result.report);
        const s = result.summary;
        console.log(
          `[${pageIndex + 1}/${pages.length} ${run}/${runs}] ${kind.padEnd(4)} ${page.padEnd(22)} perf ${s.scores.performance} ` +
            `FCP ${((s.fcp ?? Number.NaN) / 1000).toFixed(2)} s LCP ${((s.lcp ?? Number.NaN) / 1000).toFixed(2)} s TBT ${Math.round(s.tbt ?? Number.NaN)} ms ` +
            // Lighthouse measures CLS in every run it completes.
            `CLS ${/** @type {number} */ (s.cls).toFixed(3)} (CPU index ${Math.round(s.benchmarkIndex ?? Number.NaN)})`,
        );
      }
    }
    if (real.length === 0 || copy.length === 0) {
      console.error(`No successful run for ${page}: left out of the table.`);
      continue;
    }
    rows.push(aggregatePage(page, real, copy));
    scriptsByPage.set(page, [...new Set(real.flatMap((summary) => summary.scripts.map((script) => script.url)))]);
  }

  // 7. Interactivity on a phone (375 px, 4x CPU): when each control starts working, long tasks, a tap
  // during hydration; same servers, real and copy interleaved.
  const interactivity = aggregateInteractivity(
    await measureInteractivity({ realUrl: realServer.url, copyUrl: copyServer.url, pages, runs }),
  );
  console.log(`\n${interactivityTable(interactivity)}`);

  // 8. Per-run facts: JS gzip on "/", hero webm files, CRM-only modules loaded by public pages.
  /** @type {import("./report.mjs").Extra & Required<Pick<import("./report.mjs").Extra, "published">>} */
  const extra = { video, missingFiles, interactivity, published };
  const homeScripts = scriptsByPage.get("/");
  if (homeScripts) {
    extra.homeJsGzip = homeScripts.reduce((total, url) => total + gzipSize(clientDir, url), 0);
    extra.homeJsFiles = homeScripts.length;
  }
  const heroDir = path.join(clientDir, "media/hero");
  if (pages.includes("/") && existsSync(heroDir)) {
    extra.heroVideos = readdirSync(heroDir)
      .filter((name) => name.endsWith(".webm"))
      .map((name) => ({ name, bytes: statSync(path.join(heroDir, name)).size }));
  }
  const crmModules = crmOnlyModules(clientDir);
  extra.crm = {
    modules: crmModules,
    loaded: [...scriptsByPage].flatMap(([page, urls]) =>
      urls
        .filter((url) => crmModules.includes(new URL(url).pathname))
        .map((url) => ({ page, url: new URL(url).pathname })),
    ),
  };

  const list = verdicts(rows, extra);
  console.log(`\n${textTable(rows)}\n\n${verdictLines(list).join("\n")}`);
  const missed = list.filter((item) => !item.ok).length;
  console.log(missed ? `\n${missed} target(s) MISSED.` : "\nAll targets met.");

  const command = `node bench/web/run.mjs${process.argv.slice(2).length ? ` ${process.argv.slice(2).join(" ")}` : ""}`;
  const meta = {
    ...machine(),
    command,
    date: `${new Date().toISOString().replace("T", " ").slice(0, 16)} UTC`,
    buildStamp,
    loadStart,
    loadEnd: (os.loadavg()[0] ?? 0).toFixed(1),
    runs,
    minutes: ((Date.now() - started) / 60_000).toFixed(1),
  };
  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(outFile, markdown({ rows, list, meta, extra }));
  console.log(
    `Report written to ${path.relative(REPO, outFile)}${fullRun ? "" : " (partial run: docs/benchmarks/web.md untouched)"}`,
  );
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
// Lighthouse can leave timers behind; the report is written, so leave now.
process.exit(process.exitCode ?? 0);
