// The hero video rules, checked in a real browser on "/": the webm is fetched only
// after the window load event, and never for people who ask for reduced motion or less data.
// Lighthouse cannot emulate prefers-reduced-motion, so this drives Chromium with playwright-core.
import { launchPlaywrightChromium } from "./lighthouse-runner.mjs";

/** @param {string} url */
const isVideo = (url) => /\.webm(\?|$)/.test(url);
// Lighthouse's mobile viewport (Moto G Power), so the same poster and layout are used.
const MOBILE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/** Pretends the browser reports Save-Data (navigator.connection.saveData), as Chrome does with Lite mode. */
const SAVE_DATA_SCRIPT = () => {
  const connection = { saveData: true, effectiveType: "4g", addEventListener() {}, removeEventListener() {} };
  Object.defineProperty(Navigator.prototype, "connection", { configurable: true, get: () => connection });
};

/**
 * @param {import("playwright-core").Browser} browser
 * @param {string} url
 * @param {{ reducedMotion?: "reduce" | "no-preference", saveData?: boolean, settleMs?: number }} options
 */
async function loadAndWatch(browser, url, { reducedMotion = "no-preference", saveData = false, settleMs = 4000 }) {
  const context = await browser.newContext({ ...MOBILE, reducedMotion });
  if (saveData) await context.addInitScript(SAVE_DATA_SCRIPT);
  // Records every LCP candidate: the poster should stay the last one, the video must not replace it.
  await context.addInitScript(() => {
    window.__lcp = [];
    new PerformanceObserver((list) => {
      for (const entry of /** @type {LargestContentfulPaint[]} */ (list.getEntries())) {
        window.__lcp.push({
          element: entry.element?.tagName ?? "?",
          size: entry.size,
          at: Math.round(entry.startTime),
        });
      }
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });
  const page = await context.newPage();
  /** @type {import("playwright-core").Request[]} */
  const videos = [];
  page.on("request", (request) => {
    if (isVideo(request.url())) videos.push(request);
  });
  try {
    await page.goto(url, { waitUntil: "load" });
    // Give the page's after-load code time to start the video (or not).
    await page.waitForTimeout(settleMs);
    const { loadAt, lcp } = await page.evaluate(() => {
      const [navigation] = /** @type {PerformanceNavigationTiming[]} */ (performance.getEntriesByType("navigation"));
      return {
        loadAt: performance.timeOrigin + /** @type {PerformanceNavigationTiming} */ (navigation).loadEventStart,
        lcp: window.__lcp,
      };
    });
    return {
      requested: videos.map((request) => request.url().replace(/^https?:\/\/[^/]+/, "")),
      // request.timing().startTime is the browser's wall clock, like performance.timeOrigin.
      startsAfterLoadMs: videos.map((request) => Math.round(request.timing().startTime - loadAt)),
      lcpCandidates: lcp,
    };
  } finally {
    await context.close();
  }
}

/**
 * What a browser fetched of the hero video with normal motion, with reduced motion and with Save-Data.
 * @param {string} siteUrl
 */
export async function checkHeroVideo(siteUrl) {
  const browser = await launchPlaywrightChromium();
  try {
    const url = `${siteUrl}/`;
    const normal = await loadAndWatch(browser, url, {});
    const reduced = await loadAndWatch(browser, url, { reducedMotion: "reduce" });
    const saveData = await loadAndWatch(browser, url, { saveData: true });
    return { normal, reduced, saveData };
  } finally {
    await browser.close();
  }
}
