// The shared mailbox under a mail bomb: 5,000 emails wait in a real Dovecot before the server starts
// (plain, HTML-only, ISO-8859-1 and windows-1252, files of 100 KB-2 MB, automatic answers, bounces,
// repeats, a few broken ones); the real server reads them on PGlite and on PostgreSQL. Measured: the
// time until every email has its ledger row, emails/s, the server's RSS (peak and at the end), what
// became of each email, and this machine's own references (imapflow alone reading the sources,
// the server's parser alone, bare INSERTs of the same content on each engine).
//   node --import tsx bench/inbound/run.mjs [--engine pglite|postgres|both] [--emails N] [--append]
//                                           [--profile] [--out file.md]
// Only a full run (both engines, 5,000 emails) writes docs/benchmarks/inbound.md; --profile adds a
// run of each engine under node --cpu-prof, apart from the measured ones.
import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../apps/api/src/db/client.ts";
import { byteaValue } from "../../apps/api/src/db/sql-helpers.ts";
import { parseEmail } from "../../apps/api/src/modules/inbound/parse-email.ts";
import { startImapServer } from "../../apps/api/test/imap.ts";
import { createCleanup } from "../api/cleanup.mjs";
import { databaseUrl, dropStaleDatabases, PG_ADMIN_URL, withPg } from "../api/postgres.mjs";
import { freePort, startApiServer, tail } from "../api/server.mjs";
import { appendAll, deliverToMaildir, LEDGER_SQL, MAILBOX_ADDRESS, mailBomb, requireDovecot } from "./mail.mjs";

/** @typedef {"pglite" | "postgres"} Engine */
/**
 * Fresh storage of one engine: a PGlite directory or a PostgreSQL database.
 * @typedef {{ engine: "pglite", dir: string, url?: undefined }
 *   | { engine: "postgres", name: string, url: string, dir?: undefined }} Storage
 */
/**
 * What the ledger holds after a run: its totals, a row per UID, and the reasons of those not imported.
 * @typedef {object} Ledger
 * @property {{ ledger: number, uids: number, messages: number, attachments: number, attachment_bytes: string }} totals
 * @property {{ uid: number, outcome: string, reason: string }[]} rows
 * @property {{ outcome: string, reason: string, count: number }[]} reasons
 */
/**
 * A server's run on one engine, with the idle server's RSS; a run under the profiler has its summary.
 * @typedef {Awaited<ReturnType<typeof serverRun>>
 *   & { idleRss?: number, profiled?: boolean, profile?: ReturnType<typeof summarise> }} RunResult
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const tmpRoot = path.join(repoRoot, "bench/inbound/.tmp");
/**
 * @param {number} ms
 * @returns {Promise<void>}
 */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** @param {string} name */
const argument = (name) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const EMAILS = Number(argument("--emails") ?? 5000);
const ENGINE = argument("--engine") ?? "both";
const APPEND = process.argv.includes("--append");
const PROFILE = process.argv.includes("--profile");
const fullRun = EMAILS === 5000 && ENGINE === "both";
const outFile = argument("--out") ?? (fullRun ? "docs/benchmarks/inbound.md" : "bench/inbound/.tmp/inbound-partial.md");
const SAMPLE_MS = 200;
const TIMEOUT_MS = 20 * 60_000;
const DB_PREFIX = "inbound_";

const cleanup = createCleanup("stopping the mailbox benchmark and cleaning up");
const startedAt = new Date();
const loadAtStart = os.loadavg()[0] ?? Number.NaN;
const t0 = performance.now();
/** @param {number} bytes */
const mb = (bytes) => bytes / 1024 / 1024;
/** @param {number | undefined} n */
const fmt = (n, digits = 0) =>
  Number(n).toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

// ---------------------------------------------------------------------------------------------------
// The mail bomb.
requireDovecot();
mkdirSync(tmpRoot, { recursive: true });
console.log(`Generating ${EMAILS} emails...`);
const tag = `bomba-${randomBytes(3).toString("hex")}`;
const emails = mailBomb(EMAILS, 20261126, tag);
const totalBytes = emails.reduce((sum, email) => sum + email.raw.length, 0);
const kinds = countBy(emails, (email) => email.kind);
const sizes = emails.map((email) => email.raw.length).sort((a, b) => a - b);

const imap = await startImapServer({ address: MAILBOX_ADDRESS });
cleanup.onCleanup("Dovecot", () => imap.stop());
let deliverMs = performance.now();
if (APPEND)
  await appendAll(
    imap,
    emails.map((email) => email.raw),
  );
else
  deliverToMaildir(
    imap.dir,
    emails.map((email) => email.raw),
  );
deliverMs = performance.now() - deliverMs;
console.log(
  `${EMAILS} emails (${fmt(mb(totalBytes), 1)} MB) put in the mailbox in ${fmt(deliverMs / 1000, 1)} s (${APPEND ? "IMAP APPEND" : "Maildir files"})`,
);

