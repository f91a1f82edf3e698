// Turns the runs into medians, the table, the verdicts against the web targets (TARGETS), and the
// Markdown file. Pure functions of the collected data: nothing here touches a browser or a server.

export const TARGETS = {
  performance: 98,
  otherScores: 100,
  lcpRatio: 1.1,
  fcpMs: 990,
  lcpMs: 1440,
  tbtMs: 55,
  // TBT may exceed the no-JS copy's (the browser's own work on the HTML) by this much.
  tbtOverCopyMs: 30,
  // The longest task of the page's own scripts in Lighthouse's trace (simulated 4x CPU).
  ownScriptTaskMs: 50,
  cls: 0.02,
  homeJsGzipKB: 130,
  homeBytesKB: 300,
  heroWebmKB: 600,
};

/** @typedef {import("./lighthouse-runner.mjs").RunSummary} RunSummary */
/** @typedef {ReturnType<typeof aggregatePage>} PageRow */
/** @typedef {ReturnType<typeof aggregateInteractivity>[number]} InteractivityRow */
/** @typedef {{ target: string, ok: boolean, detail: string }} Verdict */
/**
 * What is measured once per run beside the pages (run.mjs): the gzip size of the JS on "/", the hero
 * video files, the browser's video checks, interactivity, CRM modules, what was published and the
 * files the HTML references that nothing serves.
 * @typedef {object} Extra
 * @property {number} [homeJsGzip]
 * @property {number} [homeJsFiles]
 * @property {{ name: string, bytes: number }[]} [heroVideos]
 * @property {Awaited<ReturnType<typeof import("./motion-check.mjs").checkHeroVideo>>} [video]
 * @property {InteractivityRow[]} [interactivity]
 * @property {{ modules: string[], loaded: { page: string, url: string }[] }} [crm]
 * @property {Awaited<ReturnType<typeof import("./publish.mjs").publishChanges>>} [published]
 * @property {{ url: string, pages: string[] }[]} [missingFiles]
 */
/**
 * The machine and the run, as run.mjs describes them.
 * @typedef {object} Meta
 * @property {string} command
 * @property {string} date
 * @property {number} nproc
 * @property {string} node
 * @property {string} chromium
 * @property {string} lighthouse
 * @property {string} loadStart
 * @property {string} loadEnd
 * @property {string} buildStamp
 * @property {number} runs
 * @property {string} minutes
 */

/**
 * The median of the finite numbers among `values`; undefined when there is none.
 * @param {unknown[]} values
 * @returns {number | undefined}
 */
export function median(values) {
  const sorted = values
    .filter(
      /** @returns {value is number} */ (/** @type {unknown} */ value) =>
        typeof value === "number" && Number.isFinite(value),
    )
    .sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const middle = Math.floor(sorted.length / 2);
  /** @param {number} index */
  const at = (index) => sorted[index] ?? Number.NaN;
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
}

const KB = 1024;

/**
 * Medians of one page's real runs and no-JS runs, plus what explains them.
 * @param {string} page
 * @param {RunSummary[]} real
 * @param {RunSummary[]} copy
 */
