// `npm run bench:api` — POST /api/client under load (autocannon, 50 connections) against the real
// server, next to a bare script doing the same INSERT on the same engine; PGlite and PostgreSQL side
// by side; verdicts against the quality guide ("API"); Markdown report.
//   node bench/api/run.mjs [--engine pglite|postgres|both] [--duration 10] [--rounds 3] [--warmup 3]
//                          [--connections 50] [--idempotency] [--profile] [--out file.md]
// Exit code is 0 when targets are missed (it is a report); non-zero only if the benchmark broke.
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createCleanup } from "./cleanup.mjs";
import { cpuMeter, loadContact } from "./load.mjs";
import { databaseUrl, dropStaleDatabases, PG_ADMIN_URL, withPg } from "./postgres.mjs";
import { monotonicUs, profileText, summariseProfile } from "./profile.mjs";
import { aggregate, ENGINE_NAMES, markdown, overallLine, textTable, verdictLines } from "./report.mjs";
import { STAFF_NOTIFY_EMAIL } from "./requests.mjs";
import { freePort, startApiServer, startBare } from "./server.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, "../..");
const TMP = path.join(HERE, ".tmp"); // git-ignored: logs and partial reports
const DOC = path.join(REPO, "docs/benchmarks/api.md");
const BARE_SCRIPT = path.join(HERE, "bare.ts");
/** PostgreSQL server used to create the two fresh databases (trust auth on loopback here). */
const PUBLIC_URL = "https://floraprotect.example";
const DB_PREFIX = "bench_api_";
const DEFAULTS = { duration: 10, rounds: 3, warmup: 3, connections: 50 };

/** @typedef {import("./report.mjs").Engine} Engine */
/** @typedef {import("./report.mjs").Round} Round */

const { values: args } = parseArgs({
  options: {
    engine: { type: "string", default: "both" },
    duration: { type: "string" },
    rounds: { type: "string" },
    warmup: { type: "string" },
    connections: { type: "string" },
    idempotency: { type: "boolean", default: false },
    profile: { type: "boolean", default: false },
    out: { type: "string" },
  },
});
/**
 * @param {keyof typeof DEFAULTS} name
 * @param {number} fallback
 */