// ---------------------------------------------------------------------------------------------------
// Reference 1: imapflow alone reads every source (the first SELECT also makes Dovecot index the
// new files, once, so the server's runs below find an indexed mailbox). Its UIDs name the emails.
const reference = /** @type {Reference} */ ({}); // filled in below
/**
 * @typedef {object} Reference
 * @property {number} selectMs
 * @property {number} fetchMs
 * @property {number} inOrder
 * @property {number} fetchBytes
 * @property {number} parseMs
 * @property {Record<string, { ms: number, count: number }>} parsePerKind
 * @property {number} parseFailed
 */
{
  const client = await imap.client();
  let at = performance.now();
  const lock = await client.getMailboxLock("INBOX");
  reference.selectMs = performance.now() - at;
  /** @type {Map<string, number[]>} */
  const byHash = new Map();
  emails.forEach((email, index) => {
    const key = hash(email.raw);
    byHash.set(key, [...(byHash.get(key) ?? []), index]);
  });
  at = performance.now();
  let bytes = 0;
  // In runs of 100 like the reader, by UID.
  /** @type {number[]} */
  const uids = [];
  for await (const message of client.fetch("1:*", { uid: true, size: true }, { uid: true })) uids.push(message.uid);
  uids.sort((a, b) => a - b);
  for (let i = 0; i < uids.length; i += 100) {
    for await (const message of client.fetch(
      uids.slice(i, i + 100).join(","),
      { uid: true, source: true },
      { uid: true },
    )) {
      const source = /** @type {Buffer} */ (message.source); // fetched with `source: true`
      bytes += source.length;
      const indexes = byHash.get(hash(source)) ?? [];
      const index = indexes.shift();
      if (index !== undefined) /** @type {import("./mail.mjs").BombEmail} */ (emails[index]).uid = message.uid;
    }
  }
  reference.fetchMs = performance.now() - at;
  // Sources Dovecot serves differently from the file (it turns NUL bytes into 0x80): the rest, in order.
  const matched = new Set(emails.map((email) => email.uid));
  const left = uids.filter((uid) => !matched.has(uid));
  for (const email of emails) if (email.uid === undefined) email.uid = left.shift();
  reference.inOrder = emails.filter((email, index) => email.uid === index + 1).length;
  reference.fetchBytes = bytes;
  lock.release();
  await client.logout();
}
console.log(`imapflow alone: ${EMAILS} sources in ${fmt(reference.fetchMs / 1000, 2)} s`);

// Reference 2: the server's parser alone (parse-email.ts), one email after another.
/** @typedef {import("../../apps/api/src/modules/inbound/parse-email.ts").InboundEmail} InboundEmail */
/** @type {((InboundEmail & { failed?: undefined }) | { failed: string })[]} */
const parsed = [];
{
  /** @type {Record<string, { ms: number, count: number }>} */
  const perKind = {};
  const at = performance.now();
  for (const email of emails) {
    const start = performance.now();
    try {
      parsed.push(await parseEmail(email.raw));
    } catch (error) {
      parsed.push({ failed: String(/** @type {Error | undefined} */ (error)?.message ?? error) });
    }
    perKind[email.kind] ??= { ms: 0, count: 0 };
    const entry = /** @type {{ ms: number, count: number }} */ (perKind[email.kind]); // there since the line above
    entry.ms += performance.now() - start;
    entry.count += 1;
  }
  reference.parseMs = performance.now() - at;
  reference.parsePerKind = perKind;
  reference.parseFailed = parsed.filter((p) => p.failed).length;
}
console.log(`parser alone: ${EMAILS} emails in ${fmt(reference.parseMs / 1000, 2)} s`);

// ---------------------------------------------------------------------------------------------------
// Storage, the bare INSERT reference and the server's runs, per engine.
/**
 * @param {Engine} engine
 * @param {string} label
 * @returns {Promise<Storage>}
 */
async function freshStorage(engine, label) {
  if (engine === "pglite") {
    const dir = mkdtempSync(path.join(os.tmpdir(), `bench-inbound-${label}-`));
    cleanup.tempDirs.add(dir);
    cleanup.onCleanup(`directory ${dir}`, async () => rmSync(dir, { recursive: true, force: true }));
    return { engine, dir };
  }
  const name = `${DB_PREFIX}${process.pid}_${randomBytes(4).toString("hex")}_${label}`;
  await withPg(PG_ADMIN_URL, async (admin) => {
    await dropStaleDatabases(admin, DB_PREFIX);
    await admin.query(`create database ${name}`);
  });
  cleanup.onCleanup(`database ${name}`, () =>
    withPg(PG_ADMIN_URL, (admin) => admin.query(`drop database if exists ${name} with (force)`)),
  );
  return { engine, name, url: databaseUrl(name) };
}
/** @param {Storage} storage */
const options = (storage) =>
  storage.engine === "postgres" ? { databaseUrl: storage.url, dataDir: "" } : { dataDir: storage.dir };

/**
 * Reference 3: the same content written the plainest way on the same engine and driver: per email
 * one transaction with its text row and its files (bytea), no lookups, no ledger, no HTTP.
 * @param {Engine} engine
 */
async function bareInserts(engine) {
  const storage = await freshStorage(engine, "bare");
  const database = await openDatabase(options(storage));
  try {
    await database.db.execute(
      sql.raw(
        "create table bare_messages (id bigserial primary key, message_id text, subject text, body text not null)",
      ),
    );
    await database.db.execute(
      sql.raw(
        "create table bare_files (id bigserial primary key, message_id bigint not null references bare_messages(id), filename text not null, content bytea)",
      ),
    );
    let rows = 0;
    let bytes = 0;
    const loadBefore = os.loadavg()[0] ?? Number.NaN;
    const at = performance.now();
    for (const entry of parsed) {
      if (entry.failed) continue;
      const email = /** @type {InboundEmail} */ (entry); // not a failure: a parsed email
      // PostgreSQL's text cannot hold NUL: the bare script strips it (the server sets such emails aside, or strips it too).
      const body = (email.text ?? "").replaceAll("\u0000", "");
      await database.db.transaction(async (tx) => {
        const result = await tx.execute(
          sql`insert into bare_messages (message_id, subject, body) values (${email.messageId ?? null}, ${email.subject.replaceAll("\u0000", "")}, ${body}) returning id`,
        );
        const id = /** @type {{ rows: [{ id: number }] }} */ (result).rows[0].id; // `returning id`
        for (const file of email.attachments) {
          await tx.execute(
            // Written as the server writes it (base64 text: a Buffer parameter is far slower on PGlite).
            sql`insert into bare_files (message_id, filename, content) values (${id}, ${file.filename}, ${file.content ? byteaValue(file.content) : null})`,
          );
          bytes += file.content?.length ?? 0;
        }
      });
      rows += 1;
      bytes += Buffer.byteLength(body);
    }
    const ms = performance.now() - at;
    const load = /** @type {[number, number]} */ ([loadBefore, os.loadavg()[0] ?? Number.NaN]);
    return { rows, bytes, ms, perSecond: rows / (ms / 1000), load };
  } finally {
    await database.close();
  }
}