export function aggregatePage(page, real, copy) {
  /**
   * @param {RunSummary[]} runs
   * @param {(run: RunSummary) => unknown} pick
   */
  const m = (runs, pick) => median(runs.map(pick));
  const lcp = m(real, (run) => run.lcp);
  const lcpCopy = m(copy, (run) => run.lcp);
  // The run whose LCP is closest to the median tells which element and phases are typical (NaN: no LCP).
  const typical = [...real].sort(
    (a, b) => Math.abs(Number(a.lcp) - Number(lcp)) - Math.abs(Number(b.lcp) - Number(lcp)),
  )[0];
  /** @type {Record<string, string[]>} */
  const failing = {};
  for (const category of Object.keys(real[0]?.scores ?? {})) {
    /** @type {Map<string, number>} */
    const counts = new Map();
    for (const run of real) for (const id of run.failing[category] ?? []) counts.set(id, (counts.get(id) ?? 0) + 1);
    failing[category] = [...counts].filter(([, count]) => count * 2 >= real.length).map(([id]) => id);
  }
  return {
    page,
    runs: real.length,
    copyRuns: copy.length,
    scores: Object.fromEntries(Object.keys(real[0]?.scores ?? {}).map((id) => [id, m(real, (run) => run.scores[id])])),
    fcp: m(real, (run) => run.fcp),
    lcp,
    tbt: m(real, (run) => run.tbt),
    ownScriptLongTask: m(real, (run) => run.ownScriptLongTask),
    cls: m(real, (run) => run.cls),
    lcpCopy,
    lcpRatio: lcp && lcpCopy ? lcp / lcpCopy : undefined,
    jsBytes: m(real, (run) => run.jsBytes),
    totalBytes: m(real, (run) => run.totalBytes),
    bytesWithoutVideo: m(real, (run) => run.bytesWithoutVideo),
    benchmarkIndex: median([...real, ...copy].map((run) => run.benchmarkIndex)),
    copy: {
      performance: m(copy, (run) => run.scores.performance),
      fcp: m(copy, (run) => run.fcp),
      lcp: lcpCopy,
      tbt: m(copy, (run) => run.tbt),
      totalBytes: m(copy, (run) => run.totalBytes),
    },
    failing,
    lcpElement: typical?.lcpDetails.element ?? "",
    lcpPhases: typical?.lcpDetails.phases ?? {},
    copyLcpPhases:
      [...copy].sort((a, b) => Math.abs(Number(a.lcp) - Number(lcpCopy)) - Math.abs(Number(b.lcp) - Number(lcpCopy)))[0]
        ?.lcpDetails.phases ?? {},
    scripts: typical?.scripts ?? [],
    bootup: typical?.bootup ?? [],
    videos: [...new Set(real.flatMap((run) => run.videos))],
  };
}

/** @type {Record<"score" | "s" | "ms" | "cls" | "ratio" | "kb", (value: number | undefined) => string>} */
const fmt = {
  score: (value) => (value === undefined ? "–" : String(Math.round(value))),
  s: (ms) => (ms === undefined ? "–" : `${(ms / 1000).toFixed(2)} s`),
  ms: (ms) => (ms === undefined ? "–" : `${Math.round(ms)} ms`),
  cls: (value) => (value === undefined ? "–" : value.toFixed(3)),
  ratio: (value) => (value === undefined ? "–" : value.toFixed(2)),
  kb: (bytes) => (bytes === undefined ? "–" : (bytes / KB).toFixed(1)),
};

const HEADERS = [
  "page",
  "perf",
  "a11y",
  "bp",
  "seo",
  "FCP",
  "LCP",
  "LCP no-JS",
  "LCP ratio",
  "TBT",
  "TBT − no-JS",
  "own-script task",
  "CLS",
  "JS KB",
  "total KB",
];

/** @param {PageRow} row */
function rowOf(row) {
  return [
    row.page,
    fmt.score(row.scores.performance),
    fmt.score(row.scores.accessibility),
    fmt.score(row.scores["best-practices"]),
    fmt.score(row.scores.seo),
    fmt.s(row.fcp),
    fmt.s(row.lcp),
    fmt.s(row.lcpCopy),
    fmt.ratio(row.lcpRatio),
    fmt.ms(row.tbt),
    row.tbt === undefined || row.copy.tbt === undefined ? "–" : `${Math.round(row.tbt - row.copy.tbt)} ms`,
    row.ownScriptLongTask === 0 ? "< 50 ms" : fmt.ms(row.ownScriptLongTask),
    fmt.cls(row.cls),
    fmt.kb(row.jsBytes),
    fmt.kb(row.totalBytes),
  ];
}

/** @param {PageRow[]} rows */
export function textTable(rows) {
  const cells = [HEADERS, ...rows.map(rowOf)];
  const widths = HEADERS.map((_, column) => Math.max(...cells.map((line) => line[column]?.length ?? 0)));
  /** @param {string[]} values */
  const line = (values) =>
    values
      .map((value, column) => (column === 0 ? value.padEnd(widths[column] ?? 0) : value.padStart(widths[column] ?? 0)))
      .join("  ");
  return [
    line(HEADERS),
    widths.map((width) => "-".repeat(width)).join("  "),
    ...rows.map((row) => line(rowOf(row))),
  ].join("\n");
}

/**
 * @param {string[]} headers
 * @param {string[][]} lines
 */
