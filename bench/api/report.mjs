import { profileMarkdown } from "./profile.mjs";

// Medians over rounds, the side-by-side table, the verdicts against the API targets (TARGETS) and
// the Markdown report.

/**
 * POST /api/client at 50 connections, on PGlite and on PostgreSQL: at least 40% of the throughput of
 * a bare script doing the same INSERT, and p99 <= 50 ms.
 */
export const TARGETS = { minRatio: 0.4, maxP99Ms: 50 };

export const ENGINE_NAMES = { pglite: "PGlite", postgres: "PostgreSQL" };

/** @typedef {keyof typeof ENGINE_NAMES} Engine */
/** @typedef {import("./profile.mjs").ProfileSummary} ProfileSummary */
/**
 * One side (API or bare) of one round: its measure and the CPU shares meanwhile.
 * @typedef {import("./load.mjs").LoadResult & { cpu: import("./load.mjs").CpuShares }} Round
 */
/**
 * Rows of each table a side wrote to, counted after the run (run.mjs's countRows).
 * @typedef {Record<"clients" | "client_messages" | "message_service_types" | "email_outbox", number>} RowCounts
 */
/**
 * An engine not measured, and why (run.mjs skips PostgreSQL when it does not answer).
 * @typedef {{ engine: Engine, skipped: string }} Skipped
 */
/**
 * What run.mjs measured on one engine.
 * @typedef {object} Measured
 * @property {Engine} engine
 * @property {undefined} [skipped]
 * @property {{ api: Round, bare: Round }[]} rounds
 * @property {Record<string, RowCounts | undefined>} rowCounts by database; undefined when it could not be read
 * @property {{ server?: ProfileSummary, bare?: ProfileSummary }} profiles
 * @property {number} serverReadyMs
 * @property {number} bareReadyMs
 * @property {string} storage
 * @property {number} wallSeconds
 */
/**
 * @typedef {Measured
 *   & { api: SideSummary, bare: SideSummary, ratio: number, verdicts: { throughput: boolean, p99: boolean } }} Aggregated
 * @typedef {ReturnType<typeof summarise>} SideSummary
 */

/**
 * The machine and the run, as run.mjs describes them.
 * @typedef {object} Meta
 * @property {string} command
 * @property {string} date
 * @property {number} cpus
 * @property {string} cpuModel
 * @property {number} memoryGiB
 * @property {string} node
 * @property {string} postgres
 * @property {Record<"fastify" | "pglite" | "pg" | "autocannon", string>} versions
 * @property {string} loadStart
 * @property {string} loadEnd
 * @property {number} connections
 * @property {number} warmup
 * @property {number} rounds
 * @property {number} duration
 * @property {boolean} idempotency
 * @property {boolean} profile
 * @property {string} minutes
 */

/** @param {number[]} values */
export function median(values) {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  /** @param {number} index */
  const at = (index) => sorted[index] ?? Number.NaN;
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
}

/**
 * One side (API or bare) over its rounds: medians of req/s and of p50/p99, worst max, all errors.
 * @param {Round[]} rounds
 */
function summarise(rounds) {
  return {
    rps: median(rounds.map((round) => round.rps)),
    p50: median(rounds.map((round) => round.latency.p50)),
    p99: median(rounds.map((round) => round.latency.p99)),
    max: Math.max(...rounds.map((round) => round.latency.max)),
    errors: rounds.reduce((total, round) => total + round.errors, 0),
    non2xx: rounds.reduce((total, round) => total + (round.non2xx ?? 0), 0),
    ok: rounds.reduce((total, round) => total + round.ok, 0),
    cpu: {
      target: median(rounds.map((round) => round.cpu.target)),
      postgres: median(rounds.map((round) => round.cpu.postgres)),
      self: median(rounds.map((round) => round.cpu.self)),
      others: median(rounds.map((round) => round.cpu.others)),
    },
  };
}

/**
 * The figures of one engine, from its raw rounds.
 * @param {Skipped | Measured} engineResult
 * @returns {Skipped | Aggregated}
 */