const positiveInt = (name, fallback, min = 1) => {
  const value = Number(args[name] ?? fallback);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be an integer >= ${min}`);
  return value;
};
const duration = positiveInt("duration", DEFAULTS.duration);
const rounds = positiveInt("rounds", DEFAULTS.rounds);
const warmup = positiveInt("warmup", DEFAULTS.warmup, 0);
const connections = positiveInt("connections", DEFAULTS.connections);
if (!["pglite", "postgres", "both"].includes(args.engine)) throw new Error("--engine must be pglite, postgres or both");
/** @type {Engine[]} */
const engines = args.engine === "both" ? ["pglite", "postgres"] : [/** @type {Engine} */ (args.engine)]; // checked above
// A quick or partial run must not overwrite the committed report of a full one.
const fullRun =
  engines.length === 2 &&
  duration >= DEFAULTS.duration &&
  rounds >= DEFAULTS.rounds &&
  connections === DEFAULTS.connections &&
  !args.idempotency &&
  !args.profile;
const outFile = args.out ? path.resolve(args.out) : fullRun ? DOC : path.join(TMP, "api-partial.md");

const { cleanup, onCleanup, tempDirs, isCleaning } = createCleanup(
  "stopping the servers, dropping the databases, removing temporary files…",
);

const COUNTED_TABLES = ["clients", "client_messages", "message_service_types", "email_outbox"];
const countQuery = `select ${COUNTED_TABLES.map((table) => `(select count(*) from ${table})::int as ${table}`).join(", ")}`;

/**
 * Rows per table, read after the writer closed the database (PGlite allows one process at a time).
 * @param {Engine} engine
 * @param {string} where
 * @returns {Promise<import("./report.mjs").RowCounts>}
 */
async function countRows(engine, where) {
  if (engine === "postgres") {
    return withPg(where, async (client) => (await client.query(countQuery)).rows[0]);
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const db = await PGlite.create(where);
  try {
    return (await db.query(countQuery)).rows[0];
  } finally {
    await db.close();
  }
}

/**
 * Storage for the two sides: two fresh PGlite directories, or two fresh PostgreSQL databases.
 * @param {Engine} engine
 */
async function prepareStorage(engine) {
  if (engine === "pglite") {
    const dir = mkdtempSync(path.join(os.tmpdir(), "bench-api-"));
    tempDirs.add(dir);
    const dropTemp = onCleanup(`remove ${dir}`, async () => {
      rmSync(dir, { recursive: true, force: true });
      tempDirs.delete(dir);
    });
    return {
      description: `fresh data directories on disk under ${dir}`,
      server: { DATA_DIR: path.join(dir, "server") },
      bare: { BENCH_DATA_DIR: path.join(dir, "bare") },
      countWhere: { api: path.join(dir, "server"), bare: path.join(dir, "bare") },
      drop: dropTemp,
    };
  }
  const tag = `${DB_PREFIX}${process.pid}_${randomBytes(3).toString("hex")}`;
  const names = { api: `${tag}_server`, bare: `${tag}_bare` };
  const dropAll = () =>
    withPg(PG_ADMIN_URL, async (admin) => {
      for (const name of Object.values(names)) await admin.query(`drop database if exists "${name}" with (force)`);
    });
  // Registered before creating: "if exists" makes it right whatever was created when it runs.
  const drop = onCleanup(`drop databases ${tag}_*`, dropAll);
  await withPg(PG_ADMIN_URL, async (admin) => {
    await dropStaleDatabases(admin, DB_PREFIX);
    for (const name of Object.values(names)) await admin.query(`create database "${name}"`);
  });
  return {
    description: `fresh databases ${names.api} and ${names.bare} on ${new URL(PG_ADMIN_URL).host}`,
    server: { DATABASE_URL: databaseUrl(names.api) },
    bare: { BENCH_DATABASE_URL: databaseUrl(names.bare) },
    countWhere: { api: databaseUrl(names.api), bare: databaseUrl(names.bare) },
    drop,
  };
}

/** Why PostgreSQL cannot be used, or undefined when it answers. */
async function postgresUnavailable() {
  try {
    await withPg(PG_ADMIN_URL, (admin) => admin.query("select 1"));
    return undefined;
  } catch (error) {
    return `${new URL(PG_ADMIN_URL).host} is unreachable: ${/** @type {Error} */ (error).message}`;
  }
}

/** @param {Round} round */
const fmt = (round) =>
  `${Math.round(round.rps)}/s p50 ${round.latency.p50.toFixed(1)} p99 ${round.latency.p99.toFixed(1)} max ${round.latency.max.toFixed(0)} ms` +
  `${round.errors ? `, ${round.errors} errors` : ""}${round.non2xx ? `, ${round.non2xx} non-2xx` : ""}`;

/**
 * @param {Engine} engine
 * @returns {Promise<import("./report.mjs").Skipped | import("./report.mjs").Measured>}
 */
async function benchEngine(engine) {
  const started = Date.now();
  const name = ENGINE_NAMES[engine];
  if (engine === "postgres") {
    const why = await postgresUnavailable();
    if (why) {
      console.log(`\n${name}: skipped, ${why}`);
      return { engine, skipped: why };
    }
  }
  console.log(`\n== ${name} ==`);
  const storage = await prepareStorage(engine);
  const runId = `${engine}${process.pid}x${randomBytes(2).toString("hex")}`;
  const logDir = path.join(TMP, engine);
  rmSync(logDir, { recursive: true, force: true });
  mkdirSync(logDir, { recursive: true });
  // --profile: V8 CPU profiles of the server and of the bare script, written when they exit.
  /** @param {string} name */
  const profileArgs = (name) =>
    args.profile ? ["--cpu-prof", "--cpu-prof-dir", path.join(logDir, `profile-${name}`)] : [];

  // The real server and the bare script, each on its own fresh database, each in its own process group.
  const port = await freePort(3400);
  const { server, readyMs: serverReadyMs } = await startApiServer({
    repoRoot: REPO,
    port,
    logFile: path.join(logDir, "server.log"),
    nodeArgs: profileArgs("server"),
    env: {
      NODE_ENV: "production",
      // Production refuses to start without a signing key for staff tokens (decision 014).
      JWT_SECRET: randomBytes(48).toString("base64url"),
      MFA_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      SERVE_WEB: "false",
      LOG_LEVEL: "warn",
      CONTACT_RATE_LIMIT: "1000000000/s",
      STAFF_NOTIFY_EMAIL,
      PUBLIC_URL,
      SMTP_URL: "",
      DATABASE_URL: "",
      ...storage.server,
    },
  });
  const stopServer = onCleanup(`stop server ${server.pid}`, () => server.stop());
  console.log(`API server ${server.url} (pid group ${server.pid}) ready in ${(serverReadyMs / 1000).toFixed(1)} s`);
  const bare = await startBare({
    repoRoot: REPO,
    script: BARE_SCRIPT,
    logFile: path.join(logDir, "bare.log"),
    nodeArgs: profileArgs("bare"),
    env: {
      BENCH_ENGINE: engine,
      BENCH_CONNECTIONS: String(connections),
      BENCH_RUN_ID: `${runId}b`,
      ...storage.bare,
    },
  });
  const stopBare = onCleanup(`stop bare script ${bare.pid}`, () => bare.stop());
  console.log(`Bare script (pid group ${bare.pid}) ready in ${(bare.readyMs / 1000).toFixed(1)} s`);

  // One request first: a broken server should fail loudly, not as a table full of non-2xx.
  const { contactBody, personsFormToken } = await import("./requests.mjs");
  const formToken = await personsFormToken(server.url);
  const probe = await fetch(`${server.url}/api/client`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(contactBody(`${runId}probe`, 0, formToken)),
  });
  if (probe.status !== 201) throw new Error(`POST /api/client answered ${probe.status}: ${await probe.text()}`);

  const counter = { next: 0 };
  /** @param {number} seconds */
  const api = async (seconds) => {
    const meter = cpuMeter(server.pid);
    const result = await loadContact({
      url: server.url,
      connections,
      seconds,
      runId,
      counter,
      idempotency: args.idempotency,
      formToken,
    });
    return { ...result, cpu: meter.stop() };
  };
  /** @param {number} seconds @param {string} label */
  const bareRun = async (seconds, label) => {
    const meter = cpuMeter(bare.pid);
    const result = await bare.run(seconds, label);
    return { ...result, cpu: meter.stop() };
  };

  if (warmup > 0) {
    console.log(`warm-up ${warmup} s each…`);
    console.log(`  API  ${fmt(await api(warmup))}`);
    console.log(`  bare ${fmt(await bareRun(warmup, "warm-up"))}`);
  }
  /** @type {{ api: Round, bare: Round }[]} */
  const results = [];
  /** @type {Record<"api" | "bare", [number, number][]>} */
  const windows = { api: [], bare: [] };
  for (let round = 1; round <= rounds; round += 1) {
    // Alternate which side goes first, so a slow drift of the machine does not favour one side.
    /** @type {("api" | "bare")[]} */
    const order = round % 2 ? ["api", "bare"] : ["bare", "api"];
    /** @type {Partial<Record<"api" | "bare", Round>>} */
    const entry = {};
    for (const side of order) {
      await sleep(500);
      const from = monotonicUs();
      entry[side] = side === "api" ? await api(duration) : await bareRun(duration, `round ${round}`);
      windows[side].push([from, monotonicUs()]);
      const { cpu } = entry[side];
      console.log(
        `  round ${round}/${rounds} ${side.padEnd(4)} ${fmt(entry[side])}  CPU ${side === "api" ? "server" : "script"} ${cpu.target}%` +
          `${engine === "postgres" ? ` postgres ${cpu.postgres}%` : ""}${side === "api" ? ` autocannon ${cpu.self}%` : ""} others ${cpu.others}%`,
      );
      if (entry[side].firstError) console.log(`    first error: ${entry[side].firstError}`);
    }
    results.push(/** @type {{ api: Round, bare: Round }} */ (entry)); // both sides ran
  }

  // Stop both writers, then check both sides did the same work per request.
  await stopServer();
  await stopBare();
  /** @type {Record<string, import("./report.mjs").RowCounts | undefined>} */
  const rowCounts = {};
  for (const [side, where] of Object.entries(storage.countWhere)) {
    rowCounts[side === "api" ? "API database" : "bare database"] = await countRows(engine, where).catch((error) => {
      console.error(`row count (${side}): ${/** @type {Error} */ (error).message}`);
      return undefined;
    });
  }
  await storage.drop();

  /** @type {import("./report.mjs").Measured["profiles"]} */
  const profiles = {};
  if (args.profile) {
    for (const side of /** @type {const} */ (["server", "bare"])) {
      try {
        profiles[side] = summariseProfile(path.join(logDir, `profile-${side}`), {
          windows: side === "server" ? windows.api : windows.bare,
        });
      } catch (error) {
        console.error(`profile (${side}): ${/** @type {Error} */ (error).message}`);
      }
      console.log(`\n${profileText(`${name} ${side === "server" ? "API server" : "bare script"}`, profiles[side])}`);
    }
  }

  return {
    engine,
    rounds: results,
    rowCounts,
    profiles,
    serverReadyMs,
    bareReadyMs: bare.readyMs,
    storage: storage.description,
    wallSeconds: (Date.now() - started) / 1000,
  };
}

function machine() {
  /** @param {string} pkg */
  const version = (pkg) => {
    try {
      return JSON.parse(readFileSync(path.join(REPO, "node_modules", pkg, "package.json"), "utf8")).version;
    } catch {
      return "?";
    }
  };
  return {
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model ?? "unknown",
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    versions: {
      fastify: version("fastify"),
      pglite: version("@electric-sql/pglite"),
      pg: version("pg"),
      autocannon: version("autocannon"),
    },
  };
}

async function main() {
  const started = Date.now();
  const loadStart = (os.loadavg()[0] ?? 0).toFixed(2);
  mkdirSync(TMP, { recursive: true });
  console.log(
    `POST /api/client, ${connections} connections, warm-up ${warmup} s, ${rounds} round(s) of ${duration} s per side; ` +
      `engines: ${engines.map((engine) => ENGINE_NAMES[engine]).join(", ")}; load average ${loadStart}`,
  );

  /** @type {(import("./report.mjs").Skipped | import("./report.mjs").Aggregated)[]} */
  const results = [];
  for (const engine of engines) results.push(aggregate(await benchEngine(engine)));

  let postgresVersion = "not measured";
  if (engines.includes("postgres") && !results.find((r) => r.engine === "postgres")?.skipped) {
    postgresVersion = await withPg(
      PG_ADMIN_URL,
      async (admin) => (await admin.query("show server_version")).rows[0].server_version,
    )
      .then((version) => `${version} (${new URL(PG_ADMIN_URL).host})`)
      .catch(() => "unknown");
  }

  console.log(`\n${textTable(results)}\n\n${verdictLines(results).join("\n")}`);
  console.log(`\n${overallLine(results)}`);

  const command = `npm run bench:api${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`;
  const meta = {
    ...machine(),
    postgres: postgresVersion,
    command,
    date: `${new Date().toISOString().replace("T", " ").slice(0, 16)} UTC`,
    loadStart,
    loadEnd: (os.loadavg()[0] ?? 0).toFixed(2),
    connections,
    warmup,
    rounds,
    duration,
    idempotency: args.idempotency,
    profile: args.profile,
    minutes: ((Date.now() - started) / 60_000).toFixed(1),
  };
  console.log(`Load average at start / end: ${meta.loadStart} / ${meta.loadEnd}; ${meta.minutes} min in all.`);
  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(outFile, markdown({ results, meta }));
  console.log(
    `Report written to ${path.relative(REPO, outFile)}${fullRun || args.out ? "" : " (partial run: docs/benchmarks/api.md untouched)"}`,
  );
}

try {
  await main();
} catch (error) {
  // After Ctrl-C the stopped children make the run fail: that is expected, not worth a stack trace.
  if (!isCleaning()) console.error(error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
process.exit(process.exitCode ?? 0);