const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
/**
 * CPU seconds (user + system) a process has used, from /proc/<pid>/stat.
 * @param {number | string} pid
 */
function cpuSeconds(pid) {
  try {
    const fields = (readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1] ?? "").split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}
/** CPU seconds of every PostgreSQL process on the machine (the shared server: other users' work counts too). */
function postgresCpuSeconds() {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() !== "postgres") continue;
      total += cpuSeconds(entry);
    } catch {
      // Gone meanwhile.
    }
  }
  return total;
}
/** @param {number} pid */
function rssMiB(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** Readiness shows the mailbox's progress only with monitoring's token. */
const HEALTH_TOKEN = randomBytes(32).toString("base64url");

/** @param {Storage} storage */
const serverEnv = (storage) => ({
  NODE_ENV: "production",
  HEALTH_TOKEN,
  JWT_SECRET: randomBytes(48).toString("base64"),
  MFA_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
  ADMIN_PASSWORD: `clave-${randomBytes(12).toString("hex")}`,
  SERVE_WEB: "false",
  LOG_LEVEL: "warn",
  ...(storage.engine === "postgres" ? { DATABASE_URL: storage.url } : { DATA_DIR: storage.dir }),
});

/**
 * The same server without IMAP_URL, idle for 3 s after start: its RSS, the baseline of the figures.
 * @param {Engine} engine
 */
async function idleRss(engine) {
  const storage = await freshStorage(engine, "idle");
  const { server } = await startApiServer({
    repoRoot,
    port: await freePort(3700),
    logFile: path.join(tmpRoot, `server-${engine}-idle.log`),
    env: serverEnv(storage),
  });
  const values = [];
  for (let i = 0; i < 15; i += 1) {
    values.push(rssMiB(server.pid));
    await sleep(SAMPLE_MS);
  }
  await server.stop();
  return Math.max(...values);
}

/**
 * The real server on `storage`, reading the mailbox until every email has its ledger row.
 * @param {Engine} engine
 */
async function serverRun(engine, { profile = false } = {}) {
  const storage = await freshStorage(engine, profile ? "profile" : "server");
  const label = `${engine}${profile ? "-profile" : ""}`;
  const profileDir = path.join(tmpRoot, `profile-${label}`);
  if (profile) {
    rmSync(profileDir, { recursive: true, force: true });
    mkdirSync(profileDir, { recursive: true });
  }
  const logFile = path.join(tmpRoot, `server-${label}.log`);
  const port = await freePort(3700);
  const spawnedAt = performance.now();
  const loadBefore = os.loadavg()[0] ?? Number.NaN;
  const pgCpuBefore = engine === "postgres" ? postgresCpuSeconds() : 0;
  const { server, readyMs } = await startApiServer({
    repoRoot,
    port,
    logFile,
    nodeArgs: profile ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [],
    env: {
      ...serverEnv(storage),
      IMAP_URL: imap.url,
      IMAP_ADDRESS: MAILBOX_ADDRESS,
      IMAP_POLL_MS: "1000",
    },
  });
  /** @type {{ at: number, rss: number }[]} */
  const samples = [];
  /** @type {{ at: number, left: number }[]} */
  const leaseSamples = [];
  /** @type {number[]} */
  const readinessMs = [];
  /** @type {Record<number, number>} */
  const readinessStatus = {};
  let done = false;
  /** @type {number | undefined} */
  let firstAt;
  /** @type {number | undefined} */
  let doneAt;
  let firstAtUs;
  let doneAtUs;
  let final;
  const rss = setInterval(() => samples.push({ at: performance.now(), rss: rssMiB(server.pid) }), SAMPLE_MS);
  const deadline = performance.now() + TIMEOUT_MS;
  while (!done && performance.now() < deadline) {
    if (server.exited) throw new Error(`the server exited while reading:\n${tail(logFile)}`);
    const asked = performance.now();
    let status = 0;
    const ready = await fetch(`${server.url}/api/health/ready`, {
      headers: { authorization: `Bearer ${HEALTH_TOKEN}` },
      signal: AbortSignal.timeout(10_000),
    })
      .then((response) => {
        status = response.status;
        return response.json();
      })
      .catch(() => undefined);
    if (firstAt !== undefined) {
      readinessMs.push(performance.now() - asked);
      readinessStatus[status] = (readinessStatus[status] ?? 0) + 1;
    }
    const mailbox = typeof ready?.mailbox === "object" ? ready.mailbox : undefined;
    const count = mailbox ? mailbox.imported + mailbox.setAside : 0;
    if (count > 0 && firstAt === undefined) {
      firstAt = performance.now();
      firstAtUs = monotonicUs();
    }
    if (storage.engine === "postgres" && samples.length % 5 === 0) {
      const [lease] = await withPg(
        storage.url,
        async (client) =>
          (await client.query("select (extract(epoch from (expires_at - now())))::float as left from leases")).rows,
      ).catch(() => []);
      if (lease) leaseSamples.push({ at: performance.now(), left: Number(lease.left) });
    }
    if (count >= EMAILS) {
      doneAt = performance.now();
      doneAtUs = monotonicUs();
      final = mailbox;
      done = true;
      break;
    }
    await sleep(SAMPLE_MS);
  }
  clearInterval(rss);
  const rssAtEnd = rssMiB(server.pid);
  const serverCpu = cpuSeconds(server.pid);
  const pgCpu = engine === "postgres" ? postgresCpuSeconds() - pgCpuBefore : undefined;
  if (!done || doneAt === undefined)
    throw new Error(`not every email was read within ${TIMEOUT_MS / 60_000} min:\n${tail(logFile)}`);
  await server.stop();
  const database = await openDatabase(options(storage));
  /** @type {Ledger} */
  let ledger;
  try {
    /** @param {string} text */
    const query = async (text) => /** @type {{ rows: unknown[] }} */ (await database.db.execute(sql.raw(text))).rows;
    const [totals] = await query(LEDGER_SQL.totals);
    // The rows of the queries just written: the columns Ledger names.
    ledger = /** @type {Ledger} */ ({
      totals,
      rows: await query(
        "select uid::int as uid, outcome, coalesce(reason, '') as reason from inbound_emails order by uid",
      ),
      reasons: await query(LEDGER_SQL.reasons),
    });
  } finally {
    await database.close();
  }
  const errors = readFileSync(logFile, "utf8")
    .split("\n")
    .filter((line) => line.includes('"level":50') || line.includes('"level":40'));
  return {
    engine,
    readyMs,
    spawnToDoneMs: doneAt - spawnedAt,
    firstToDoneMs: doneAt - (firstAt ?? doneAt),
    final,
    samples,
    rssPeak: Math.max(...samples.map((s) => s.rss).filter(Number.isFinite)),
    rssAtStart: samples.find((s) => Number.isFinite(s.rss))?.rss ?? Number.NaN,
    rssAtEnd,
    serverCpu,
    pgCpu,
    leaseExpired: leaseSamples.filter((s) => s.left < 0).length,
    leaseMinLeft: leaseSamples.length ? Math.min(...leaseSamples.map((s) => s.left)) : undefined,
    ledger,
    warnings: errors.length,
    warningSample: errors.slice(0, 3).map((line) => line.slice(0, 300)),
    profileDir: profile ? profileDir : undefined,
    window: /** @type {[number, number]} */ ([firstAtUs ?? 0, doneAtUs ?? 0]),
    load: /** @type {[number, number]} */ ([loadBefore, os.loadavg()[0] ?? Number.NaN]),
    readiness: {
      p50: percentile(readinessMs, 50),
      p99: percentile(readinessMs, 99),
      max: Math.max(...readinessMs),
      statuses: Object.entries(readinessStatus)
        .map(([code, count]) => `${code}: ${count}`)
        .join(", "),
    },
  };
}

/** @type {Engine[]} */
const engines = ENGINE === "both" ? ["pglite", "postgres"] : [/** @type {Engine} */ (ENGINE)];
/** @type {RunResult[]} */
const results = [];
const bare = /** @type {Record<Engine, Awaited<ReturnType<typeof bareInserts>>>} */ ({}); // filled engine by engine
try {
  for (const engine of engines) {
    console.log(`\n== ${engine}: bare INSERTs of the same content`);
    bare[engine] = await bareInserts(engine);
    console.log(`  ${fmt(bare[engine].perSecond, 1)} emails/s (${fmt(bare[engine].ms / 1000, 1)} s)`);
    const idle = await idleRss(engine);
    console.log(`== ${engine}: the server reads the mailbox (idle without IMAP_URL: ${fmt(idle)} MiB)`);
    const result = { ...(await serverRun(engine)), idleRss: idle };
    results.push(result);
    console.log(
      `  ${EMAILS} in ${fmt(result.spawnToDoneMs / 1000, 1)} s from spawn (${fmt(EMAILS / (result.firstToDoneMs / 1000), 1)} emails/s once reading), RSS peak ${fmt(result.rssPeak)} MiB, end ${fmt(result.rssAtEnd)} MiB`,
    );
  }
  if (PROFILE) {
    for (const engine of engines) {
      console.log(`\n== ${engine}: once more under --cpu-prof`);
      const profiled = await serverRun(engine, { profile: true });
      // A profiled run has its profile directory.
      const profileDir = /** @type {string} */ (profiled.profileDir);
      results.push({ ...profiled, profiled: true, profile: summarise(profileDir, profiled.window) });
    }
  }
} finally {
  await cleanup.cleanup();
}

writeFileSync(path.join(repoRoot, outFile), report());
console.log(`\nReport: ${outFile} (${fmt((performance.now() - t0) / 60_000, 1)} min in all)`);

// ---------------------------------------------------------------------------------------------------
/**
 * @param {number[]} values
 * @param {number} p
 */
function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}
/**
 * @template T
 * @param {T[]} items
 * @param {(item: T) => string} key
 */
