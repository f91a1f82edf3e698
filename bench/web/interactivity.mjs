// When does each control of a public page start to work on a phone? Chromium at 375x812 (touch),
// CPU slowed down 4x, page scripts on: the control is tapped as soon as it is painted, again every
// 150 ms while the tap is lost (a control that needs a script which has not run yet), and the dead
// window is the time from its first paint to the tap that worked. The load that taps the menu also
// gives FCP, the longest task until hydration and the Event Timing of that tap.
import { launchPlaywrightChromium } from "./lighthouse-runner.mjs";

/** @typedef {import("./page-globals.d.ts").BenchState} BenchState */
/** @typedef {import("./page-globals.d.ts").ControlSpot} ControlSpot */
/**
 * A control of a page: what to tap, what shows that it worked, whether the HTML alone does the job
 * (`native`), and whether it posts (then it is not measured on the copy).
 * @typedef {{ name: string, control: string, effect: string, native: boolean, posts?: boolean }} Control
 */
/**
 * One control in one load: its taps and, once it worked, when, and after how long a dead window.
 * @typedef {object} ControlResult
 * @property {string} control
 * @property {boolean} native
 * @property {number} taps
 * @property {number} reaction
 * @property {boolean} newDocument
 * @property {number} [firstWorks]
 * @property {number} [deadWindow]
 * @property {number} [lostTaps]
 */
/**
 * What the load that taps the menu shows besides (measureControl with `watchLoad`).
 * @typedef {object} LoadFacts
 * @property {number | undefined} fcp
 * @property {number} longestTask
 * @property {number} longTasks
 * @property {number} longestScript
 * @property {string | undefined} longestScriptUrl
 * @property {number} tapEventMs
 * @property {number | undefined} tapDelayMs
 * @property {number} tapProcessingMs
 * @property {boolean} tapBeforeHydration
 * @property {number | undefined} hydratedAt
 */
/**
 * One run of a page: its first control's load, and every control.
 * @typedef {ControlResult & Partial<LoadFacts> & { controls: ControlResult[] }} InteractivityRun
 */

