// Percentiles, verdicts and the report of the CRM benchmark (text for the terminal, Markdown for docs/).
import { BUSY_CONTACT_EMAIL, describeCall } from "./calls.mjs";

export const TARGET_P95_MS = 50;
export const ENGINE_NAMES = { pglite: "PGlite", postgres: "PostgreSQL" };

/** @typedef {keyof typeof ENGINE_NAMES} Engine */
/** @typedef {ReturnType<typeof summarise>} Stats */
/**
 * One call's figures on one engine: its latency, its failed requests and what its answer held.
 * @typedef {object} CallResult
 * @property {import("./calls.mjs").CrmCall} call
 * @property {string | undefined} answer
 * @property {string[]} failures
 * @property {Stats} stats
 */
/**
 * The rows of the data measured and their size on disk (run.mjs's dataFacts).
 * @typedef {object} DataFacts
 * @property {number} messages
 * @property {number} clients
 * @property {number} listed
 * @property {number} links
 * @property {number} tasks
 * @property {number} openTasks
 * @property {number} events
 * @property {number} notes
 * @property {number} staff
 * @property {number | null} busyClientId
 * @property {number} companies
 * @property {number} quotes
 * @property {number} orders
 * @property {number | null} busyCompanyId
 * @property {number | null} quoteId
 * @property {string} size
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
 * @property {DataFacts} data
 * @property {{ command: string, seconds: number, output: string[] } | undefined} seed
 * @property {string} storage
 * @property {number} serverReadyMs
 * @property {number} rounds
 * @property {number} perRound
 * @property {number} roundBudgetMs
 * @property {number} warmup
 * @property {CallResult[]} calls
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
 * @property {Record<"fastify" | "pglite" | "pg", string>} versions
 * @property {string} loadStart
 * @property {string} loadEnd
 * @property {string} minutes
 */

/**
 * Nearest-rank percentile of sorted numbers.
 * @param {number[]} sorted
 * @param {number} p
 */
export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

/**
 * Latency figures of one call from its samples (ms), pooled over rounds, plus each round's p95.
 * @param {number[]} samples
 * @param {number[][]} roundSamples
 */
export function summarise(samples, roundSamples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const roundP95 = roundSamples.map((round) =>
    percentile(
      [...round].sort((a, b) => a - b),
      95,
    ),
  );
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    roundP95Min: roundP95.length > 0 ? Math.min(...roundP95) : Number.NaN,
    roundP95Max: roundP95.length > 0 ? Math.max(...roundP95) : Number.NaN,
  };
}

/** @param {number} value */
const ms = (value) => (Number.isFinite(value) ? (value < 10 ? value.toFixed(1) : Math.round(value).toString()) : "-");
/** @param {number} value */
export const int = (value) => (Number.isFinite(value) ? Math.round(value).toLocaleString("en-US") : "-");
/**
 * Met when the p95 is within the target and no request failed.
 * @param {{ call: { targetMs?: number }, stats: Stats, failures: string[] }} figures
 */
const meets = ({ call, stats, failures }) => stats.p95 <= (call.targetMs ?? TARGET_P95_MS) && failures.length === 0;

/**
 * "503 x12": the statuses of failed requests and how often each came.
 * @param {string[]} failures
 */