function countBy(items, key) {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}
/** @param {Buffer} buffer */
function hash(buffer) {
  return createHash("sha1").update(buffer).digest("hex");
}

/** Now on the monotonic clock V8 stamps profiles with, in µs. */
function monotonicUs() {
  return Number(process.hrtime.bigint() / 1000n);
}

/**
 * Self time per package in every thread's profile (the main thread: parser, imapflow, drivers; with
 * PGlite its own thread), counting only samples between the first and the last email recorded.
 * @param {string} dir
 * @param {[number, number]} window
 */
function summarise(dir, [fromUs, toUs]) {
  const threads = [];
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".cpuprofile"))) {
    /** @type {import("../api/profile.mjs").CpuProfile} */
    const profile = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    /** @type {Map<number, number>} */
    const parentOf = new Map();
    for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
    // Every id read below is a node's: a sample's, or a parent's.
    /** @param {number} id */
    const nodeOf = (id) => /** @type {import("../api/profile.mjs").ProfileNode} */ (byId.get(id));
    /** @param {number} id */
    const partOf = (id) => {
      // A native frame or Node's own code (sockets, streams, fs, worker messages) counts for the
      // nearest caller outside Node: a socket write made by pg is pg's, a message to PGlite's thread the app's.
      let nodeCore = false;
      for (let at = /** @type {number | undefined} */ (id); at !== undefined; at = parentOf.get(at)) {
        const { url, functionName } = nodeOf(at).callFrame;
        if (["(idle)", "(garbage collector)", "(program)"].includes(functionName)) return functionName;
        if (!url) continue;
        if (url.startsWith("node:")) {
          nodeCore = true;
          continue;
        }
        if (url.startsWith("wasm://")) return "@electric-sql/pglite (WASM)";
        const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1];
        if (pkg) return pkg;
        if (url.includes("/apps/api/src/modules/inbound/")) return "app: inbound module";
        if (url.includes("/apps/api/src/db/pglite-thread")) return "app: hand-off to/from PGlite's thread";
        if (url.includes("/apps/api/") || url.includes("/packages/shared/")) return "app: other";
        return "other";
      }
      return nodeCore ? "node core" : "native";
    };
    /** @type {Map<string, number>} */
    const parts = new Map();
    /** @type {Map<string, { us: number, part: string }>} */
    const functions = new Map();
    let total = 0;
    let at = profile.startTime;
    profile.samples.forEach((id, i) => {
      const us = profile.timeDeltas[i] ?? 0;
      at += us;
      if (at < fromUs || at > toUs) return;
      const part = partOf(id);
      parts.set(part, (parts.get(part) ?? 0) + us);
      const { functionName, url, lineNumber } = nodeOf(id).callFrame;
      if (functionName !== "(idle)") {
        const where = url
          ? ` ${url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*?\/(apps|packages)\//, "$1/")}:${lineNumber + 1}`
          : " (native)";
        const shortName = (functionName || "(anonymous)").replace(/^(RegExp: .{40}).*$/s, "$1…");
        const key = `${shortName}${where}`;
        functions.set(key, { us: (functions.get(key)?.us ?? 0) + us, part });
      }
      total += us;
    });
    const idle = parts.get("(idle)") ?? 0;
    const busy = total - idle;
    if (busy < 0.5e6) continue; // tsx's loader thread, nearly idle
    const thread = Number(file.split(".").at(-3));
    threads.push({
      file,
      name:
        thread === 0
          ? "main thread"
          : parts.has("@electric-sql/pglite (WASM)")
            ? "PGlite's thread"
            : `thread ${thread}`,
      seconds: total / 1e6,
      busySeconds: busy / 1e6,
      parts: [...parts]
        .filter(([part]) => part !== "(idle)")
        .sort((a, b) => b[1] - a[1])
        .slice(0, 12)
        .map(([part, us]) => ({ part, seconds: us / 1e6, share: us / busy })),
      functions: [...functions]
        .sort((a, b) => b[1].us - a[1].us)
        .slice(0, 10)
        .map(([name, { us, part }]) => ({ name, part, seconds: us / 1e6, share: us / busy })),
    });
  }
  return threads;
}

