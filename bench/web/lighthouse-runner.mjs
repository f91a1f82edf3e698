// One Lighthouse run = one fresh Chromium (no cache, cookies or warm-up shared between the real page
// and its no-JS copy) with Lighthouse's default config: mobile emulation, simulated throttling.
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { CHROME_PATH, CHROMIUM_ARGS } from "../../scripts/chromium.mjs";

export { CHROME_PATH };

export const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_ARGS];

/**
 * As much of a Lighthouse result (its LHR) as is read here. An audit's details are a table whose
 * columns depend on the audit: each reader says which.
 * @typedef {object} Lhr
 * @property {string} [finalDisplayedUrl]
 * @property {string} [requestedUrl]
 * @property {Record<string, LhrCategory | undefined>} categories
 * @property {Record<string, LhrAudit | undefined>} audits
 * @property {{ benchmarkIndex: number }} [environment]
 * @property {string[]} [runWarnings]
 * @typedef {{ score: number | null, auditRefs: { id: string, weight: number }[] }} LhrCategory
 * @typedef {{ id: string, score: number | null, numericValue?: number, details?: LhrDetails }} LhrAudit
 * @typedef {{ type: string, items?: unknown }} LhrDetails
 */
/** @typedef {ReturnType<typeof summarize>} RunSummary */

/** Debian's Chromium driven by playwright-core, with the bench's flags; the bench stops it itself. */
export function launchPlaywrightChromium() {
  return chromium.launch({
    executablePath: CHROME_PATH,
    headless: true,
    args: CHROME_FLAGS.filter((flag) => !flag.startsWith("--headless")),
    handleSIGINT: false,
    handleSIGTERM: false,
  });
}

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

// Chromes alive right now, so an interrupted run can close them (chrome-launcher starts them detached).
/** @type {Set<import("chrome-launcher").LaunchedChrome>} */
const running = new Set();
export function killAllChromes() {
  for (const chrome of running) {
    try {
      process.kill(chrome.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  running.clear();
}

/** @param {{ resourceType?: string, url: string }} item */
const isVideo = (item) => item.resourceType === "Media" || /\.(webm|mp4)(\?|$)/.test(item.url);

/**
 * Audits of a category that count (weight > 0) and did not get full marks.
 * @param {Lhr} lhr
 * @param {string} category
 */
function failingAudits(lhr, category) {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 1)
    .map((audit) => /** @type {LhrAudit} */ (audit).id);
}

/**
 * LCP element and the time spent in each LCP phase (TTFB, load delay, load time, render delay).
 * @param {Lhr} lhr
 */
function lcpDetails(lhr) {
  // Two tables: the element's node, then one row per phase.
  const lists =
    /** @type {{ items?: { node?: { snippet?: string, selector?: string }, phase: string, timing: number }[] }[]} */ (
      lhr.audits["largest-contentful-paint-element"]?.details?.items ?? []
    );
  const node = lists[0]?.items?.[0]?.node;
  const phases = Object.fromEntries((lists[1]?.items ?? []).map((row) => [row.phase, Math.round(row.timing)]));
  return { element: node ? node.snippet || node.selector || "" : "", phases };
}

/**
 * The longest task Lighthouse attributes to one of the page's own scripts (a `.js` file of the page's
 * origin), in its simulated 4x-CPU time; 0 when there is none. Its `long-tasks` audit lists tasks of
 * 50 ms or more only, each under the script on its stack (or the page's address: parsing, style and
 * layout of the HTML, the browser's own work that the no-JS copy has too; or "Unattributable").
 * @param {Pick<Lhr, "finalDisplayedUrl" | "requestedUrl">
 *   & { audits: Record<string, { details?: Partial<LhrDetails> } | undefined> }} lhr
 */
export function ownScriptLongestTask(lhr) {
  const origin = new URL(lhr.finalDisplayedUrl ?? lhr.requestedUrl ?? "").origin;
  /** @param {string} url */
  const own = (url) => {
    try {
      const parsed = new URL(url);
      return parsed.origin === origin && parsed.pathname.endsWith(".js");
    } catch {
      return false;
    }
  };
  const items = /** @type {{ url: string, duration: number }[]} */ (lhr.audits["long-tasks"]?.details?.items ?? []);
  const tasks = items.filter((item) => own(item.url));
  return tasks.reduce((longest, item) => Math.max(longest, item.duration), 0);
}

/**
 * The numbers the report needs, out of a Lighthouse result.
 * @param {Lhr} lhr
 */
export function summarize(lhr) {
  const networkRequests =
    /** @type {{ url: string, resourceType?: string, transferSize?: number, resourceSize?: number }[]} */ (
      lhr.audits["network-requests"]?.details?.items ?? []
    );
  const bootupTime = /** @type {{ url: string, total: number, scripting: number }[]} */ (
    lhr.audits["bootup-time"]?.details?.items ?? []
  );
  const requests = networkRequests.map((item) => ({
    url: item.url,
    resourceType: item.resourceType,
    transferSize: item.transferSize ?? 0,
    resourceSize: item.resourceSize ?? 0,
  }));
  /** @param {{ transferSize: number }[]} items */
  const sum = (items) => items.reduce((total, item) => total + item.transferSize, 0);
  const scripts = requests.filter((item) => item.resourceType === "Script");
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((id) => [
        id,
        lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100),
      ]),
    ),
    failing: Object.fromEntries(CATEGORIES.map((id) => [id, failingAudits(lhr, id)])),
    fcp: lhr.audits["first-contentful-paint"]?.numericValue,
    lcp: lhr.audits["largest-contentful-paint"]?.numericValue,
    tbt: lhr.audits["total-blocking-time"]?.numericValue,
    ownScriptLongTask: ownScriptLongestTask(lhr),
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue,
    si: lhr.audits["speed-index"]?.numericValue,
    totalBytes: sum(requests),
    bytesWithoutVideo: sum(requests.filter((item) => !isVideo(item))),
    jsBytes: sum(scripts),
    scripts: scripts.map(({ url, transferSize, resourceSize }) => ({ url, transferSize, resourceSize })),
    videos: requests.filter(isVideo).map((item) => item.url),
    bootup: bootupTime
      .slice(0, 4)
      .map((item) => ({ url: item.url, total: Math.round(item.total), scripting: Math.round(item.scripting) })),
    lcpDetails: lcpDetails(lhr),
    // Lighthouse's CPU benchmark of this run: low values mean a busy machine (noisier TBT and LCP).
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    warnings: lhr.runWarnings ?? [],
  };
}

/**
 * Runs Lighthouse once on `url` in a fresh Chromium; returns the summary and the raw report.
 * @param {string} url
 */
export async function runLighthouse(url) {
  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, handleSIGINT: false });
  running.add(chrome);
  try {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" });
    if (!result) throw new Error("Lighthouse returned no result");
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    // One output asked for (json): one report, as text.
    return { summary: summarize(lhr), report: /** @type {string} */ (result.report) };
  } finally {
    running.delete(chrome);
    await chrome.kill();
  }
}
