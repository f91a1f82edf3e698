// Shared by the fault scenarios: the real server in its own process group, fresh databases, leads
// sent the way the web form sends them (Idempotency-Key, retries), and what ended up stored.
// Run through tsx (`node --import tsx`): it reuses the API's TCP proxy and database client.
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { queryRows } from "../../apps/api/src/db/client.ts";
import { prepareDatabase } from "../../apps/api/src/db/setup.ts";
import { TcpProxy } from "../../apps/api/test/tcp-proxy.ts";
import { createCleanup } from "../api/cleanup.mjs";
import { databaseUrl, dropStaleDatabases, PG_ADMIN_URL, withPg } from "../api/postgres.mjs";
import { freePort, startApiServer, tail } from "../api/server.mjs";

export { TcpProxy, tail };

/**
 * Where a scenario's data live: a fresh PostgreSQL database or a PGlite directory. A scenario may
 * note the first administrator's password there.
 * @typedef {{ engine: "postgres", name: string, url: string, dir?: undefined, adminPassword?: string }} PostgresStorage
 * @typedef {{ engine: "pglite", dir: string, url?: undefined, adminPassword?: string }} PgliteStorage
 * @typedef {PostgresStorage | PgliteStorage} Storage
 */
/** @typedef {Awaited<ReturnType<typeof startServer>>} Server */
/**
 * One POST /api/client: its status (0: no answer, then `error` says why), Retry-After and duration.
 * @typedef {{ status: number, retryAfter?: number, error?: string, ms: number }} Attempt
 */
/**
 * How to send: more headers, how long to wait for an answer, and a look at each attempt.
 * @typedef {object} SendOptions
 * @property {Record<string, string>} [headers]
 * @property {number} [timeoutMs]
 * @property {(result: Attempt, attempt: number) => void} [onAttempt]
 */
/**
 * What a scenario reports (run.mjs prints it and writes it to the report).
 * @typedef {{ name: string, note?: string, figures: Record<string, string | number>, checks: Check[] }} ScenarioReport
 * @typedef {ReturnType<typeof check>} Check
 */

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const tmpRoot = path.join(repoRoot, "bench/faults/.tmp");
/**
 * @param {number} ms
 * @returns {Promise<void>}
 */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One cleanup registry for the whole run (process groups, databases, directories). */
export const run = createCleanup("stopping the fault scenarios and cleaning up");

const DB_PREFIX = "faults_";

/**
 * A fresh PostgreSQL database, dropped at cleanup (and by the next run if this one is killed).
 * @returns {Promise<PostgresStorage>}
 */
export async function freshPostgres() {
  const name = `${DB_PREFIX}${process.pid}_${randomBytes(4).toString("hex")}`;
  await withPg(PG_ADMIN_URL, async (admin) => {
    await dropStaleDatabases(admin, DB_PREFIX);
    await admin.query(`create database ${name}`);
  });
  const url = databaseUrl(name);
  run.onCleanup(`database ${name}`, () =>
    withPg(PG_ADMIN_URL, (admin) => admin.query(`drop database if exists ${name} with (force)`)),
  );
  return { engine: "postgres", name, url };
}

/**
 * A fresh PGlite data directory on disk (like production), removed at cleanup.
 * @returns {PgliteStorage}
 */
export function freshPglite() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-faults-"));
  run.tempDirs.add(dir);
  run.onCleanup(`directory ${dir}`, async () => rmSync(dir, { recursive: true, force: true }));
  return { engine: "pglite", dir };
}

/**
 * The server's environment for `storage`; `url` reaches PostgreSQL another way (through a proxy).
 * @param {Storage} storage
 */
export const storageEnv = (storage, url = storage.url) =>
  storage.engine === "postgres" ? { DATABASE_URL: url } : { DATA_DIR: storage.dir };

/** Monitoring's token of every server the scenarios start: readiness details (database, mailbox) need it. */
export const HEALTH_TOKEN = randomBytes(32).toString("base64url");
export const healthDetailsHeaders = { authorization: `Bearer ${HEALTH_TOKEN}` };