/**
 * What the figures say, from the figures: per-email time split, memory growth, the reader's round against its lease.
 * @param {RunResult[]} main
 */
function notes(main) {
  /** @param {Engine} engine */
  const name = (engine) => (engine === "pglite" ? "PGlite" : "PostgreSQL");
  /** @param {number} ms */
  const perEmail = (ms) => ms / EMAILS;
  const lines = ["Reading it:", ""];
  for (const r of main) {
    const total = perEmail(r.firstToDoneMs);
    const fetchMs = perEmail(reference.fetchMs);
    const parseMs = perEmail(reference.parseMs);
    const bareMs = bare[r.engine] ? 1000 / bare[r.engine].perSecond : Number.NaN;
    const rest = total - fetchMs - parseMs - bareMs;
    const profiled = results.find((p) => p.profiled && p.engine === r.engine)?.profile ?? [];
    const busiest = [...profiled].sort((a, b) => b.busySeconds - a.busySeconds)[0];
    lines.push(
      `- ${name(r.engine)}: ${fmt(total, 1)} ms per email while reading, one email after another. Of that, this machine needs ` +
        `${fmt(fetchMs, 2)} ms to fetch a source over IMAP, ${fmt(parseMs, 2)} ms to parse it and ${fmt(bareMs, 2)} ms to write the same content ` +
        `the plainest way; the other ${fmt(rest, 1)} ms (${fmt((rest / total) * 100)}%) are the import's own work: about ten statements per email ` +
        "in one transaction (ledger row, Message-ID and conversation look-ups, client, message, files, listing refresh, ledger update), each a round trip." +
        (busiest
          ? ` Under the profiler the busiest thread is ${busiest.name === "main thread" ? "the main thread" : busiest.name} (${fmt((busiest.busySeconds / busiest.seconds) * 100)}% busy while reading), ` +
            `mostly ${busiest.parts
              .slice(0, 3)
              .map((p) => `${p.part} ${fmt(p.share * 100)}%`)
              .join(", ")}.`
          : ""),
      `- ${name(r.engine)}: RSS grows from ${fmt(r.idleRss)} MiB (idle, no mailbox) to a peak of ${fmt(r.rssPeak)} MiB while reading ` +
        `${fmt(mb(totalBytes))} MB of mail, and is ${fmt(r.rssAtEnd)} MiB when the last email is recorded.`,
    );
  }
  for (const r of main) {
    const unready = /503: (\d+)/.exec(r.readiness.statuses)?.[1];
    lines.push(
      `- ${name(r.engine)}: readiness (\`select 1\`, answered 503 when the database takes over 1.5 s) took up to ${fmt(r.readiness.max)} ms while reading` +
        (unready
          ? `, and answered 503 ${unready} times: its query waited behind an email's transaction. Docker's HEALTHCHECK and Caddy use readiness, so a mail bomb can take the instance out of rotation.`
          : "; it never answered 503."),
    );
  }
  const longest = Math.max(...main.map((r) => r.firstToDoneMs)) / 1000;
  const postgres = main.find((r) => r.engine === "postgres");
  lines.push(
    `- The mailbox lease (90 s, decision 034) must be renewed while the backlog is read: the longest import here lasted ${fmt(longest)} s. ` +
      (postgres?.leaseMinLeft !== undefined
        ? `On PostgreSQL, sampled about once a second while reading, it never had less than ${fmt(postgres.leaseMinLeft)} s left` +
          `${postgres.leaseExpired > 0 ? ` and was seen expired ${postgres.leaseExpired} times: a standby instance could have taken over mid-import` : ": no standby instance could have taken over mid-import"}.`
        : "It is sampled on PostgreSQL only (PGlite is held by the server)."),
  );
  return lines;
}