export function aggregate(engineResult) {
  if (engineResult.skipped !== undefined) return engineResult;
  const api = summarise(engineResult.rounds.map((round) => round.api));
  const bare = summarise(engineResult.rounds.map((round) => round.bare));
  const ratio = api.rps / bare.rps;
  return {
    ...engineResult,
    api,
    bare,
    ratio,
    verdicts: {
      throughput: ratio >= TARGETS.minRatio,
      p99: api.p99 <= TARGETS.maxP99Ms && api.errors + api.non2xx === 0,
    },
  };
}

/** @param {number} value */
const ms = (value) => (Number.isFinite(value) ? (value < 10 ? value.toFixed(1) : Math.round(value).toString()) : "-");
/** @param {number} value */
const int = (value) => (Number.isFinite(value) ? Math.round(value).toLocaleString("en-US") : "-");
/** @param {number} value */
const pct = (value) => (Number.isFinite(value) ? `${Math.round(value * 100)}%` : "-");
/**
 * A CPU share in % of one core (medians of two rounds can end in .5).
 * @param {number} value
 */
const cpuPct = (value) => (Number.isFinite(value) ? `${Math.round(value)}%` : "-");
/** @param {boolean} ok */
const verdict = (ok) => (ok ? "met" : "MISSED");

/**
 * [label, value per engine] rows of the summary table.
 * @param {(Skipped | Aggregated)[]} results
 * @returns {[string, string[]][]}
 */
function tableRows(results) {
  let first = true;
  /** @param {(result: Aggregated) => string} fn */
  const cell = (fn) => {
    const cells = results.map((result) => (result.skipped !== undefined ? (first ? "skipped" : "-") : fn(result)));
    first = false;
    return cells;
  };
  return [
    ["API req/s (median of rounds)", cell((r) => int(r.api.rps))],
    ["API latency p50 / p99 / max (ms)", cell((r) => `${ms(r.api.p50)} / ${ms(r.api.p99)} / ${ms(r.api.max)}`)],
    ["API errors / non-2xx", cell((r) => `${r.api.errors} / ${r.api.non2xx}`)],
    ["bare inserts/s (median of rounds)", cell((r) => int(r.bare.rps))],
    ["bare latency p50 / p99 / max (ms)", cell((r) => `${ms(r.bare.p50)} / ${ms(r.bare.p99)} / ${ms(r.bare.max)}`)],
    ["bare errors", cell((r) => String(r.bare.errors))],
    ["ratio API / bare", cell((r) => pct(r.ratio))],
    [`target: ratio >= ${pct(TARGETS.minRatio)}`, cell((r) => verdict(r.verdicts.throughput))],
    [
      `target: API p99 <= ${TARGETS.maxP99Ms} ms, no errors`,
      cell((r) => `${verdict(r.verdicts.p99)} (${ms(r.api.p99)} ms)`),
    ],
    [
      "CPU during API: server / postgres / autocannon",
      cell(
        (r) =>
          `${cpuPct(r.api.cpu.target)} / ${r.engine === "postgres" ? cpuPct(r.api.cpu.postgres) : "-"} / ${cpuPct(r.api.cpu.self)}`,
      ),
    ],
    [
      "CPU during bare: script / postgres",
      cell((r) => `${cpuPct(r.bare.cpu.target)} / ${r.engine === "postgres" ? cpuPct(r.bare.cpu.postgres) : "-"}`),
    ],
    [
      "CPU of other processes during API / bare",
      cell((r) => `${cpuPct(r.api.cpu.others)} / ${cpuPct(r.bare.cpu.others)}`),
    ],
  ];
}

/** @param {(Skipped | Aggregated)[]} results */
export function textTable(results) {
  const header = ["", ...results.map((result) => ENGINE_NAMES[result.engine])];
  const rows = [header, ...tableRows(results).map(([label, cells]) => [label, ...cells])];
  const widths = header.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0)));
  /** @param {string[]} row */
  const line = (row) =>
    row
      .map((text, column) => (column === 0 ? text.padEnd(widths[0] ?? 0) : text.padStart(widths[column] ?? 0)))
      .join("   ");
  return [line(header), widths.map((width) => "-".repeat(width)).join("   "), ...rows.slice(1).map(line)].join("\n");
}

