// The HTTP side: autocannon (programmatic) on POST /api/client, and CPU accounting of the processes
// involved, so a result says where the time went (server's one thread, PostgreSQL, load generator).
import { readdirSync, readFileSync } from "node:fs";
// @ts-expect-error autocannon ships no types; its result's shape is written below where it is read.
import autocannon from "autocannon";
import { contactBody } from "./requests.mjs";

/**
 * One side's measure over one window: answers, errors and latency (ms) of the successful ones.
 * @typedef {object} LoadResult
 * @property {number} ok
 * @property {number} errors
 * @property {number} [non2xx]
 * @property {Record<string, { count: number }>} [statusCodes]
 * @property {number} seconds
 * @property {number} rps
 * @property {{ p50: number, p99: number, max: number }} latency
 * @property {string} [firstError]
 */

/**
 * Each part's share of one core over an interval, in % (see cpuMeter).
 * @typedef {{ target: number, postgres: number, self: number, others: number }} CpuShares
 */

/**
 * `connections` keep-alive connections, one request in flight each, for `seconds`. Every request gets
 * its own body (a new email, or a repeat every fifth: see requests.mjs); `counter.next` carries on
 * across calls so a warm-up and the rounds never reuse an email by accident.
 * @param {object} options
 * @param {string} options.url
 * @param {number} options.connections
 * @param {number} options.seconds
 * @param {string} options.runId
 * @param {{ next: number }} options.counter
 * @param {boolean} [options.idempotency]
 * @param {string} [options.formToken]
 * @returns {Promise<LoadResult>}
 */
export async function loadContact({ url, connections, seconds, runId, counter, idempotency, formToken }) {
  /**
   * @type {{ "2xx": number, errors: number, timeouts: number, non2xx: number, duration: number,
   *   statusCodeStats: Record<string, { count: number }>, latency: { p50: number, p99: number, max: number } }}
   */
  const result = await autocannon({
    url: `${url}/api/client`,
    connections,
    pipelining: 1,
    duration: seconds,
    timeout: 10,
    requests: [
      {
        method: "POST",
        /** @param {{ headers?: Record<string, string> }} request */
        setupRequest: (request) => {
          const n = counter.next++;
          /** @type {Record<string, string>} */
          const headers = { ...request.headers, "content-type": "application/json" };
          if (idempotency) headers["idempotency-key"] = `bench-${runId}-${n}`;
          return { ...request, headers, body: JSON.stringify(contactBody(runId, n, formToken)) };
        },
      },
    ],
  });
  const ok = result["2xx"];
  return {
    ok,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    statusCodes: result.statusCodeStats,
    seconds: result.duration,
    rps: ok / result.duration,
    // autocannon records the latency of 2xx answers only, in whole milliseconds.
    latency: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
  };
}

const TICKS = 100; // USER_HZ on Linux

/**
 * utime + stime of one process, in seconds (0 when it is gone or /proc is missing).
 * @param {number | string} pid
 */
function processCpu(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

/** CPU seconds of each PostgreSQL server process (backends, WAL writer, checkpointer...), by pid. */
function postgresCpu() {
  /** @type {Map<string, number>} */
  const byPid = new Map();
  /** @type {string[]} */
  let entries = [];
  try {
    entries = readdirSync("/proc");
  } catch {
    return byPid;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      if (name === "postgres") byPid.set(entry, processCpu(entry));
    } catch {
      // Exited meanwhile.
    }
  }
  return byPid;
}

/**
 * CPU PostgreSQL used between two snapshots: per process, so a backend that exits meanwhile (a pool
 * closing idle connections) does not subtract its whole life. What an exited process used in the
 * interval is lost: a slight underestimate.
 * @param {Map<string, number>} before
 * @param {Map<string, number>} after
 */
function postgresDelta(before, after) {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/**
 * CPU seconds all processes of the machine used (all cores; user + nice + system, like a process's
 * utime + stime: interrupts and the hypervisor's steal are left out), from /proc/stat.
 */
function machineBusy() {
  try {
    // The first line: "cpu" and the whole machine's times, user nice system idle ...
    const [, ...fields] = (readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "").trim().split(/\s+/);
    const [user = Number.NaN, nice = Number.NaN, system = Number.NaN] = fields.map(Number);
    return (user + nice + system) / TICKS;
  } catch {
    return 0;
  }
}

/**
 * Starts counting CPU time; `stop()` gives each part's share of one core over the interval, in %:
 * `target` (the server or the bare script's process), `postgres` (all its processes), `self` (this
 * process: autocannon's load generator, or almost nothing while the bare script runs) and `others`
 * (everything else on the machine: other people's work, the noise of the measure).
 * @param {number} targetPid
 * @returns {{ stop(): CpuShares }}
 */
export function cpuMeter(targetPid) {
  const start = {
    at: process.hrtime.bigint(),
    target: processCpu(targetPid),
    pg: postgresCpu(),
    self: process.cpuUsage(),
    machine: machineBusy(),
  };
  return {
    stop() {
      const wall = Number(process.hrtime.bigint() - start.at) / 1e9;
      const selfUsage = process.cpuUsage(start.self);
      const target = processCpu(targetPid) - start.target;
      const postgres = postgresDelta(start.pg, postgresCpu());
      const self = (selfUsage.user + selfUsage.system) / 1e6;
      const machine = machineBusy() - start.machine;
      /** @param {number} seconds */
      const share = (seconds) => Math.round((100 * seconds) / wall);
      return {
        target: share(target),
        postgres: share(postgres),
        self: share(self),
        others: Math.max(0, share(machine - target - postgres - self)),
      };
    },
  };
}