// An iPhone X sized phone; no network throttling (localhost), the CPU is what this step is about.
const PHONE = { viewport: { width: 375, height: 812 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const CPU_SLOWDOWN = 4;
const EFFECT_WAIT_MS = 150; // a tap whose effect is not visible by then was lost: tap again
const GIVE_UP_MS = 10_000;
const AFTER_LOAD_MS = 3000; // long tasks are watched until hydration or this long after load, the later
const HYDRATION_WAIT_MS = 20_000; // a real page that never hydrates still gets a row
const TAPS_KEY = "__bench_taps"; // sessionStorage: tap times survive a full page load

// `native`: the HTML does the job (popover, link, form), so the target is no dead window at all.
/** @type {Control} */
const MENU = { name: "menu", control: 'button[popovertarget="menu-movil"]', effect: "#menu-movil a", native: true };
/** @type {Record<string, Control[]>} */
const CONTROLS = {
  "/": [MENU, { name: "FAQ", control: ".faq-item button", effect: "#faq-1-respuesta", native: true }],
  "/productos": [
    MENU,
    { name: "tab", control: "#tab-empresariales", effect: "#panel-empresariales", native: true },
    // A link: before hydration (and on the copy) a full page load of /productos/<slug>, whose HTML has
    // the dialog open; after it, a client-side navigation.
    { name: "card", control: "#panel-personales article a", effect: "dialog[open]", native: true },
  ],
  "/servicios": [
    MENU,
    {
      name: "carousel",
      control: '#diapositiva-1 [aria-label="Diapositiva siguiente"]',
      effect: "#diapositiva-2",
      native: true,
    },
  ],
  "/contacto": [
    MENU,
    // Empty form: the app's validation dialog once hydrated, before that a plain POST that the server
    // answers with the page and its error notice filled in (a new document).
    {
      name: "form",
      control: "#contact-form button[type=submit]",
      effect: "dialog[open], #contact-form-notice:not(:empty)",
      native: true,
      posts: true,
    },
  ],
};

/**
 * The controls measured on a page; the menu button first (every page has it at this width).
 * @param {string} page
 * @param {"real" | "copy"} kind
 */
function controlsOf(page, kind) {
  // The copy's static server cannot answer a POST, so the form is only measured on the real server.
  return (CONTROLS[page] ?? [MENU]).filter((control) => kind === "real" || !control.posts);
}

/**
 * Runs in every document before the page's scripts. Times are wall-clock ms (timeOrigin + the
 * performance timestamp) so a tap in one document and its effect in the next can be compared; the
 * tap times are kept in sessionStorage for the same reason. It tells the harness (bindings, which
 * do not wait for a busy main thread) where to tap, that a tap was handled and that the effect showed.
 * @param {{ control: string, effect: string, tapsKey: string, hydrates: boolean, afterLoad: number }} options
 */
const INIT = ({ control, effect, tapsKey, hydrates, afterLoad }) => {
  /** @param {number} ms */
  const epoch = (ms) => performance.timeOrigin + ms;
  /** @type {BenchState} */
  const bench = { longTasks: [], events: [], scripts: [] };
  window.__bench = bench;
  /** @returns {number[]} */
  const taps = () => JSON.parse(sessionStorage.getItem(tapsKey) ?? "[]");
  addEventListener(
    "pointerdown",
    (event) => sessionStorage.setItem(tapsKey, JSON.stringify([...taps(), epoch(event.timeStamp)])),
    { capture: true },
  );
  // A tap is judged lost only once the page has handled it: a busy main thread delays, it does not lose.
  addEventListener("click", () => window.__benchClicked?.(), { capture: true });
  new PerformanceObserver((list) => {
    for (const task of list.getEntries()) bench.longTasks.push({ at: epoch(task.startTime), ms: task.duration });
  }).observe({ type: "longtask", buffered: true });
  // What of a long task is the page's own code (Long Animation Frames: each script's run). A task
  // also holds the browser's own work (committing the navigation, style, layout, paint), which the
  // no-JS copy shows too; the harness's own script has no address and is left out.
  new PerformanceObserver((list) => {
    for (const frame of /** @type {import("./page-globals.d.ts").LongAnimationFrame[]} */ (list.getEntries()))
      for (const script of frame.scripts)
        if (script.sourceURL.startsWith(location.origin))
          bench.scripts.push({ at: epoch(script.startTime), ms: script.duration, url: script.sourceURL });
  }).observe({ type: "long-animation-frame", buffered: true });
  // Event Timing's durationThreshold is not in TypeScript's DOM types yet: hence the cast below.
  new PerformanceObserver((list) => {
    for (const entry of /** @type {PerformanceEventTiming[]} */ (list.getEntries()))
      bench.events.push({
        name: entry.name,
        at: epoch(entry.startTime),
        ms: entry.duration,
        // Its parts: waiting for the main thread, then the page's handlers (the rest is the paint).
        delay: entry.processingStart - entry.startTime,
        processing: entry.processingEnd - entry.processingStart,
      });
  }).observe(/** @type {PerformanceObserverInit} */ ({ type: "event", durationThreshold: 16, buffered: true }));

  /** @type {number | undefined} */
  let visibleSince;
  /** @type {string | undefined} */
  let reported;
  /** @param {number} time */
  const frame = (time) => {
    const at = epoch(time);
    const target = document.querySelector(control);
    visibleSince = target?.checkVisibility() ? (visibleSince ?? at) : undefined;
    const fcp = performance.getEntriesByName("first-contentful-paint")[0];
    // Painted = visible in a frame at or after the first paint (rAF runs before the first paint too).
    if (target && visibleSince !== undefined && fcp && bench.effectAt === undefined) {
      bench.controlAt ??= Math.max(visibleSince, epoch(fcp.startTime));
      const rect = target.getBoundingClientRect();
      const x = Math.round(rect.left + rect.width / 2);
      const y = Math.round(rect.top + rect.height / 2);
      // Like Playwright's actionability checks: in view (a person scrolls to it), and on top at that point.
      if (y < 0 || y >= innerHeight) target.scrollIntoView({ block: "center", behavior: "instant" });
      else if (`${x},${y}` !== reported && target.contains(document.elementFromPoint(x, y))) {
        reported = `${x},${y}`;
        window.__benchControl?.({ x, y, paintedAt: bench.controlAt, origin: performance.timeOrigin });
      }
    }
    // Only an effect that follows a tap counts (it may be in the document that tap loaded).
    if (bench.effectAt === undefined && taps().length > 0 && document.querySelector(effect)?.checkVisibility()) {
      bench.effectAt = at;
      window.__benchEffect?.();
    }
    // Same test as the browser tests (e2e/helpers/site.ts): React has taken over <main>.
    const main = document.querySelector("main");
    if (bench.hydratedAt === undefined && main && Object.keys(main).some((key) => key.startsWith("__reactFiber"))) {
      bench.hydratedAt = at;
    }
    // The load is watched until hydration (real pages) or `afterLoad` ms after the load event, the later.
    const [navigation] = /** @type {PerformanceNavigationTiming[]} */ (performance.getEntriesByType("navigation"));
    const loaded =
      navigation !== undefined && navigation.loadEventEnd > 0 && time > navigation.loadEventEnd + afterLoad;
    if (!bench.watched && loaded && (!hydrates || bench.hydratedAt !== undefined)) {
      bench.watched = true;
      window.__benchWatched?.();
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
};

/** @param {Error} error */
const isNavigationGone = (error) => /context was destroyed|navigation|Target closed|detached/i.test(error.message);

/**
 * Polls the page once per frame; a navigation in between (a link, a form) just means: ask again.
 * @param {import("playwright-core").Page} page
 * @param {() => boolean} predicate
 * @param {number} timeout
 * @param {unknown} [arg]
 */
async function waitInPage(page, predicate, timeout, arg) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) return false;
    try {
      await page.waitForFunction(predicate, arg, { polling: "raf", timeout: left });
      return true;
    } catch (error) {
      if (!isNavigationGone(/** @type {Error} */ (error))) return false;
      // @ts-expect-error Playwright waits for "commit" here as in goto(), but its types list only the other states.
      await page.waitForLoadState("commit").catch(() => {});
    }
  }
}

/** What the page's bindings told so far, and a wait for the next thing they tell. */
function signals() {
  /**
   * @type {{
   *   spot: ControlSpot | undefined, first: ControlSpot | undefined, clicks: number, effect: boolean, watched: boolean,
   * }}
   */
  const state = { spot: undefined, first: undefined, clicks: 0, effect: false, watched: false };
  let wake = () => {};
  return {
    state,
    poke: () => wake(),
    /**
     * Resolves with test() as soon as it is true, or after `ms`.
     * @param {() => boolean} test
     * @param {number} ms
     * @returns {Promise<boolean>}
     */
    until(test, ms) {
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          wake = () => {};
          resolve(test());
        };
        const timer = setTimeout(done, ms);
        wake = () => test() && done();
        wake();
      });
    },
  };
}