function markdownTable(headers, lines) {
  return [
    `| ${headers.join(" | ")} |`,
    `|${headers.map((_, column) => (column === 0 ? "---" : "---:")).join("|")}|`,
    ...lines.map((values) => `| ${values.join(" | ")} |`),
  ].join("\n");
}

/**
 * One verdict per target of TARGETS (Lighthouse mobile: performance >= 98, the other scores 100,
 * LCP within 1.1x of a no-JS copy, each metric in Lighthouse's full-score zone). `extra` holds what
 * is measured once per run: gzip size of the JS on "/", hero video files, the browser video checks
 * and the CRM check.
 * @param {PageRow[]} rows
 * @param {Extra} extra
 */
export function verdicts(rows, extra) {
  /** @type {Verdict[]} */
  const list = [];
  /**
   * @param {string} name
   * @param {(row: PageRow) => number | undefined} value
   * @param {(value: number) => boolean} ok
   * @param {(value: number | undefined) => string} show
   * @param {(row: PageRow) => string} [more]
   */
  const perPage = (name, value, ok, show, more = () => "") => {
    const bad = rows.filter((row) => {
      const measured = value(row);
      return measured === undefined || !ok(measured);
    });
    list.push({
      target: name,
      ok: bad.length === 0,
      detail: bad.length ? bad.map((row) => `${row.page} ${show(value(row))}${more(row)}`).join(", ") : "all pages",
    });
  };
  perPage(
    `Performance >= ${TARGETS.performance}`,
    (r) => r.scores.performance,
    (v) => v >= TARGETS.performance,
    fmt.score,
  );
  for (const [id, label] of /** @type {const} */ ([
    ["accessibility", "Accessibility"],
    ["best-practices", "Best Practices"],
    ["seo", "SEO"],
  ])) {
    const bad = rows.filter((row) => !((row.scores[id] ?? Number.NaN) >= TARGETS.otherScores));
    list.push({
      target: `${label} = ${TARGETS.otherScores}`,
      ok: bad.length === 0,
      detail: bad.length
        ? bad
            .map((row) => `${row.page} ${fmt.score(row.scores[id])} (${row.failing[id]?.join(", ") || "varies"})`)
            .join("; ")
        : "all pages",
    });
  }
  perPage(
    `LCP <= ${TARGETS.lcpRatio}x the no-JS copy`,
    (r) => r.lcpRatio,
    (v) => v <= TARGETS.lcpRatio,
    fmt.ratio,
  );
  perPage(
    `FCP <= ${TARGETS.fcpMs / 1000} s`,
    (r) => r.fcp,
    (v) => v <= TARGETS.fcpMs,
    fmt.s,
  );
  perPage(
    `LCP <= ${TARGETS.lcpMs / 1000} s`,
    (r) => r.lcp,
    (v) => v <= TARGETS.lcpMs,
    fmt.s,
  );
  perPage(
    `TBT <= ${TARGETS.tbtMs} ms`,
    (r) => r.tbt,
    (v) => v <= TARGETS.tbtMs,
    fmt.ms,
  );
  perPage(
    `TBT <= the no-JS copy's TBT + ${TARGETS.tbtOverCopyMs} ms (the browser's own work on the HTML)`,
    (r) => (r.tbt === undefined || r.copy.tbt === undefined ? undefined : r.tbt - r.copy.tbt),
    (v) => v <= TARGETS.tbtOverCopyMs,
    (v) => (v === undefined ? "–" : `+${Math.round(v)} ms`),
    (r) => ` (${fmt.ms(r.tbt)}, no-JS copy ${fmt.ms(r.copy.tbt)})`,
  );
  perPage(
    `longest task of the page's own scripts <= ${TARGETS.ownScriptTaskMs} ms (Lighthouse, simulated 4x CPU)`,
    (r) => r.ownScriptLongTask,
    (v) => v <= TARGETS.ownScriptTaskMs,
    (v) => (v === undefined ? "–" : v === 0 ? "< 50 ms" : fmt.ms(v)),
  );
  perPage(
    `CLS <= ${TARGETS.cls}`,
    (r) => r.cls,
    (v) => v <= TARGETS.cls,
    fmt.cls,
  );

  const home = rows.find((row) => row.page === "/");
  if (home && extra.homeJsGzip !== undefined) {
    list.push({
      target: `JS on "/" <= ${TARGETS.homeJsGzipKB} KB gzip`,
      ok: extra.homeJsGzip <= TARGETS.homeJsGzipKB * KB,
      detail: `${fmt.kb(extra.homeJsGzip)} KB gzip in ${extra.homeJsFiles} files (${fmt.kb(home.jsBytes)} KB as transferred)`,
    });
  }
  if (home) {
    list.push({
      target: `"/" bytes without the video <= ${TARGETS.homeBytesKB} KB`,
      ok: (home.bytesWithoutVideo ?? Number.NaN) <= TARGETS.homeBytesKB * KB,
      detail: `${fmt.kb(home.bytesWithoutVideo)} KB transferred (with video: ${fmt.kb(home.totalBytes)} KB)`,
    });
  }
  if (extra.heroVideos) {
    const big = extra.heroVideos.filter((video) => video.bytes > TARGETS.heroWebmKB * KB);
    list.push({
      target: `each hero webm <= ${TARGETS.heroWebmKB} KB`,
      ok: extra.heroVideos.length > 0 && big.length === 0,
      detail: extra.heroVideos.length
        ? extra.heroVideos.map((video) => `${video.name} ${fmt.kb(video.bytes)} KB`).join(", ")
        : "no hero webm in the build",
    });
  }
  if (extra.video) {
    const { normal, reduced, saveData } = extra.video;
    const early = normal.startsAfterLoadMs.filter((ms) => ms < 0);
    list.push({
      target: "hero webm requested only after the load event",
      ok: normal.requested.length > 0 && early.length === 0,
      detail: normal.requested.length
        ? `${normal.requested.map((url, i) => `${url} starts ${normal.startsAfterLoadMs[i]} ms after load`).join(", ")}` +
          `; LCP candidates (unthrottled): ${normal.lcpCandidates.map((c) => `${c.element} ${c.size} px² at ${c.at} ms`).join(" → ")}`
        : "no webm requested at all with normal motion",
    });
    list.push({
      target: "no webm under prefers-reduced-motion: reduce",
      ok: reduced.requested.length === 0,
      detail: reduced.requested.length ? `requested ${reduced.requested.join(", ")}` : "none requested",
    });
    list.push({
      target: "no webm with Save-Data (navigator.connection.saveData emulated)",
      ok: saveData.requested.length === 0,
      detail: saveData.requested.length ? `requested ${saveData.requested.join(", ")}` : "none requested",
    });
  }
  if (extra.interactivity) list.push(...interactivityVerdicts(extra.interactivity));
  if (extra.crm) {
    list.push({
      target: "CRM code never loaded by public pages",
      ok: extra.crm.loaded.length === 0,
      detail: extra.crm.loaded.length
        ? extra.crm.loaded.map(({ page, url }) => `${page} loads ${url}`).join(", ")
        : `none of ${extra.crm.modules.length} CRM-only modules requested`,
    });
  }
  return list;
}

