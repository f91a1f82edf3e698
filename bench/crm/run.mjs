// `npm run bench:crm` — latency of the CRM's list, search, filters, board, tasks, timeline and dashboard through
// HTTP against the real server,
// at 1,000,000 messages on PostgreSQL and 100,000 on PGlite (seeded by `npm run db:seed`); p50 / p95
// / p99 per call; Markdown report in docs/benchmarks/crm.md.
//   node bench/crm/run.mjs [--engine pglite|postgres|both] [--messages-postgres 1000000]
//                          [--messages-pglite 100000] [--rounds 5] [--requests 40] [--warmup 10]
//                          [--database-url URL] [--data-dir DIR] [--out file.md]
// --database-url / --data-dir measure an existing, already seeded database instead of a fresh one.
// Exit code is 0 when the target is missed (it is a report); non-zero only if the benchmark broke.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createCleanup } from "../api/cleanup.mjs";
import { databaseUrl, dropStaleDatabases, PG_ADMIN_URL, withPg } from "../api/postgres.mjs";
import { freePort, startApiServer, tail } from "../api/server.mjs";
import { answerSummary, BOARD_PRODUCT, BUSY_CONTACT_EMAIL, crmCalls, staffClient } from "./calls.mjs";
import { ENGINE_NAMES, int, markdown, overallLine, summarise, textTable } from "./report.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, "../..");
const TMP = path.join(HERE, ".tmp"); // git-ignored: logs and partial reports
const DOC = path.join(REPO, "docs/benchmarks/crm.md");
const DB_PREFIX = "bench_crm_";
/** Time each call may take per round (and for its warm-up) before it moves on with fewer requests. */
const ROUND_BUDGET_MS = 4000;
const WARMUP_BUDGET_MS = 3000;
const DEFAULTS = { messagesPostgres: 1_000_000, messagesPglite: 100_000, rounds: 5, requests: 40, warmup: 10 };

/** @typedef {import("./report.mjs").Engine} Engine */

const { values: args } = parseArgs({
  options: {
    engine: { type: "string", default: "both" },
    "messages-postgres": { type: "string" },
    "messages-pglite": { type: "string" },
    rounds: { type: "string" },
    requests: { type: "string" },
    warmup: { type: "string" },
    "database-url": { type: "string" },
    "data-dir": { type: "string" },
    out: { type: "string" },
  },
});
/**
 * @param {"messages-postgres" | "messages-pglite" | "rounds" | "requests" | "warmup"} name
 * @param {number} fallback
 */