/** @param {(Skipped | Aggregated)[]} results */
function markdownTable(results) {
  const header = `| | ${results.map((result) => ENGINE_NAMES[result.engine]).join(" | ")} |`;
  const rule = `|---|${results.map(() => "---:").join("|")}|`;
  return [header, rule, ...tableRows(results).map(([label, cells]) => `| ${label} | ${cells.join(" | ")} |`)].join(
    "\n",
  );
}

/** @param {Aggregated} result */
function roundsTable(result) {
  const lines = [
    "| round | API req/s | API p50 / p99 / max (ms) | API errors / non-2xx | bare inserts/s | bare p50 / p99 / max (ms) | ratio | CPU server / pg / autocannon / others | CPU bare / pg / others |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const [index, { api, bare }] of result.rounds.entries()) {
    lines.push(
      `| ${index + 1} | ${int(api.rps)} | ${ms(api.latency.p50)} / ${ms(api.latency.p99)} / ${ms(api.latency.max)} | ` +
        `${api.errors} / ${api.non2xx} | ${int(bare.rps)} | ${ms(bare.latency.p50)} / ${ms(bare.latency.p99)} / ${ms(bare.latency.max)} | ` +
        `${pct(api.rps / bare.rps)} | ${api.cpu.target}% / ${api.cpu.postgres}% / ${api.cpu.self}% / ${api.cpu.others}% | ${bare.cpu.target}% / ${bare.cpu.postgres}% / ${bare.cpu.others}% |`,
    );
  }
  return lines.join("\n");
}

/** @param {Aggregated} result */
function rowsCheck(result) {
  /** @type {string[]} */
  const lines = [];
  for (const [side, counts] of Object.entries(result.rowCounts ?? {})) {
    if (!counts) continue;
    /** @param {number} n */
    const perMessage = (n) => (counts.client_messages ? (n / counts.client_messages).toFixed(2) : "-");
    lines.push(
      `- ${side}: ${int(counts.client_messages)} messages, ${int(counts.clients)} clients (${perMessage(counts.clients)} per message), ` +
        `${int(counts.message_service_types)} service links (${perMessage(counts.message_service_types)}), ` +
        `${int(counts.email_outbox)} outbox emails (${perMessage(counts.email_outbox)})`,
    );
  }
  return lines;
}

/** @param {(Skipped | Aggregated)[]} results */
export function verdictLines(results) {
  const lines = [];
  for (const result of results) {
    const name = ENGINE_NAMES[result.engine];
    if (result.skipped !== undefined) {
      lines.push(`${name}: skipped (${result.skipped})`);
      continue;
    }
    lines.push(
      `${name}: throughput ${verdict(result.verdicts.throughput)} (API ${int(result.api.rps)} req/s = ${pct(result.ratio)} of bare ${int(result.bare.rps)}/s, target >= ${pct(TARGETS.minRatio)}); ` +
        `p99 ${verdict(result.verdicts.p99)} (${ms(result.api.p99)} ms, target <= ${TARGETS.maxP99Ms} ms; ${result.api.errors + result.api.non2xx} errors)`,
    );
  }
  return lines;
}

/** "All targets met.", "2 target(s) MISSED.", plus which engines were not measured. */
/** @param {(Skipped | Aggregated)[]} results */
export function overallLine(results) {
  const missed = results
    .filter((r) => r.skipped === undefined)
    .flatMap((r) => Object.values(r.verdicts).filter((ok) => !ok)).length;
  const skipped = results.filter((r) => r.skipped !== undefined).map((r) => ENGINE_NAMES[r.engine]);
  const measured = results.length - skipped.length;
  const verdictText =
    measured === 0 ? "Nothing measured." : missed ? `${missed} target(s) MISSED.` : "All measured targets met.";
  return skipped.length ? `${verdictText} Not measured: ${skipped.join(", ")}.` : verdictText;
}

/**
 * The whole report; `meta` is run.mjs's description of the machine and of the run.
 * @param {{ results: (Skipped | Aggregated)[], meta: Meta }} report
 */
