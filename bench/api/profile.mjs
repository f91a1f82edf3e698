// Reads the V8 CPU profile the server wrote under `--profile` (node --cpu-prof) and says where its
// one thread spent the time: self time grouped by part of the stack, and the hottest functions.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * A V8 CPU profile (`.cpuprofile`), as much of it as is read here.
 * @typedef {{ url: string, functionName: string, lineNumber: number }} CallFrame
 * @typedef {object} CpuProfile
 * @property {{ id: number, callFrame: CallFrame, children?: number[] }[]} nodes
 * @property {number} startTime
 * @property {number[]} samples
 * @property {number[]} timeDeltas
 */
/** @typedef {CpuProfile["nodes"][number]} ProfileNode */

/**
 * First matching rule names the part; order matters (a wasm frame inside PGlite is "PGlite").
 * @type {[string, (url: string, name: string) => boolean][]}
 */
const PARTS = [
  ["idle (waiting for I/O)", (_url, name) => name === "(idle)"],
  ["garbage collection", (_url, name) => name === "(garbage collector)"],
  ["V8/native (program)", (_url, name) => name === "(program)"],
  ["PGlite (WASM PostgreSQL)", (url) => url.includes("@electric-sql/pglite") || url.startsWith("wasm://")],
  ["pg driver", (url) => /node_modules\/(pg|pg-protocol|pg-pool|pg-types)\//.test(url)],
  ["drizzle-orm", (url) => url.includes("node_modules/drizzle-orm/")],
  ["zod + type provider", (url) => /node_modules\/(zod|fastify-type-provider-zod)\//.test(url)],
  ["pino (logger)", (url) => /node_modules\/(pino|pino-std-serializers|sonic-boom)/.test(url)],
  [
    "fastify and its modules",
    (url) =>
      /node_modules\/(fastify|@fastify|find-my-way|avvio|light-my-request|fast-json-stringify|secure-json-parse|content-type|process-warning|toad-cache|fast-querystring|proxy-addr)/.test(
        url,
      ),
  ],
  ["app code (apps/api, packages/shared)", (url) => url.includes("/apps/api/") || url.includes("/packages/shared/")],
  ["tsx loader", (url) => url.includes("node_modules/tsx/")],
  ["Node HTTP/net/streams", (url) => url.startsWith("node:")],
  ["other node_modules", (url) => url.includes("node_modules/")],
];

/** @param {string} url @param {string} name */
const partOf = (url, name) => PARTS.find(([, test]) => test(url, name))?.[0] ?? "other";

/** Now on the monotonic clock V8 stamps profiles with (same clock in every process), in µs. */
export const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/**
 * The newest .cpuprofile in `dir`, summarised: parts and top functions by self time. With `windows`
 * ([startUs, endUs] pairs from monotonicUs()), only samples inside them count: the measured rounds,
 * not the start-up (migrations) nor the pauses while the other side runs.
 * @param {string} dir
 * @param {{ top?: number, windows?: [number, number][] }} [options]
 */
export function summariseProfile(dir, { top = 15, windows } = {}) {
  // CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile: thread 0 is the main thread (tsx's module
  // loader runs in a worker thread and writes its own, nearly idle, profile).
  const files = readdirSync(dir)
    .filter((name) => /\.0\.\d+\.cpuprofile$/.test(name))
    .sort();
  if (files.length === 0) return undefined;
  const file = path.join(dir, files.at(-1) ?? "");
  /** @type {CpuProfile} */
  const profile = JSON.parse(readFileSync(file, "utf8"));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  // Self time per node from the samples (timeDeltas[i] precedes samples[i]).
  /** @type {Map<number, number>} */
  const selfUs = new Map();
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i += 1) {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (windows && !windows.some(([start, end]) => at >= start && at <= end)) continue;
    const id = /** @type {number} */ (profile.samples[i]); // i < samples.length
    selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
  }
  // A native frame (no url: fs and socket bindings, "open", "writev"...) counts for whoever called
  // it: a write of PGlite's data files is PGlite's time, a socket write is Node HTTP's.
  /** @type {Map<number, number>} */
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const SPECIAL = new Set(["(idle)", "(garbage collector)", "(program)", "(root)"]);
  // A native call (fs, socket write...) counts for the first non-Node frame above it: a write of
  // PGlite's data files is PGlite's time, a socket write made by pg is pg's, one made while fastify
  // sends a reply is fastify's. Only what Node does on its own (parsing HTTP) stays Node's.
  /** @param {number} id */
  const callerUrl = (id) => {
    let nearest = "";
    for (let at = parentOf.get(id); at !== undefined; at = parentOf.get(at)) {
      const url = byId.get(at)?.callFrame.url;
      if (!url) continue;
      nearest ||= url;
      if (!url.startsWith("node:")) return url;
    }
    return nearest;
  };
  /** @type {Map<string, number>} */
  const parts = new Map();
  /** @type {Map<string, { us: number, part: string }>} */
  const functions = new Map();
  let total = 0;
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (!node) continue; // every sample names a node of the profile
    const { callFrame } = node;
    const native = !callFrame.url && !SPECIAL.has(callFrame.functionName);
    const url = native ? callerUrl(id) : callFrame.url;
    const part = partOf(url, callFrame.functionName);
    parts.set(part, (parts.get(part) ?? 0) + us);
    const where = url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*?\/(apps|packages)\//, "$1/");
    const name = callFrame.functionName || "(anonymous)";
    const key = native
      ? `${name} (native, from ${where || "?"})`
      : `${name} ${where ? `${where}:${callFrame.lineNumber + 1}` : ""}`.trim();
    functions.set(key, { us: (functions.get(key)?.us ?? 0) + us, part });
    total += us;
  }
  const busy = total - (parts.get("idle (waiting for I/O)") ?? 0);
  /** @param {number} us */
  const share = (us) => ({ ms: Math.round(us / 1000), ofTotal: us / total, ofBusy: us / busy });
  return {
    file,
    seconds: total / 1e6,
    busyShare: busy / total,
    parts: [...parts].sort((a, b) => b[1] - a[1]).map(([part, us]) => ({ part, ...share(us) })),
    functions: [...functions]
      .filter(([, { part }]) => part !== "idle (waiting for I/O)")
      .sort((a, b) => b[1].us - a[1].us)
      .slice(0, top)
      .map(([name, { us, part }]) => ({ name, part, ...share(us) })),
  };
}