function machine() {
  const cpu = os.cpus();
  let pgVersion = "unreachable";
  try {
    pgVersion = execFileSync("psql", [PG_ADMIN_URL, "-Atc", "show server_version"], { encoding: "utf8" }).trim();
  } catch {
    // No psql: left as is.
  }
  let dovecot = "?";
  try {
    dovecot = execFileSync("/usr/sbin/dovecot", ["--version"], { encoding: "utf8" }).trim();
  } catch {
    // Elsewhere in PATH.
  }
  /** @param {string} name */
  const pkg = (name) =>
    JSON.parse(readFileSync(path.join(repoRoot, "node_modules", name, "package.json"), "utf8")).version;
  return [
    ["date", `${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC`],
    [
      "command",
      `\`node --import tsx bench/inbound/run.mjs${process.argv.slice(2).length ? ` ${process.argv.slice(2).join(" ")}` : ""}\` (\`npm run bench:inbound\`)`,
    ],
    ["CPU", `${cpu.length} x ${cpu[0]?.model ?? "?"}`],
    ["memory", `${fmt(os.totalmem() / 1024 ** 3)} GiB`],
    ["Node", process.version],
    ["PostgreSQL", `${pgVersion} (${new URL(PG_ADMIN_URL).host}, shared with other users of the machine)`],
    ["Dovecot", dovecot],
    [
      "packages",
      `imapflow ${pkg("imapflow")}, mailparser ${pkg("mailparser")}, @electric-sql/pglite ${pkg("@electric-sql/pglite")}, pg ${pkg("pg")}`,
    ],
    [
      "load average (1 min) at start / end",
      `${loadAtStart.toFixed(2)} / ${(os.loadavg()[0] ?? Number.NaN).toFixed(2)}`,
    ],
    ["total wall time", `${fmt((performance.now() - t0) / 60_000, 1)} min`],
  ];
}