export function markdown({ results, meta }) {
  const sections = results
    .filter((result) => result.skipped === undefined)
    .map((result) =>
      [
        `### ${ENGINE_NAMES[result.engine]}`,
        "",
        `Server ready (spawn to first /api/health) in ${(result.serverReadyMs / 1000).toFixed(1)} s; bare script ready in ${(result.bareReadyMs / 1000).toFixed(1)} s; ${result.storage}.`,
        "",
        roundsTable(result),
        "",
        "Rows written (same work per request on both sides: 2 service links and ~1.8 outbox emails per message, a repeated address having no second confirmation that day, ~0.8 clients per message):",
        "",
        ...rowsCheck(result),
        "",
        `Wall time for this engine: ${result.wallSeconds.toFixed(0)} s.`,
        ...(result.profiles?.server
          ? ["", profileMarkdown(`${ENGINE_NAMES[result.engine]} API server`, result.profiles.server)]
          : []),
        ...(result.profiles?.bare
          ? ["", profileMarkdown(`${ENGINE_NAMES[result.engine]} bare script`, result.profiles.bare)]
          : []),
      ].join("\n"),
    );
  return `# API benchmark: \`POST /api/client\`

Generated by \`${meta.command}\` (bench/api, see its README). Do not edit by hand.

Targets (docs quality bar "API"): throughput >= ${pct(TARGETS.minRatio)} of a bare script doing the same INSERT on the
same database, and p99 <= ${TARGETS.maxP99Ms} ms, at ${meta.connections} connections, on PGlite and on PostgreSQL.
**${overallLine(results)}**

${markdownTable(results)}

${verdictLines(results)
  .map((line) => `- ${line}`)
  .join("\n")}

## Machine and run

| | |
|---|---|
| date | ${meta.date} |
| command | \`${meta.command}\` |
| CPU | ${meta.cpus} x ${meta.cpuModel} |
| memory | ${meta.memoryGiB} GiB |
| Node | ${meta.node} |
| PostgreSQL | ${meta.postgres} |
| packages | fastify ${meta.versions.fastify}, @electric-sql/pglite ${meta.versions.pglite}, pg ${meta.versions.pg}, autocannon ${meta.versions.autocannon} |
| load average (1 min) at start / end | ${meta.loadStart} / ${meta.loadEnd} |
| load | ${meta.connections} connections, ${meta.warmup} s warm-up per side, then ${meta.rounds} round(s) of ${meta.duration} s per side, API and bare interleaved${meta.idempotency ? ", with an Idempotency-Key per request" : ", no Idempotency-Key"}${meta.profile ? ", under the CPU profiler (slower)" : ""} |
| total wall time | ${meta.minutes} min |

## Details per engine

${sections.join("\n\n")}

## How to read it

- API: autocannon in the benchmark process, ${meta.connections} keep-alive connections, one request in flight each, against
  the real server (\`node --import tsx apps/api/src/server.ts\`, own process group, SERVE_WEB=false, LOG_LEVEL=warn,
  rate limit lifted, STAFF_NOTIFY_EMAIL set so each request queues two emails, no SMTP). Latency is that of 2xx
  answers, in whole milliseconds. Errors are connection errors and timeouts; non-2xx are counted apart and both
  fail the p99 target.
- Bare: \`bench/api/bare.ts\` calls the server's own \`insertContactRequests\` (one request per statement) with the parameters service.ts would give
  it (same template emails, same hash), ${meta.connections} concurrent workers in a closed loop; on PostgreSQL through a pg
  Pool of 10 (the server's pool size), on PGlite in its own process on its own data directory (PGlite is
  single-process). Each side has its own fresh database.
- Medians over rounds; the max column is the worst round. Each round opens 50 new connections: on a saturated
  server thread (PGlite) the last ones wait for their first answer, which shows in a round's max, not its p99. CPU shares are % of one core over a round
  (\`/proc\`): "server" is the API process (with PGlite, the database runs inside it), "postgres" all PostgreSQL
  processes, "autocannon" the load generator, "others" every other process on the machine (someone
  else's work: the noise of the measure). The machine has ${meta.cpus} cores (${meta.cpus * 100}%) shared by all of them.
- The load average at the end includes the benchmark's own processes (2-3 on a busy 2-core machine);
  the "others" CPU share is the better noise indicator.
`;
}