/**
 * One fresh context (cold cache), one load of `url`, the control tapped until it works.
 * @param {import("playwright-core").Browser} browser
 * @param {string} url
 * @param {Control} control
 * @param {{ kind: "real" | "copy", watchLoad: boolean }} options
 * @returns {Promise<(ControlResult & Partial<LoadFacts>) | undefined>}
 */
async function measureControl(browser, url, control, { kind, watchLoad }) {
  const context = await browser.newContext(PHONE);
  try {
    const { state, poke, until } = signals();
    await context.exposeBinding("__benchControl", (_source, spot) => {
      state.first ??= spot;
      state.spot = spot;
      poke();
    });
    await context.exposeBinding("__benchClicked", () => {
      state.clicks += 1;
      poke();
    });
    await context.exposeBinding("__benchEffect", () => {
      state.effect = true;
      poke();
    });
    await context.exposeBinding("__benchWatched", () => {
      state.watched = true;
      poke();
    });
    const hydrates = kind === "real";
    await context.addInitScript(INIT, {
      control: control.control,
      effect: control.effect,
      tapsKey: TAPS_KEY,
      hydrates,
      afterLoad: AFTER_LOAD_MS,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    let navigated = false;
    page.on("request", (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame() && state.clicks > 0) navigated = true;
    });
    // A control not painted a second after the load event is not on this page: it is skipped.
    let absent = false;
    page.once("load", () =>
      setTimeout(() => {
        absent = state.spot === undefined;
        poke();
      }, 1000),
    );
    await page.goto(url, { waitUntil: "commit" });
    await until(() => state.spot !== undefined || absent, 30_000);
    if (state.spot === undefined) return undefined;

    // Tap as soon as it is painted; again when a handled tap showed nothing within EFFECT_WAIT_MS.
    const giveUp = Date.now() + GIVE_UP_MS;
    let worked = false;
    while (!worked && Date.now() < giveUp) {
      const clicks = state.clicks;
      await page.touchscreen.tap(state.spot.x, state.spot.y);
      await until(() => state.clicks > clicks, giveUp - Date.now());
      worked = await until(() => state.effect || navigated, EFFECT_WAIT_MS);
      // A link or a form that started a navigation has worked: its effect is in the next document.
      if (worked && !state.effect) worked = await until(() => state.effect, GIVE_UP_MS);
    }
    // Nothing of Playwright's runs in the page while its load is watched: its injected scripts
    // (selectors, waitForFunction) are long tasks of their own on a slowed-down CPU.
    if (watchLoad) await until(() => state.watched, HYDRATION_WAIT_MS);
    if (worked) await waitInPage(page, () => document.readyState !== "loading", GIVE_UP_MS);
    /** @type {number[]} */
    const taps = JSON.parse((await page.evaluate((key) => sessionStorage.getItem(key), TAPS_KEY)) ?? "[]");
    const seen = await page.evaluate(() => window.__bench);
    // Told together with the first spot, which is there.
    const { paintedAt, origin } = /** @type {ControlSpot} */ (state.first);
    // Which way it worked: in the same document (popover, script, client-side route) or a new one.
    /** @type {ControlResult} */
    const result = {
      control: control.name,
      native: control.native,
      taps: taps.length,
      reaction: (taps[0] ?? Number.NaN) - paintedAt,
      newDocument: navigated,
    };
    if (worked) {
      // The tap that worked is among them.
      const tapAt = /** @type {number} */ (
        taps.filter((at) => at <= (seen.effectAt ?? Number.NaN)).at(-1) ?? taps.at(-1)
      );
      const lostTaps = taps.indexOf(tapAt);
      Object.assign(result, {
        firstWorks: tapAt - origin,
        // The first tap comes at the first frame after the paint (`reaction`): a person's earlier tap
        // would have waited for that same busy main thread, so a first tap that works means no dead
        // window. After lost taps, the control started working at the latest at this tap.
        deadWindow: lostTaps === 0 ? 0 : tapAt - paintedAt,
        lostTaps,
      });
    }
    if (!watchLoad) return result;

    // The load itself, watched above (INIT).
    const load = await page.evaluate(() => ({
      ...window.__bench,
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      loadEnd:
        performance.timeOrigin +
        /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType("navigation")[0]).loadEventEnd,
    }));
    const windowEnd = Math.max(load.hydratedAt ?? 0, load.loadEnd + AFTER_LOAD_MS);
    const tasks = load.longTasks.filter((task) => task.at <= windowEnd);
    const longestScript = load.scripts
      .filter((script) => script.at <= windowEnd)
      .reduce(
        (longest, script) => (script.ms > (longest?.ms ?? 0) ? script : longest),
        /** @type {BenchState["scripts"][number] | undefined} */ (undefined),
      );
    // The first tap's pointerdown, pointerup and click (Event Timing only lists those over 16 ms).
    const firstTap = taps[0] ?? Number.NaN;
    const tapEntries = load.events.filter(
      (entry) =>
        ["pointerdown", "pointerup", "click"].includes(entry.name) &&
        entry.at >= firstTap - 1 &&
        entry.at < (taps[1] ?? firstTap + 1000),
    );
    return {
      ...result,
      fcp: load.fcp,
      longestTask: Math.max(0, ...tasks.map((task) => task.ms)),
      longTasks: tasks.length,
      longestScript: longestScript?.ms ?? 0,
      // Whose it was, for the log: its file's name, or the page's for the inline bootstrap.
      longestScriptUrl: longestScript?.url.split("/").at(-1),
      tapEventMs: Math.max(0, ...tapEntries.map((entry) => entry.ms)),
      // Of the longest entry: how long the tap waited for the main thread; and the longest run of the
      // page's handlers among the tap's entries (0 when none reached 16 ms in all).
      tapDelayMs: tapEntries.reduce(
        (longest, entry) => (entry.ms > (longest?.ms ?? -1) ? entry : longest),
        /** @type {BenchState["events"][number] | undefined} */ (undefined),
      )?.delay,
      tapProcessingMs: Math.max(0, ...tapEntries.map((entry) => entry.processing)),
      tapBeforeHydration: load.hydratedAt === undefined ? !hydrates : firstTap < load.hydratedAt,
      hydratedAt: load.hydratedAt === undefined ? undefined : load.hydratedAt - origin,
    };
  } finally {
    await context.close();
  }
}