/**
 * The real server in production mode, rate limit lifted unless `env` sets one.
 * @param {string} label
 * @param {Record<string, string | undefined>} env
 */
export async function startServer(label, env) {
  mkdirSync(tmpRoot, { recursive: true });
  const port = await freePort(3600);
  const logFile = path.join(tmpRoot, `${label}.log`);
  const heapProbeFile = path.join(tmpRoot, `${label}.heap.json`);
  const { server, readyMs } = await startApiServer({
    repoRoot,
    port,
    logFile,
    nodeArgs: ["--expose-gc", "--import", "./bench/faults/heap-probe.mjs"],
    env: {
      HEAP_PROBE_FILE: heapProbeFile,
      NODE_ENV: "production",
      JWT_SECRET: randomBytes(48).toString("base64"),
      MFA_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      ADMIN_PASSWORD: `clave-${randomBytes(12).toString("hex")}`,
      SERVE_WEB: "false",
      LOG_LEVEL: "warn",
      CONTACT_RATE_LIMIT: "1000000/min",
      HEALTH_TOKEN,
      ...env,
    },
  });
  return Object.assign(server, { readyMs, logFile, heapProbeFile, log: () => tail(logFile, 20) });
}

/**
 * A fresh PostgreSQL database reached through a TCP proxy (to stop, slow or cut it) and the real
 * server on it: the set-up of every scenario that makes a database fault.
 * @param {string} label
 * @param {Record<string, string | undefined>} [env]
 */
export async function serverBehindProxy(label, env = {}) {
  const storage = await freshPostgres();
  const target = new URL(storage.url);
  const proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
  await proxy.up();
  const server = await startServer(label, { DATABASE_URL: proxy.route(storage.url), ...env });
  return { storage, proxy, server };
}

/**
 * The server's live memory in MiB after a full garbage collection (heap plus the buffers V8 tracks
 * outside it), through bench/faults/heap-probe.mjs: the figure that grows with a leak and not with load.
 * @param {Server} server
 */
export async function liveHeapMiB(server) {
  rmSync(server.heapProbeFile, { force: true });
  process.kill(server.pid, "SIGUSR2");
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    try {
      const { heapUsed, external } = JSON.parse(readFileSync(server.heapProbeFile, "utf8"));
      return Math.round((heapUsed + external) / 1024 / 1024);
    } catch {
      await sleep(50); // not written yet (or half written)
    }
  }
  throw new Error(`the server did not answer the heap probe within 10 s:\n${server.log()}`);
}

/**
 * Resident memory of a process in MiB (Linux).
 * @param {number} pid
 */
export function rssMiB(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Math.round(Number(match[1]) / 1024) : Number.NaN;
}

let leadCount = 0;
/**
 * A contact request as the form sends it, each with its own sender.
 * @param {string} tag
 */
export function lead(tag) {
  leadCount += 1;
  return {
    firstName: "María",
    lastName: "Quishpe",
    email: `${tag}-${leadCount}-${randomBytes(3).toString("hex")}@faults.test`,
    countryCode: "+593",
    phone: "+593991234567",
    company: "Rosas del Valle",
    message: "Quisiera una cotización para 20 hectáreas.",
    serviceList: "Chrysal RVB y RVB Clear, Sea Freight Service",
    consent: true,
  };
}

/**
 * One POST /api/client: status (0: no answer), Retry-After, and how long it took.
 * @param {string} baseUrl
 * @param {object} body
 * @param {string} key
 * @param {SendOptions} [options]
 * @returns {Promise<Attempt>}
 */