const positiveInt = (name, fallback, min = 1) => {
  const value = Number(args[name] ?? fallback);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be an integer >= ${min}`);
  return value;
};
const sizes = {
  postgres: positiveInt("messages-postgres", DEFAULTS.messagesPostgres),
  pglite: positiveInt("messages-pglite", DEFAULTS.messagesPglite),
};
const rounds = positiveInt("rounds", DEFAULTS.rounds);
const perRound = positiveInt("requests", DEFAULTS.requests);
const warmup = positiveInt("warmup", DEFAULTS.warmup, 0);
if (!["pglite", "postgres", "both"].includes(args.engine)) throw new Error("--engine must be pglite, postgres or both");
/** @type {Engine[]} */
const engines = args.engine === "both" ? ["pglite", "postgres"] : [/** @type {Engine} */ (args.engine)]; // checked above
// A quick or partial run must not overwrite the committed report of a full one.
const fullRun =
  engines.length === 2 &&
  sizes.postgres >= DEFAULTS.messagesPostgres &&
  sizes.pglite >= DEFAULTS.messagesPglite &&
  rounds >= DEFAULTS.rounds &&
  perRound >= DEFAULTS.requests &&
  !args["database-url"] &&
  !args["data-dir"];
const outFile = args.out ? path.resolve(args.out) : fullRun ? DOC : path.join(TMP, "crm-partial.md");

const { cleanup, onCleanup, tempDirs, isCleaning } = createCleanup(
  "stopping the server and the seeding, dropping the database, removing temporary files…",
);

/** @param {string} prefix */
function makeTempDir(prefix) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.add(dir);
  onCleanup(`remove ${dir}`, async () => {
    rmSync(dir, { recursive: true, force: true });
    tempDirs.delete(dir);
  });
  return dir;
}

/**
 * Where the server's data live: a fresh database (seeded below) or the one given on the command line.
 * @param {Engine} engine
 * @returns {Promise<{ env: { DATA_DIR: string, DATABASE_URL: string }, fresh: boolean, description: string }>}
 */
async function prepareStorage(engine) {
  const scratch = makeTempDir("bench-crm-"); // PGlite data, or the JWT secret's place with PostgreSQL
  if (engine === "pglite") {
    const given = args["data-dir"];
    const dataDir = given ? path.resolve(given) : path.join(scratch, "data");
    return { env: { DATA_DIR: dataDir, DATABASE_URL: "" }, fresh: !given, description: `PGlite files in ${dataDir}` };
  }
  const given = args["database-url"];
  if (given) {
    return { env: { DATABASE_URL: given, DATA_DIR: scratch }, fresh: false, description: "an existing database" };
  }
  const name = `${DB_PREFIX}${process.pid}_${randomBytes(3).toString("hex")}`;
  onCleanup(`drop database ${name}`, () =>
    withPg(PG_ADMIN_URL, (admin) => admin.query(`drop database if exists "${name}" with (force)`)),
  );
  await withPg(PG_ADMIN_URL, async (admin) => {
    await dropStaleDatabases(admin, DB_PREFIX);
    await admin.query(`create database "${name}"`);
  });
  return {
    env: { DATABASE_URL: databaseUrl(name), DATA_DIR: scratch },
    fresh: true,
    description: `fresh database ${name} on ${new URL(PG_ADMIN_URL).host}`,
  };
}

/**
 * `npm run db:seed -- --messages N` as its own niced process; its output goes to the report. The
 * benchmark's account is made first, from ADMIN_USERNAME / ADMIN_PASSWORD in `env`, so it owns its
 * share of the contacts and tasks like the seeded staff (what `owner=me` reads).
 * @param {Record<string, string>} env
 * @param {number} messages
 * @param {string} logFile
 */
async function seed(env, messages, logFile) {
  const seedArgs = ["--messages", String(messages)];
  const command = `npm run db:seed -- ${seedArgs.join(" ")}`;
  console.log(`  seeding: ${command}`);
  const log = openSync(logFile, "w");
  const started = performance.now();
  const child = spawn(
    "nice",
    ["-n", "5", process.execPath, "--import", "tsx", "apps/api/src/cli/seed.ts", ...seedArgs],
    {
      cwd: REPO,
      detached: true,
      stdio: ["ignore", log, log],
      env: { ...process.env, ...env, NODE_ENV: "development" },
    },
  );
  closeSync(log);
  const stop = onCleanup("stop seeding", async () => {
    try {
      // No pid only when spawning failed: the kill then throws, like that of a group already gone.
      process.kill(-(/** @type {number} */ (child.pid)), "SIGKILL");
    } catch {
      // Already gone.
    }
  });
  const code = await new Promise((resolve) => child.once("exit", (exitCode, signal) => resolve(exitCode ?? signal)));
  await stop();
  if (code !== 0) throw new Error(`seeding failed (${code}):\n${tail(logFile)}`);
  const output = readFileSync(logFile, "utf8").trim().split("\n");
  for (const line of output) console.log(`    ${line}`);
  return { command, seconds: (performance.now() - started) / 1000, output };
}

/**
 * `npm run user -- add` on an existing database, for the benchmark to sign in.
 * @param {Record<string, string>} env
 * @param {string} username
 * @param {string} password
 * @param {string} logFile
 */
async function addAccount(env, username, password, logFile) {
  const log = openSync(logFile, "w");
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "apps/api/src/cli/user.ts",
      "add",
      username,
      "--name",
      "Benchmark",
      "--role",
      "administrador",
      "--password",
      password,
    ],
    { cwd: REPO, stdio: ["ignore", log, log], env: { ...process.env, ...env } },
  );
  closeSync(log);
  const code = await new Promise((resolve) => child.once("exit", (exitCode, signal) => resolve(exitCode ?? signal)));
  if (code !== 0) throw new Error(`npm run user -- add ${username} failed (${code}):\n${tail(logFile)}`);
  console.log(`  account ${username} added to the existing database`);
}

const COUNT_SQL = `select (select count(*) from client_messages)::int as messages, (select count(*) from clients)::int as clients,
  (select count(*) from clients where last_message_at is not null)::int as listed,
  (select count(*) from message_service_types)::int as links,
  (select count(*) from tasks)::int as tasks, (select count(*) from tasks where done_at is null)::int as "openTasks",
  (select count(*) from contact_events)::int as events, (select count(*) from internal_notes)::int as notes,
  (select count(*) from users where active)::int as staff,
  (select id from clients where email_key = '${BUSY_CONTACT_EMAIL}') as "busyClientId",
  (select count(*) from companies)::int as companies, (select count(*) from quotes)::int as quotes,
  (select count(*) from orders)::int as orders,
  (select company_id from clients where company_id is not null group by 1 order by count(*) desc, 1 limit 1) as "busyCompanyId",
  (select max(id) from quotes where state = 'aceptada') as "quoteId"`;

/** @param {string} dir */
function directorySize(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}
/** @param {number} bytes */
const mib = (bytes) => `${int(bytes / 2 ** 20)} MiB`;

/**
 * Rows and size of the data measured (PGlite: read before the server opens it; one process at a time).
 * @param {Engine} engine
 * @param {{ DATA_DIR: string, DATABASE_URL: string }} env
 * @returns {Promise<import("./report.mjs").DataFacts>}
 */
async function dataFacts(engine, env) {
  if (engine === "postgres") {
    return withPg(env.DATABASE_URL, async (client) => {
      const counts = (await client.query(COUNT_SQL)).rows[0];
      const size = (await client.query("select pg_database_size(current_database()) as size")).rows[0].size;
      return { ...counts, size: mib(Number(size)) };
    });
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const db = await PGlite.create(env.DATA_DIR, { extensions: { pg_trgm, unaccent } });
  try {
    return { ...(await db.query(COUNT_SQL)).rows[0], size: mib(directorySize(env.DATA_DIR)) };
  } finally {
    await db.close();
  }
}

/**
 * The contact with the most timeline events (PostgreSQL only: PGlite is the server's meanwhile).
 * @param {Engine} engine
 * @param {{ DATABASE_URL: string }} env
 */
async function longestHistory(engine, env) {
  if (engine !== "postgres") return 1;
  return withPg(env.DATABASE_URL, async (client) => {
    const { rows } = await client.query(
      "select client_id from contact_events group by client_id order by count(*) desc limit 1",
    );
    return rows[0]?.client_id ?? 1;
  });
}

/**
 * @param {Engine} engine
 * @returns {Promise<import("./report.mjs").Skipped | import("./report.mjs").Measured>}
 */
async function benchEngine(engine) {
  const name = ENGINE_NAMES[engine];
  if (engine === "postgres" && !args["database-url"]) {
    try {
      await withPg(PG_ADMIN_URL, (admin) => admin.query("select 1"));
    } catch (caught) {
      const error = /** @type {Error} */ (caught);
      console.log(`\n${name}: skipped, ${new URL(PG_ADMIN_URL).host} is unreachable: ${error.message}`);
      return { engine, skipped: `${new URL(PG_ADMIN_URL).host} is unreachable: ${error.message}` };
    }
  }
  console.log(`\n== ${name} ==`);
  const logDir = path.join(TMP, engine);
  rmSync(logDir, { recursive: true, force: true });
  mkdirSync(logDir, { recursive: true });
  const storage = await prepareStorage(engine);
  // A fresh database gets its first administrator from the environment (made by the seeding, so it
  // owns contacts); an existing one has accounts already, so one is added with `npm run user` (and
  // stays there, named bench-<hex>; it owns nothing, so `owner=me` finds nothing there).
  const username = storage.fresh ? "bench" : `bench-${randomBytes(3).toString("hex")}`;
  const password = randomBytes(18).toString("base64url");
  const admin = { ADMIN_USERNAME: username, ADMIN_PASSWORD: password };
  const seeded = storage.fresh
    ? await seed({ ...storage.env, ...admin }, sizes[engine], path.join(logDir, "seed.log"))
    : undefined;
  const data = await dataFacts(engine, storage.env);
  console.log(
    `  data: ${int(data.messages)} messages, ${int(data.clients)} contacts, ${int(data.links)} service links, ` +
      `${int(data.tasks)} tasks, ${int(data.events)} events, ${data.size}`,
  );
  if (!storage.fresh) await addAccount(storage.env, username, password, path.join(logDir, "user.log"));
  const port = await freePort(3450);
  const { server, readyMs } = await startApiServer({
    repoRoot: REPO,
    port,
    logFile: path.join(logDir, "server.log"),
    env: {
      ...storage.env,
      NODE_ENV: "production",
      JWT_SECRET: randomBytes(48).toString("base64url"),
      MFA_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      ...admin,
      LOGIN_RATE_LIMIT: "1000/min",
      SERVE_WEB: "false",
      LOG_LEVEL: "warn",
      COOKIE_SECURE: "false",
      // The seeded messages span two years: the retention job (decision 018) must not age them out mid-run.
      LEAD_RETENTION_MONTHS: "0",
    },
  });
  console.log(`  server ready in ${(readyMs / 1000).toFixed(1)} s on ${server.url}`);
  const client = staffClient({ url: server.url, username, password });
  await client.signIn();
  /** @type {{ id: number, title: string }[]} */
  const services = await (await fetch(`${server.url}/api/service-types`)).json();
  const serviceTypeId = services.find((service) => service.title === BOARD_PRODUCT)?.id ?? services[0]?.id;
  // Without the seeded busy customer (an older database), the contact with the longest history.
  const busyClientId = data.busyClientId ?? (await longestHistory(engine, storage.env));
  const calls = crmCalls({ serviceTypeId, busyClientId, busyCompanyId: data.busyCompanyId, quoteId: data.quoteId });

  // Each call gets `perRound` requests per round, or fewer when they take longer than the round's
  // budget: a call that takes seconds is measured, not waited for all afternoon.
  /** @type {Map<string, string>} */
  const answers = new Map();
  /** @type {Map<string, number[][]>} */
  const samples = new Map(calls.map((call) => [call.id, []]));
  /** @type {Map<string, string[]>} */
  const failures = new Map(calls.map((call) => [call.id, []]));
  /**
   * @param {import("./calls.mjs").CrmCall} call
   * @param {number} count
   * @param {number} budgetMs
   * @param {number} minimum
   */
  const measure = async (call, count, budgetMs, minimum) => {
    /** @type {number[]} */
    const times = [];
    const started = performance.now();
    for (let i = 0; i < count && (i < minimum || performance.now() - started < budgetMs); i += 1) {
      const outcome = await client.timed(call);
      if (outcome.failed) failures.get(call.id)?.push(outcome.failed);
      else {
        times.push(outcome.ms);
        answers.set(call.id, answerSummary(call, outcome.body));
      }
    }
    return times;
  };
  for (const call of calls) await measure(call, Math.max(1, warmup), WARMUP_BUDGET_MS, 1);
  for (let round = 0; round < rounds; round += 1) {
    // Rotate which call goes first, so none always follows the same neighbour.
    const order = calls.map((_, i) => /** @type {import("./calls.mjs").CrmCall} */ (calls[(i + round) % calls.length]));
    for (const call of order) samples.get(call.id)?.push(await measure(call, perRound, ROUND_BUDGET_MS, 3));
    console.log(`  round ${round + 1}/${rounds} done`);
  }
  await server.stop();

  const result = {
    engine,
    data,
    seed: seeded,
    storage: storage.description,
    serverReadyMs: readyMs,
    rounds,
    perRound,
    roundBudgetMs: ROUND_BUDGET_MS,
    warmup,
    calls: calls.map((call) => ({
      call,
      answer: answers.get(call.id),
      failures: failures.get(call.id) ?? [],
      stats: summarise(samples.get(call.id)?.flat() ?? [], samples.get(call.id) ?? []),
    })),
  };
  console.log(`\n${name}, ${int(data.messages)} messages:\n${textTable(result)}`);
  return result;
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
    versions: { fastify: version("fastify"), pglite: version("@electric-sql/pglite"), pg: version("pg") },
  };
}

async function main() {
  const started = Date.now();
  const loadStart = (os.loadavg()[0] ?? 0).toFixed(2);
  mkdirSync(TMP, { recursive: true });
  console.log(
    `CRM benchmark: ${engines.map((engine) => `${ENGINE_NAMES[engine]} at ${int(sizes[engine])} messages`).join(", ")}; ` +
      `${rounds} rounds x ${perRound} requests per call; load average ${loadStart}`,
  );
  /** @type {(import("./report.mjs").Skipped | import("./report.mjs").Measured)[]} */
  const results = [];
  for (const engine of engines) results.push(await benchEngine(engine));

  let postgresVersion = "not measured";
  const postgresUrl = args["database-url"] ?? PG_ADMIN_URL;
  if (results.some((result) => result.engine === "postgres" && !result.skipped)) {
    postgresVersion = await withPg(postgresUrl, async (client) => (await client.query("show server_version")).rows[0])
      .then((row) => `${row.server_version} (${new URL(postgresUrl).host})`)
      .catch(() => "unknown");
  }
  console.log(`\n${overallLine(results)}`);
  const command = `npm run bench:crm${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`;
  const meta = {
    ...machine(),
    postgres: postgresVersion,
    command,
    date: `${new Date().toISOString().replace("T", " ").slice(0, 16)} UTC`,
    loadStart,
    loadEnd: (os.loadavg()[0] ?? 0).toFixed(2),
    minutes: ((Date.now() - started) / 60_000).toFixed(1),
  };
  console.log(`Load average at start / end: ${meta.loadStart} / ${meta.loadEnd}; ${meta.minutes} min in all.`);
  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(outFile, markdown({ results, meta }));
  console.log(
    `Report written to ${path.relative(REPO, outFile)}${fullRun || args.out ? "" : " (partial run: docs/benchmarks/crm.md untouched)"}`,
  );
}

try {
  await main();
} catch (error) {
  if (!isCleaning()) console.error(error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
process.exit(process.exitCode ?? 0);