/**
 * N runs of every page, real and copy interleaved (same machine noise for both). Returns, per page
 * and kind, the list of runs: the menu's load (FCP, long tasks, Event Timing) and every control.
 * @param {{ realUrl: string, copyUrl: string, pages: string[], runs: number, log?: (line: string) => void }} options
 */
export async function measureInteractivity({ realUrl, copyUrl, pages, runs, log = console.log }) {
  const browser = await launchPlaywrightChromium();
  try {
    /** @type {{ page: string, real: InteractivityRun[], copy: InteractivityRun[] }[]} */
    const results = [];
    for (const page of pages) {
      /** @type {{ real: InteractivityRun[], copy: InteractivityRun[] }} */
      const byKind = { real: [], copy: [] };
      for (let run = 1; run <= runs; run += 1) {
        for (const [kind, base] of /** @type {const} */ ([
          ["real", realUrl],
          ["copy", copyUrl],
        ])) {
          /** @type {ControlResult[]} */
          const controls = [];
          /** @type {(ControlResult & Partial<LoadFacts>) | undefined} */
          let load;
          for (const [index, control] of controlsOf(page, kind).entries()) {
            const measured = await measureControl(browser, `${base}${page}`, control, {
              kind,
              watchLoad: index === 0,
            }).catch((error) => {
              log(`  ${kind} ${page} ${control.name}: ${error.message.split("\n")[0]}`);
              return undefined;
            });
            if (!measured) continue;
            if (index === 0) load = measured;
            controls.push(measured);
          }
          if (!load) continue;
          byKind[kind].push({ ...load, controls });
          /** @param {number | undefined} value */
          const ms = (value) => (value === undefined ? "never" : `${Math.round(value)} ms`);
          log(
            `[interactivity ${run}/${runs}] ${kind.padEnd(4)} ${page.padEnd(22)} FCP ${ms(load.fcp)} longest task ${ms(load.longestTask)} script ${ms(load.longestScript)}${load.longestScriptUrl ? ` (${load.longestScriptUrl})` : ""} ` +
              `tap ${ms(load.tapEventMs)}${load.tapDelayMs === undefined ? "" : ` (waits ${ms(load.tapDelayMs)}, handlers ${ms(load.tapProcessingMs)})`} | dead window: ${controls.map((c) => `${c.control} ${ms(c.deadWindow)} (${c.taps} tap(s), first ${ms(c.reaction)} after paint)`).join(", ")}`,
          );
        }
      }
      results.push({ page, ...byKind });
    }
    return results;
  } finally {
    await browser.close();
  }
}