/** @param {Verdict[]} list */
export function verdictLines(list) {
  const width = Math.max(...list.map((item) => item.target.length));
  return list.map((item) => `${item.ok ? "ok    " : "MISSED"}  ${item.target.padEnd(width)}  ${item.detail}`);
}

/** @param {string} url */
const short = (url) => url.replace(/^https?:\/\/[^/]+/, "");

/**
 * What explains the numbers: LCP element and phases, and the heaviest scripts, per page.
 * @param {PageRow[]} rows
 */
function diagnostics(rows) {
  const lines = [];
  for (const row of rows) {
    /** @param {Record<string, number>} p */
    const phases = (p) =>
      Object.entries(p)
        .map(([name, ms]) => `${name} ${ms} ms`)
        .join(", ");
    const scripts = [...row.scripts]
      .sort((a, b) => b.transferSize - a.transferSize)
      .slice(0, 3)
      .map((script) => `${short(script.url).replace(/^\/assets\//, "")} ${fmt.kb(script.transferSize)} KB`)
      .join(", ");
    lines.push(
      `- \`${row.page}\`: LCP element \`${row.lcpElement.slice(0, 110)}\`; phases ${phases(row.lcpPhases) || "–"}` +
        ` (no-JS copy: ${phases(row.copyLcpPhases) || "–"}). ${row.scripts.length} scripts, largest: ${scripts || "–"}.` +
        (row.bootup.length
          ? ` Main-thread time by script: ${row.bootup.map((b) => `${short(b.url).replace(/^\/assets\//, "") || "(page)"} ${b.total} ms`).join(", ")}.`
          : ""),
    );
  }
  return lines;
}

/**
 * What the run published before measuring, and how long each change took to reach its page.
 * @param {NonNullable<Extra["published"]>} published
 */
function publishedLines(published) {
  const changes = published.map(
    (change) => `${change.what} (\`${change.pathname}\`: published → live in ${change.ms} ms)`,
  );
  return `- Content measured: after the first administrator published, through \`/api/site/items\`, ${changes.join("; ")}.`;
}

/**
 * @param {{ rows: PageRow[], list: Verdict[], meta: Meta, extra: Extra & Required<Pick<Extra, "published">> }} report
 */
export function markdown({ rows, list, meta, extra }) {
  const main = markdownTable(HEADERS, rows.map(rowOf));
  const copyTable = markdownTable(
    ["page", "perf", "FCP", "LCP", "TBT", "total KB", "runs (real / copy)", "CPU benchmark index"],
    rows.map((row) => [
      row.page,
      fmt.score(row.copy.performance),
      fmt.s(row.copy.fcp),
      fmt.s(row.copy.lcp),
      fmt.ms(row.copy.tbt),
      fmt.kb(row.copy.totalBytes),
      `${row.runs} / ${row.copyRuns}`,
      fmt.score(row.benchmarkIndex),
    ]),
  );
  const verdictTable = markdownTable(
    ["", "target", "measured"],
    list.map((item) => [item.ok ? "ok" : "**MISSED**", item.target, item.detail.replaceAll("|", "\\|")]),
  );
  return `# Web performance benchmark

Generated by \`${meta.command}\` on ${meta.date} — do not edit by hand, re-run the script.

- Machine: ${meta.nproc} CPUs, Node ${meta.node}, ${meta.chromium}, Lighthouse ${meta.lighthouse}
  (default config: mobile emulation, simulated throttling). Load average at start / end: ${meta.loadStart} / ${meta.loadEnd}
  (simulated throttling multiplies observed CPU time by 4, so a busy machine inflates TBT and LCP; the
  no-JS copy runs interleaved with the real page sees the same noise, which is why LCP is judged as a ratio).
- Build measured: stamp ${meta.buildStamp}. ${meta.runs} runs per page of the real page (Fastify server,
  \`scripts/start.mjs\`, pages rendered by its page cache) and ${meta.runs} of its no-JS copy (the same pages
  fetched from that server, without scripts and modulepreloads, on a tiny Node static server), interleaved;
  every figure is a median. Took ${meta.minutes} min.
${publishedLines(extra.published)}
- Sizes are bytes transferred (compressed); KB = 1024 bytes. JS on "/" is also reported as gzip size
  in the verdicts.

## Results

"TBT − no-JS" is the page's TBT minus its no-JS copy's (the browser's own work on the plain HTML is
not the page's script). "own-script task" is the longest task Lighthouse's trace attributes to one of
the page's own \`.js\` files, in simulated 4x-CPU time ("< 50 ms": its \`long-tasks\` audit lists none).

${main}

## Reference: the no-JS copy

${copyTable}

${extra.interactivity ? `${interactivitySection(extra.interactivity, meta.runs)}\n` : ""}## Targets (docs: quality bars, "Web")

${verdictTable}

## Why (typical run per page)

${diagnostics(rows).join("\n")}
${extra.missingFiles?.length ? `\n## Files the HTML references but neither the build nor the server has\n\n${extra.missingFiles.map((m) => `- \`${m.url}\` (from ${m.pages.slice(0, 4).join(", ")}${m.pages.length > 4 ? ", …" : ""})`).join("\n")}\n` : ""}`;
}

// Interactivity at 375 px, 4x CPU (interactivity.mjs). A dead window of one frame counts as none.
export const INTERACTIVITY_TARGETS = { nativeDeadWindowMs: 16, deadWindowMs: 100, longTaskMs: 50, tapEventMs: 100 };

/**
 * Medians per page and kind (real / copy) of the runs of measureInteractivity, control by control.
 * @param {Awaited<ReturnType<typeof import("./interactivity.mjs").measureInteractivity>>} results
 */
export function aggregateInteractivity(results) {
  const rows = [];
  for (const { page, real, copy } of results) {
    for (const [kind, runs] of /** @type {const} */ ([
      ["real", real],
      ["copy", copy],
    ])) {
      if (runs.length === 0) continue;
      const names = [...new Set(runs.flatMap((run) => run.controls.map((control) => control.control)))];
      rows.push({
        page,
        kind,
        runs: runs.length,
        fcp: median(runs.map((run) => run.fcp)),
        longestTask: median(runs.map((run) => run.longestTask)),
        longestScript: median(runs.map((run) => run.longestScript)),
        tapEventMs: median(runs.map((run) => run.tapEventMs)),
        tapDelayMs: median(runs.map((run) => run.tapDelayMs)),
        tapProcessingMs: median(runs.map((run) => run.tapProcessingMs)),
        tapsBeforeHydration: runs.filter((run) => run.tapBeforeHydration).length,
        hydratedAt: median(runs.map((run) => run.hydratedAt)),
        controls: names.map((name) => {
          const measured = runs.flatMap((run) => run.controls.filter((control) => control.control === name));
          const worked = measured.filter((control) => control.firstWorks !== undefined);
          return {
            name,
            native: measured[0]?.native, // a name comes from a control measured
            runs: measured.length,
            worked: worked.length,
            firstWorks: median(worked.map((control) => control.firstWorks)),
            deadWindow: median(worked.map((control) => control.deadWindow)),
            lostTaps: Math.max(0, ...worked.map((control) => control.lostTaps ?? Number.NaN)),
            reaction: median(measured.map((control) => control.reaction)),
            newDocument: measured.filter((control) => control.newDocument).length,
          };
        }),
      });
    }
  }
  return rows;
}

/** @param {number | undefined} ms */
const eventMs = (ms) => (ms === undefined ? "–" : ms < 16 ? "< 16 ms" : fmt.ms(ms));

/**
 * A tap's Event Timing with its parts: the wait for the main thread and the page's handlers.
 * @param {InteractivityRow} row
 */
const tapCell = (row) =>
  row.tapDelayMs === undefined
    ? eventMs(row.tapEventMs)
    : `${eventMs(row.tapEventMs)} (waits ${fmt.ms(row.tapDelayMs)}, handlers ${fmt.ms(row.tapProcessingMs)})`;

/** @param {InteractivityRow["controls"][number]} control */
function controlCell(control) {
  if (control.worked === 0) return `${control.name}: never (${control.runs} runs)`;
  const notes = [
    control.lostTaps ? `up to ${control.lostTaps} lost tap(s)` : "",
    control.worked < control.runs ? `worked in ${control.worked}/${control.runs}` : "",
  ].filter(Boolean);
  return `${control.name} ${fmt.s(control.firstWorks)} (${fmt.ms(control.deadWindow)}${notes.length ? `; ${notes.join(", ")}` : ""})`;
}

/** @param {InteractivityRow[]} rows */
export function interactivityTable(rows) {
  return markdownTable(
    [
      "page",
      "kind",
      "FCP",
      "first works (dead window)",
      "longest task",
      "longest script",
      "tap-during-hydration Event Timing (its parts)",
    ],
    rows.map((row) => [
      row.page,
      row.kind === "real" ? "real" : "no-JS copy",
      fmt.s(row.fcp),
      row.controls.map(controlCell).join("<br>"),
      fmt.ms(row.longestTask),
      fmt.ms(row.longestScript),
      tapCell(row),
    ]),
  );
}

/**
 * How each control worked and how soon the harness could tap it: what bounds the dead windows.
 * @param {InteractivityRow[]} rows
 */
function interactivityNotes(rows) {
  return rows.map((row) => {
    const taps = row.controls
      .map(
        (control) =>
          `${control.name} +${fmt.ms(control.reaction)}` +
          (control.newDocument ? ` (a new document in ${control.newDocument}/${control.runs} runs)` : ""),
      )
      .join(", ");
    const hydration =
      row.kind === "real"
        ? `hydrated at ${fmt.s(row.hydratedAt)}, the menu tap came before it in ${row.tapsBeforeHydration}/${row.runs} runs`
        : "no hydration";
    return `- \`${row.page}\` ${row.kind === "real" ? "real" : "no-JS copy"} (${row.runs} runs): first tap after the control's paint: ${taps}; ${hydration}.`;
  });
}

/**
 * Verdicts: dead windows on both kinds (the HTML must work), load and tap figures on the real pages.
 * @param {InteractivityRow[]} rows
 */
export function interactivityVerdicts(rows) {
  const T = INTERACTIVITY_TARGETS;
  /** @type {Verdict[]} */
  const list = [];
  /**
   * @param {boolean} native
   * @param {number} limit
   */
  const deadWindows = (native, limit) => {
    const controls = rows.flatMap((row) =>
      row.controls.filter((c) => c.native === native).map((control) => ({ row, control })),
    );
    const bad = controls.filter(
      ({ control }) => control.worked < control.runs || !((control.deadWindow ?? Number.NaN) <= limit),
    );
    /** @param {(typeof controls)[number]} measured */
    const where = ({ row, control }) => `${row.page} ${row.kind} ${controlCell(control)}`;
    list.push({
      target: native
        ? `dead window 0 ms (<= ${T.nativeDeadWindowMs} ms) for native controls, 375 px, 4x CPU`
        : `dead window <= ${limit} ms for script-driven controls, 375 px, 4x CPU`,
      ok: bad.length === 0,
      detail:
        controls.length === 0 ? "none measured" : bad.length ? bad.map(where).join("; ") : `all ${controls.length}`,
    });
  };
  deadWindows(true, T.nativeDeadWindowMs);
  deadWindows(false, T.deadWindowMs);
  const real = rows.filter((row) => row.kind === "real");
  /** @param {InteractivityRow} row */
  const copyOf = (row) => rows.find((other) => other.page === row.page && other.kind === "copy");
  /**
   * @param {string} target
   * @param {(row: Partial<InteractivityRow>) => number | undefined} value
   * @param {number} limit
   * @param {(value: number | undefined) => string} show
   */
  const perRealPage = (target, value, limit, show) => {
    const bad = real.filter((row) => !((value(row) ?? Number.NaN) <= limit));
    list.push({
      target,
      ok: bad.length === 0,
      detail: bad.length
        ? bad.map((row) => `${row.page} ${show(value(row))} (no-JS copy ${show(value(copyOf(row) ?? {}))})`).join(", ")
        : "all pages",
    });
  };
  perRealPage(`longest task during load <= ${T.longTaskMs} ms, 4x CPU`, (row) => row.longestTask, T.longTaskMs, fmt.ms);
  perRealPage(
    `longest script run during load <= ${T.longTaskMs} ms, 4x CPU (the page's own code in those tasks)`,
    (row) => row.longestScript,
    T.longTaskMs,
    fmt.ms,
  );
  perRealPage(
    `Event Timing of a tap during hydration <= ${T.tapEventMs} ms, 4x CPU`,
    (row) => row.tapEventMs,
    T.tapEventMs,
    eventMs,
  );
  perRealPage(
    `handlers of that tap (Event Timing's processing) <= ${T.tapEventMs} ms, 4x CPU (the page's own part)`,
    (row) => row.tapProcessingMs,
    T.tapEventMs,
    fmt.ms,
  );
  return list;
}

/**
 * @param {InteractivityRow[]} rows
 * @param {number} runs
 */
export function interactivitySection(rows, runs) {
  return `## Interactivity at 375 px, 4x CPU (median of ${runs})

Chromium 375x812 (touch), \`Emulation.setCPUThrottlingRate\` 4, page scripts on, cold cache, no network
throttling. First works: when the tap that worked was made, from navigation start; dead window: from
the control's first paint to that tap, 0 when the first tap worked (see bench/web/README.md). The
longest task and the Event Timing come from the load that taps the menu; "< 16 ms" means the tap
produced no Event Timing entry (the API lists only events of 16 ms or more); its parts are how long
the tap waited for the main thread and how long the page's handlers ran (the rest is the next paint).
The longest script is the
longest run of the page's own code in those tasks (Long Animation Frames' script entries): a task also
holds the browser's own work, committing the navigation, style, layout and paint, which the no-JS copy
has too (0 ms: it runs no script). The contact form is not
measured on the no-JS copy: its static server cannot answer the form's POST.

${interactivityTable(rows)}

First tap after the control's paint (the harness taps at the first animation frame after it, so
this is how long the page's main thread kept it waiting), median:

${interactivityNotes(rows).join("\n")}
`;
}