/** @typedef {NonNullable<ReturnType<typeof summariseProfile>>} ProfileSummary */

/** @param {number} value */
const pct = (value) => `${(value * 100).toFixed(1)}%`;

/**
 * @param {string} engineName
 * @param {ProfileSummary | undefined} summary
 */
export function profileText(engineName, summary) {
  if (!summary) return `${engineName}: no CPU profile was written.`;
  return [
    `${engineName}: CPU profile of the measured rounds (${summary.seconds.toFixed(1)} s sampled, main thread busy ${pct(summary.busyShare)}; shares of busy time)`,
    ...summary.parts
      .filter((part) => part.part !== "idle (waiting for I/O)")
      .map((part) => `  ${part.part.padEnd(40)} ${pct(part.ofBusy).padStart(6)}`),
    "  hottest functions (self time):",
    ...summary.functions.map((fn) => `    ${pct(fn.ofBusy).padStart(6)}  ${fn.name}  [${fn.part}]`),
  ].join("\n");
}

/**
 * @param {string} engineName
 * @param {ProfileSummary | undefined} summary
 */
export function profileMarkdown(engineName, summary) {
  if (!summary) return "";
  return [
    `#### ${engineName}: where the server's thread spends its time`,
    "",
    `\`node --cpu-prof\`, measured rounds only: ${summary.seconds.toFixed(1)} s sampled, main thread busy ${pct(summary.busyShare)}. Shares of busy time:`,
    "",
    "| part | share |",
    "|---|---:|",
    ...summary.parts
      .filter((part) => part.part !== "idle (waiting for I/O)")
      .map((part) => `| ${part.part} | ${pct(part.ofBusy)} |`),
    "",
    "| hottest functions (self time) | part | share |",
    "|---|---|---:|",
    ...summary.functions.map((fn) => `| \`${fn.name.replaceAll("|", "\\|")}\` | ${fn.part} | ${pct(fn.ofBusy)} |`),
  ].join("\n");
}