const failureCodes = (failures) => {
  const counts = new Map();
  for (const failure of failures) {
    const code = failure.split(" ")[0];
    counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  return [...counts].map(([code, count]) => `${code} x${count}`).join(", ");
};

/** @param {Measured} result */
function rows(result) {
  return result.calls.map(({ call, stats, answer, failures }) => [
    call.label,
    answer ?? "-",
    `${stats.n}${failures.length > 0 ? ` (+${failures.length} failed: ${failureCodes(failures)})` : ""}`,
    ms(stats.p50),
    ms(stats.p95),
    ms(stats.p99),
    ms(stats.max),
    Number.isFinite(stats.roundP95Min) ? `${ms(stats.roundP95Min)}-${ms(stats.roundP95Max)}` : "-",
    `${meets({ call, stats, failures }) ? "met" : "MISSED"}${call.targetMs ? ` (<= ${call.targetMs} ms)` : ""}`,
  ]);
}

const HEADER = ["call", "found", "requests", "p50", "p95", "p99", "max", "p95 per round", `p95 <= ${TARGET_P95_MS} ms`];

/** @param {Measured} result */
export function textTable(result) {
  const all = [HEADER, ...rows(result)];
  const widths = HEADER.map((_, column) => Math.max(...all.map((row) => row[column]?.length ?? 0)));
  /** @param {string[]} row */
  const line = (row) =>
    row
      .map((text, column) => (column < 3 ? text.padEnd(widths[column] ?? 0) : text.padStart(widths[column] ?? 0)))
      .join("  ");
  return [line(HEADER), widths.map((width) => "-".repeat(width)).join("  "), ...all.slice(1).map(line)].join("\n");
}

/** @param {Measured[]} results */
export function missedCalls(results) {
  return results.flatMap((result) =>
    result.calls
      .filter((entry) => !meets(entry))
      .map(
        ({ call, stats, failures }) =>
          `${ENGINE_NAMES[result.engine]} ${call.label} (p95 ${ms(stats.p95)} ms${failures.length > 0 ? `, ${failures.length} failed` : ""})`,
      ),
  );
}

/** @param {(Skipped | Measured)[]} results */
export function overallLine(results) {
  const measured = results.filter((result) => result.skipped === undefined);
  const skipped = results.filter((result) => result.skipped !== undefined).map((result) => ENGINE_NAMES[result.engine]);
  const missed = missedCalls(measured);
  const text =
    measured.length === 0
      ? "Nothing measured."
      : missed.length > 0
        ? `p95 target MISSED by ${missed.length} call(s): ${missed.join("; ")}.`
        : `Every call met p95 <= ${TARGET_P95_MS} ms.`;
  return skipped.length > 0 ? `${text} Not measured: ${skipped.join(", ")}.` : text;
}

/** @param {Skipped | Measured} result */
function engineSection(result) {
  const name = ENGINE_NAMES[result.engine];
  if (result.skipped !== undefined) return `## ${name}\n\nSkipped: ${result.skipped}`;
  const { data } = result;
  const table = [
    `| ${HEADER.join(" | ")} |`,
    `|---|---|${HEADER.slice(2)
      .map(() => "---:")
      .join("|")}|`,
    ...rows(result).map((row) => `| ${row.join(" | ")} |`),
  ];
  const seeded = result.seed
    ? `Seeded by \`${result.seed.command}\` in ${result.seed.seconds.toFixed(0)} s (whole command, migrations included):`
    : "An existing database, not seeded by this run.";
  return [
    `## ${name}: ${int(data.messages)} messages, ${int(data.clients)} contacts`,
    "",
    `${int(data.messages)} messages from ${int(data.clients)} contacts (${int(data.listed)} in the main list), ` +
      `${int(data.links)} message-service links, ${int(data.staff)} active staff accounts, ${int(data.tasks)} tasks ` +
      `(${int(data.openTasks)} open), ${int(data.events)} timeline events, ${int(data.notes)} internal notes, ` +
      `${int(data.companies)} companies, ${int(data.quotes)} quotes and ${int(data.orders)} orders; ` +
      `${data.size} on disk (${result.storage}).`,
    seeded,
    ...(result.seed ? ["", "```", ...result.seed.output, "```"] : []),
    "",
    `Latency in ms; ${result.rounds} rounds of up to ${result.perRound} requests per call (fewer when a call's round ` +
      `passes ${result.roundBudgetMs / 1000} s), after up to ${result.warmup} warm-up requests per call; ` +
      `server ready in ${(result.serverReadyMs / 1000).toFixed(1)} s.`,
    "",
    ...table,
  ].join("\n");
}

/** @param {{ results: (Skipped | Measured)[], meta: Meta }} report */
export function markdown({ results, meta }) {
  return `# CRM benchmark: list, search, filters, board, tasks, timeline and dashboard

Generated by \`${meta.command}\` (bench/crm, see its README). Do not edit by hand.

Targets, through HTTP against the real server: CRM list and search p95 <= ${TARGET_P95_MS} ms with 1,000,000 messages on
PostgreSQL, and 100,000 on PGlite (docs quality bar "API"); issue 13: with the same data (owners, stages and
~300,000 tasks seeded too), the follow-up filters, the board's columns (first 50 cards each), \`/crm/tareas\` and
the timeline of a contact with 500 events, p95 <= ${TARGET_P95_MS} ms on PostgreSQL. The dashboard (its follow-up
figures included) is measured with the same bar. Issue 33: with companies, quotes (one per ten messages) and orders
(one per accepted quote) seeded too, a company's page, the quote and order lists and the board with its values,
p95 <= ${TARGET_P95_MS} ms, and a quote's PDF p95 <= 200 ms.
**${overallLine(results)}**

${results.map(engineSection).join("\n\n")}

## Requests

${/** @type {Measured | undefined} */ (results[0])?.calls.map(({ call }) => `- ${call.label}: \`${describeCall(call)}\``).join("\n") ?? ""}

## Machine and run

| | |
|---|---|
| date | ${meta.date} |
| command | \`${meta.command}\` |
| CPU | ${meta.cpus} x ${meta.cpuModel} |
| memory | ${meta.memoryGiB} GiB |
| Node | ${meta.node} |
| PostgreSQL | ${meta.postgres} |
| packages | fastify ${meta.versions.fastify}, @electric-sql/pglite ${meta.versions.pglite}, pg ${meta.versions.pg} |
| load average (1 min) at start / end | ${meta.loadStart} / ${meta.loadEnd} |
| total wall time | ${meta.minutes} min |

## How to read it

- "requests" is how many answers the percentiles are computed from; failed ones (e.g. a 503 when the server's pool
  cancels a query after 2.5 s) are counted apart and fail the target.
- One request at a time (no concurrency), from this script to the real server
  (\`node --import tsx apps/api/src/server.ts\`, own process group, SERVE_WEB=false, LOG_LEVEL=warn), signed in as
  staff with a bearer token: the latency a person sees, minus the network. Timed from sending the request to
  having parsed the whole JSON answer (a page: 10 contacts with up to 20 messages each; the board: six columns of
  up to 50 cards; tasks: up to 200; the timeline: up to 500 events).
- Calls are interleaved: each round runs every call in turn, so machine noise spreads over all of them. Percentiles
  are nearest-rank over all rounds; "p95 per round" shows how much the p95 moved between rounds (noise).
- "found" is what the answer holds: a page's \`totalElements\` (searches stop counting at 10,000: "more than 10,000",
  \`totalIsExact: false\`, decision 015), the board's cards shown of its columns' counts (a product filter counts
  each column up to 1,000), tasks listed of their total, timeline events.
- The data are made by \`npm run db:seed -- --messages N\` (N/4 contacts, 1-2 services per message, two years;
  eight staff accounts and the benchmark's own share 80% of the contacts; stages, N x 0.3 tasks of which 30% open
  and due from six days ago to twenty days ahead, an owner and a stage event per contact, and one customer,
  ${"`"}${BUSY_CONTACT_EMAIL}${"`"}, with about 100 messages, 300 stage and owner changes and 100 notes). The benchmark
  signs in as an administrator who owns its share of contacts and tasks: "Mis contactos" and "tasks, mine" are its.
  The machine is shared: the load average shows how busy it was; rerun when it is high.
`;
}