export async function postLead(baseUrl, body, key, { headers = {}, timeoutMs = 30_000 } = {}) {
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}/api/client`, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": key, ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.arrayBuffer();
    const retryAfter = Number(response.headers.get("retry-after")) || undefined;
    return { status: response.status, retryAfter, ms: performance.now() - started };
  } catch (caught) {
    // fetch's own errors: a timeout, or a TypeError whose cause has the system's code.
    const error = /** @type {{ name?: string, message?: string, cause?: { code?: string } } | undefined} */ (caught);
    const timedOut = error?.name === "TimeoutError";
    return {
      status: 0,
      error: timedOut ? "timeout" : (error?.cause?.code ?? error?.message),
      ms: performance.now() - started,
    };
  }
}

// The web form's retry behaviour (apps/web/app/features/contact-form/send-contact-request.ts): after a
// network error, 502, 503 or 504 it waits 1 s, 2 s, 4 s (or the Retry-After, if longer and at most
// 8 s) and sends again with the same key; then it gives up and says the request was not sent.
const RETRY_DELAYS_MS = [1000, 2000, 4000];
const MAX_WAIT_MS = 8000;
/** @param {number} status */
const transient = (status) => status === 0 || status === 502 || status === 503 || status === 504;

/**
 * Sends like the form: every attempt is recorded; `acknowledged` when one got a 2xx.
 * @template {object} Body
 * @param {string} baseUrl
 * @param {Body} body
 * @param {SendOptions} [options]
 */
export async function sendLikeForm(baseUrl, body, key = randomUUID(), options = {}) {
  /** @type {Attempt[]} */
  const attempts = [];
  for (let attempt = 0; ; attempt += 1) {
    const result = await postLead(baseUrl, body, key, options);
    attempts.push(result);
    options.onAttempt?.(result, attempt);
    if (result.status >= 200 && result.status < 300) return { key, body, acknowledged: true, attempts };
    const delay = RETRY_DELAYS_MS[attempt];
    const asked = (result.retryAfter ?? 0) * 1000;
    if (!transient(result.status) || delay === undefined || asked > MAX_WAIT_MS) {
      return { key, body, acknowledged: false, attempts };
    }
    await sleep(Math.max(delay, asked));
  }
}

/**
 * Rows per idempotency key in the storage (open it only while no server uses it: PGlite).
 * @param {Storage} storage
 */
export async function storedKeys(storage) {
  const database = await prepareDatabase(
    storage.engine === "postgres" ? { databaseUrl: storage.url, dataDir: "" } : { dataDir: storage.dir },
  );
  try {
    const { sql } = await import("drizzle-orm");
    /** @type {{ key: string, count: number }[]} */
    const rows = await queryRows(
      database.db,
      sql`select idempotency_key as key, count(*)::int as count from client_messages group by 1`,
    );
    return new Map(rows.map((row) => [row.key, Number(row.count)]));
  } finally {
    await database.close();
  }
}

/**
 * Acknowledged keys missing from storage, and keys stored more than once.
 * @param {string[]} acknowledgedKeys
 * @param {Map<string, number>} stored
 */
export function compare(acknowledgedKeys, stored) {
  const missing = acknowledgedKeys.filter((key) => !stored.has(key));
  const duplicates = [...stored.values()].filter((count) => count > 1).length;
  const storedRows = [...stored.values()].reduce((sum, count) => sum + count, 0);
  return { missing: missing.length, duplicates, storedRows };
}

/**
 * Counts of each status over attempts, e.g. {201: 40, 503: 12, "conn": 3}.
 * @param {Pick<Attempt, "status" | "error">[]} attempts
 */
export function statusCounts(attempts) {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const { status, error } of attempts) {
    const label = status === 0 ? (error ?? "no answer") : String(status);
    counts[label] = (counts[label] ?? 0) + 1;
  }
  return counts;
}

/** @param {Record<string, number>} counts */
export const formatCounts = (counts) =>
  Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${status}: ${count}`)
    .join(", ");

/**
 * @param {number[]} values
 * @param {number} p
 */
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * A check of a scenario: a figure, its target, and whether it was met.
 * @param {string} label
 * @param {unknown} ok
 * @param {string} [detail]
 */
export const check = (label, ok, detail) => ({ label, ok: Boolean(ok), detail });

/** --ci: the durations `npm run test:faults` uses (the 15 s outage and the 20 kills stay). */
export const ciMode = process.argv.includes("--ci") || process.env.FAULTS_CI === "1";