function report() {
  const main = results.filter((r) => !r.profiled);
  /** @param {Engine} engine */
  const name = (engine) => (engine === "pglite" ? "PGlite" : "PostgreSQL");
  const lines = [
    "# Shared mailbox under a mail bomb: import throughput",
    "",
    "Generated by `npm run bench:inbound` (`bench/inbound/run.mjs`). Do not edit by hand. No target is set",
    "(the issue asks for the figures); the references are this machine's own, so a slower machine's figures",
    "can be read as ratios.",
    "",
    "## The mailbox",
    "",
    `${fmt(EMAILS)} emails, ${fmt(mb(totalBytes), 1)} MB of sources (median ${fmt((sizes[sizes.length >> 1] ?? Number.NaN) / 1024, 1)} KB, largest ${fmt(mb(sizes.at(-1) ?? Number.NaN), 1)} MB), ` +
      `all in the mailbox before the server starts. Kinds: ${Object.entries(kinds)
        .sort((a, b) => b[1] - a[1])
        .map(([kind, count]) => `${kind} ${count}`)
        .join(", ")}. ` +
      "`attachments`: one or two files of 100 KB-2 MB (log-uniform), base64; `repeat`: an earlier email again (same Message-ID); " +
      "`malformed`: no From, not an email, a From that is no address, a multipart cut short with broken base64 and an unknown charset, raw 8-bit headers with binary junk.",
    "",
    APPEND
      ? `Put in with IMAP APPEND over one imapflow connection: ${fmt(deliverMs / 1000, 1)} s.`
      : `Written as Maildir files into the test Dovecot's directory (\`home/Maildir/new\`), as a local delivery agent does: ${fmt(deliverMs / 1000, 1)} s. ` +
        "IMAP APPEND over one imapflow connection does the same in about 11 s on this machine (`--append`); the files are " +
        "the faster way to a full mailbox, and what the server then reads over IMAP is the same.",
    "",
    "## Figures",
    "",
    `| | ${main.map((r) => name(r.engine)).join(" | ")} |`,
    `|---|${main.map(() => "---:").join("|")}|`,
    `| machine's load average (1 min) at the run's start / end | ${main.map((r) => `${r.load[0].toFixed(1)} / ${r.load[1].toFixed(1)}`).join(" | ")} |`,
    `| server start to \`/api/health\` | ${main.map((r) => `${fmt(r.readyMs / 1000, 1)} s`).join(" | ")} |`,
    `| **spawn to ${fmt(EMAILS)} ledger rows** | ${main.map((r) => `**${fmt(r.spawnToDoneMs / 1000, 1)} s**`).join(" | ")} |`,
    `| first to last email recorded | ${main.map((r) => `${fmt(r.firstToDoneMs / 1000, 1)} s`).join(" | ")} |`,
    `| **emails/s** (while reading) | ${main.map((r) => `**${fmt(EMAILS / (r.firstToDoneMs / 1000), 1)}**`).join(" | ")} |`,
    `| MB/s of sources | ${main.map((r) => fmt(mb(totalBytes) / (r.firstToDoneMs / 1000), 1)).join(" | ")} |`,
    `| server RSS: idle without IMAP_URL (baseline) | ${main.map((r) => `${fmt(r.idleRss)} MiB`).join(" | ")} |`,
    `| server RSS: first sample / peak / at the end | ${main.map((r) => `${fmt(r.rssAtStart)} / ${fmt(r.rssPeak)} / ${fmt(r.rssAtEnd)} MiB`).join(" | ")} |`,
    `| server CPU time (user + system) | ${main.map((r) => `${fmt(r.serverCpu, 1)} s`).join(" | ")} |`,
    `| PostgreSQL processes' CPU time (whole machine) | ${main.map((r) => (r.pgCpu === undefined ? "-" : `${fmt(r.pgCpu, 1)} s`)).join(" | ")} |`,
    `| readiness at the end | ${main.map((r) => `${r.final.state}, imported ${r.final.imported}, set aside ${r.final.setAside}`).join(" | ")} |`,
    `| \`GET /api/health/ready\` while reading (a \`select 1\`, 503 past 1.5 s): p50 / p99 / max | ${main.map((r) => `${fmt(r.readiness.p50)} / ${fmt(r.readiness.p99)} / ${fmt(r.readiness.max)} ms`).join(" | ")} |`,
    `| readiness answers while reading | ${main.map((r) => r.readiness.statuses).join(" | ")} |`,
    `| warnings / errors in the server's log | ${main.map((r) => r.warnings).join(" | ")} |`,
    `| mailbox lease (90 s) seen expired during the import | ${main.map((r) => (r.engine === "postgres" ? `${r.leaseExpired} samples (least time left ${fmt(r.leaseMinLeft ?? Number.NaN, 1)} s)` : "not sampled (PGlite)")).join(" | ")} |`,
    "",
    ...notes(main),
    "",
    "### This machine's references",
    "",
    "| | value | ratio to the server |",
    "|---|---:|---|",
    `| imapflow alone: FETCH of every source, in runs of 100 by UID (first SELECT ${fmt(reference.selectMs)} ms) | ${fmt(reference.fetchMs / 1000, 2)} s (${fmt(EMAILS / (reference.fetchMs / 1000))} emails/s) | ${main.map((r) => `${name(r.engine)}: ${fmt((reference.fetchMs / r.firstToDoneMs) * 100, 1)}% of the import`).join("; ")} |`,
    `| the server's parser alone (\`parseEmail\`, mailparser), one after another | ${fmt(reference.parseMs / 1000, 2)} s (${fmt(EMAILS / (reference.parseMs / 1000))} emails/s) | ${main.map((r) => `${name(r.engine)}: ${fmt((reference.parseMs / r.firstToDoneMs) * 100, 1)}% of the import`).join("; ")} |`,
    ...engines.map(
      (engine) =>
        `| bare INSERTs on ${name(engine)} (same driver; per email one transaction: its text row and its files as bytea, ${fmt(mb(bare[engine].bytes), 1)} MB; load ${bare[engine].load.map((l) => l.toFixed(1)).join(" → ")}) | ${fmt(bare[engine].ms / 1000, 1)} s (${fmt(bare[engine].perSecond, 1)} emails/s) | server at ${fmt((EMAILS / ((main.find((r) => r.engine === engine)?.firstToDoneMs ?? Number.NaN) / 1000) / bare[engine].perSecond) * 100)}% of the bare rate |`,
    ),
    "",
    "Parse time per kind (the parser alone):",
    "",
    "| kind | emails | ms per email |",
    "|---|---:|---:|",
    ...Object.entries(reference.parsePerKind)
      .sort((a, b) => b[1].ms - a[1].ms)
      .map(([kind, { ms, count }]) => `| ${kind} | ${count} | ${fmt(ms / count, 2)} |`),
    "",
    "## What became of each email",
    "",
    "Every email has its ledger row (`inbound_emails`); the ones not imported carry their reason. Emails are told apart by",
    `their UID: ${fmt(reference.inOrder)} of ${fmt(EMAILS)} got the UID of their place in the generated order${reference.inOrder < EMAILS ? ", the rest were matched by their source" : ""}.`,
    "",
  ];
  for (const r of main) {
    const byUid = new Map(r.ledger.rows.map((row) => [Number(row.uid), row]));
    const noRow = emails.filter((email) => email.uid !== undefined && !byUid.has(email.uid)).length;
    const noReason = r.ledger.rows.filter((row) => row.outcome !== "imported" && !row.reason).length;
    /** @type {Record<string, Record<string, number>>} */
    const matrix = {};
    /** @type {string[]} */
    const unexpected = [];
    for (const email of emails) {
      const row = email.uid === undefined ? undefined : byUid.get(email.uid);
      const outcome = row?.outcome ?? "(no row)";
      matrix[email.kind] ??= {};
      const counts = /** @type {Record<string, number>} */ (matrix[email.kind]); // there since the line above
      counts[outcome] = (counts[outcome] ?? 0) + 1;
      if (row && row.outcome !== email.expect)
        unexpected.push(`${email.kind} → ${row.outcome}${row.reason ? ` (${row.reason.slice(0, 80)})` : ""}`);
    }
    const outcomes = ["imported", "set_aside", "auto_reply", "bounce", "(no row)"];
    lines.push(
      `### ${name(r.engine)}`,
      "",
      `Ledger ${r.ledger.totals.ledger} rows, ${r.ledger.totals.uids} distinct UIDs; ${r.ledger.totals.messages} messages, ${r.ledger.totals.attachments} files (${fmt(mb(Number(r.ledger.totals.attachment_bytes)), 1)} MB kept). ` +
        `Emails without a ledger row: ${noRow}; not imported and without a reason: ${noReason}.`,
      "",
      `| kind | ${outcomes.join(" | ")} |`,
      `|---|${outcomes.map(() => "---:").join("|")}|`,
      ...Object.entries(matrix).map(
        ([kind, counts]) => `| ${kind} | ${outcomes.map((o) => counts[o] ?? 0).join(" | ")} |`,
      ),
      "",
      "| outcome | reason | emails |",
      "|---|---|---:|",
      ...r.ledger.reasons.map(
        (row) => `| ${row.outcome} | ${String(row.reason).replaceAll("|", "\\|").slice(0, 160)} | ${row.count} |`,
      ),
      "",
      unexpected.length
        ? `Outcomes other than the generator expected: ${Object.entries(countBy(unexpected, (u) => u))
            .map(([u, n]) => `${u}: ${n}`)
            .join("; ")}.`
        : "Every outcome is the one the generator expected.",
      "",
    );
    if (r.warningSample.length)
      lines.push("First warnings of the server's log:", "", ...r.warningSample.map((w) => `    ${w}`), "");
  }
  for (const profiled of results.filter((r) => r.profiled)) {
    lines.push(
      `## Where the time goes (${name(profiled.engine)}, \`node --cpu-prof\`, a separate run)`,
      "",
      `That run: ${fmt(profiled.firstToDoneMs / 1000, 1)} s from the first to the last email (only those samples count). Self time by package; a native frame or Node's own code counts for its nearest caller outside Node (a socket write made by pg is pg's; \`node core\` is what Node does on its own, e.g. posting messages to PGlite's thread). Shares of the thread's busy time.`,
      "",
    );
    for (const thread of profiled.profile ?? []) {
      lines.push(
        `**${thread.name}** (\`${thread.file}\`): ${fmt(thread.seconds, 1)} s sampled, busy ${fmt(thread.busySeconds, 1)} s (${fmt((thread.busySeconds / thread.seconds) * 100)}%).`,
        "",
        "| part | seconds | share |",
        "|---|---:|---:|",
        ...thread.parts.map((p) => `| ${p.part} | ${fmt(p.seconds, 1)} | ${fmt(p.share * 100, 1)}% |`),
        "",
        "| hottest functions (self time) | part | seconds | share |",
        "|---|---|---:|---:|",
        ...thread.functions.map(
          (f) =>
            `| \`${f.name.replaceAll("|", "\\|")}\` | ${f.part} | ${fmt(f.seconds, 1)} | ${fmt(f.share * 100, 1)}% |`,
        ),
        "",
      );
    }
  }
  lines.push("## Machine and run", "", "| | |", "|---|---|", ...machine().map(([k, v]) => `| ${k} | ${v} |`), "");
  lines.push(
    "## How to run",
    "",
    "```sh",
    "npm run bench:inbound                          # 5,000 emails, PGlite then PostgreSQL, writes this file (~5 min)",
    "npm run bench:inbound -- --engine pglite --emails 1000   # a quick look; report in bench/inbound/.tmp/",
    "npm run bench:inbound -- --profile             # plus a run of each engine under node --cpu-prof, apart (~3 min more)",
    "npm run bench:inbound -- --append              # fill the mailbox by IMAP APPEND instead of Maildir files",
    "```",
    "",
    "Needs Dovecot 2.3 (`apt-get install -y dovecot-imapd`) and, for PostgreSQL, `postgres://postgres@127.0.0.1:5432`",
    "(`BENCH_PG_URL` to change it). Each engine gets fresh storage (a PGlite directory in `$TMPDIR`, a database",
    "`inbound_<pid>_<hex>_*`); the server runs as `npm start` would (production, `LOG_LEVEL=warn`, `IMAP_POLL_MS=1000`, no SMTP),",
    "its log in `bench/inbound/.tmp/`. The emails come from a seeded generator (`bench/inbound/mail.mjs`): the same mix on every run.",
    "Progress is read from `GET /api/health/ready` (`mailbox.imported + setAside`, one per ledger row) every 200 ms,",
    "the server's RSS from `/proc/<pid>/status` every 200 ms.",
    "",
  );
  return `${lines.join("\n")}\n`;
}
