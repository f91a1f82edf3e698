// Shared by the shared-mailbox fault scenarios (imap-restart, inbound-kill9): a real Dovecot for
// the run, readiness watched while it reads, and what the database holds afterwards.
import { readFileSync } from "node:fs";
import { startImapServer } from "../../apps/api/test/imap.ts";
import { withPg } from "../api/postgres.mjs";
import { LEDGER_SQL, MAILBOX_ADDRESS, requireDovecot } from "../inbound/mail.mjs";
import { healthDetailsHeaders, run, sleep } from "./lib.mjs";

/**
 * What readiness says of the mailbox (the API's MailboxStatus, apps/api/src/modules/inbound), as read here.
 * @typedef {{ state: string, failures: number, lastError: string | null, imported: number, setAside: number }} MailboxStatus
 */
/**
 * GET /api/health/ready's answer: its own status (`ok`, `unavailable`) and the mailbox's (a word
 * when it has none), or `status: 0` and why when there was no answer.
 * @typedef {{ status: string | number, mailbox?: MailboxStatus | string, error?: string }} Readiness
 */
/**
 * One look at readiness, `at` performance.now(). Without a mailbox status (no answer) only `state`
 * says so; the scenarios read the figures once the mailbox runs.
 * @typedef {{ at: number, status: string | number } & MailboxStatus} MailboxSample
 */
/** @typedef {(sql: string) => Promise<Record<string, unknown>[]>} Query */

/** A fresh Dovecot (apps/api/test/imap.ts) stopped and deleted at cleanup; fails with the install command without one. */
export async function startMailbox() {
  requireDovecot();
  const imap = await startImapServer({ address: MAILBOX_ADDRESS });
  const forget = run.onCleanup(`Dovecot on port ${imap.port}`, () => imap.stop());
  return Object.assign(imap, { dispose: forget });
}

/**
 * The server's environment for reading `imap`.
 * @param {{ url: string }} imap
 */
export const mailboxEnv = (imap, pollMs = 1000) => ({
  IMAP_URL: imap.url,
  IMAP_ADDRESS: MAILBOX_ADDRESS,
  IMAP_POLL_MS: String(pollMs),
});

/**
 * GET /api/health/ready: `{status, mailbox}`, or `{status: 0}` without an answer.
 * @param {{ url: string }} server
 * @returns {Promise<Readiness>}
 */
export async function readiness(server) {
  try {
    const response = await fetch(`${server.url}/api/health/ready`, {
      headers: healthDetailsHeaders,
      signal: AbortSignal.timeout(3000),
    });
    return { status: response.status, ...(await response.json()) };
  } catch (caught) {
    // fetch's own errors: a timeout, or a TypeError whose cause has the system's code.
    const error = /** @type {{ message?: string, cause?: { code?: string } } | undefined} */ (caught);
    return { status: 0, error: error?.cause?.code ?? error?.message };
  }
}

/**
 * Readiness every `everyMs`: `samples` ({at, status, state, imported, setAside, failures, lastError}),
 * `latest`, `states()` (the sequence of mailbox states, repeats folded) and `stop()`.
 * @param {{ url: string }} server
 */
export function watchMailbox(server, everyMs = 100) {
  /** @type {MailboxSample[]} */
  const samples = [];
  let watching = true;
  const loop = (async () => {
    while (watching) {
      const at = performance.now();
      const ready = await readiness(server);
      /** @type {Partial<MailboxStatus>} */
      const mailbox = typeof ready.mailbox === "object" ? ready.mailbox : {};
      samples.push(
        /** @type {MailboxSample} */ ({
          at,
          status: ready.status,
          ...mailbox,
          state: mailbox.state ?? ready.mailbox ?? "no answer",
        }),
      );
      await sleep(everyMs);
    }
  })();
  return {
    samples,
    /** @returns {Partial<MailboxSample> & Pick<MailboxSample, "state" | "imported" | "setAside">} */
    get latest() {
      return samples.at(-1) ?? { state: "none", imported: 0, setAside: 0 };
    },
    states: () => samples.map((s) => s.state).filter((state, i, all) => i === 0 || all[i - 1] !== state),
    async stop() {
      watching = false;
      await loop;
    },
  };
}

/**
 * Polls `check` every `everyMs` until it returns something truthy, or fails after `timeoutMs`.
 * @template T
 * @param {string} what
 * @param {() => T | Promise<T>} check
 * @param {number} timeoutMs
 * @returns {Promise<T>}
 */
export async function waitFor(what, check, timeoutMs, everyMs = 50) {
  const started = performance.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (performance.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(everyMs);
  }
}

/**
 * Bytes Dovecot has written to its clients and they have not read yet (the sockets' send queues,
 * from /proc/net/tcp): above a few KB, a FETCH of message sources is being transferred.
 * @param {number} port
 */
export function imapSendQueue(port) {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  let bytes = 0;
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    /** @type {string[]} */
    let lines = [];
    try {
      lines = readFileSync(table, "utf8").trim().split("\n").slice(1);
    } catch {
      continue;
    }
    for (const line of lines) {
      const fields = line.trim().split(/\s+/);
      const [, localPort] = (fields[1] ?? "").split(":");
      if (localPort !== hexPort || fields[3] !== "01") continue; // 01: ESTABLISHED
      bytes += Number.parseInt((fields[4] ?? "0:0").split(":")[0] ?? "", 16);
    }
  }
  return bytes;
}

/**
 * What the database holds about the mailbox, read through `query(sql) -> rows` (PostgreSQL at any
 * time, PGlite only once no server has it open).
 * @param {import("./lib.mjs").Storage} storage
 */
export async function inboundState(storage) {
  /** @param {Query} query */
  const collect = async (query) => {
    // One row: the totals are counts over the whole ledger.
    const [totals] = /** @type {[Record<string, unknown>]} */ (await query(LEDGER_SQL.totals));
    const outcomes = Object.fromEntries(
      (await query(LEDGER_SQL.outcomes)).map((row) => [String(row.outcome), Number(row.count)]),
    );
    const ledgerById = new Map((await query(LEDGER_SQL.ledgerPerMessageId)).map((row) => [row.id, Number(row.count)]));
    const messagesById = new Map(
      (await query(LEDGER_SQL.messagesPerMessageId)).map((row) => [row.id, Number(row.count)]),
    );
    const reasons = await query(LEDGER_SQL.reasons);
    const lease = await query(
      "select holder, expires_at, (extract(epoch from (expires_at - now())))::float as seconds_left from leases",
    );
    return {
      ledger: Number(totals.ledger),
      uids: Number(totals.uids),
      messages: Number(totals.messages),
      attachments: Number(totals.attachments),
      attachmentBytes: Number(totals.attachment_bytes),
      outcomes,
      ledgerById,
      messagesById,
      reasons,
      lease,
    };
  };
  if (storage.engine === "postgres")
    return withPg(storage.url, (client) => collect(async (text) => (await client.query(text)).rows));
  return withPglite(storage, (query) => collect(query));
}

/**
 * Runs `work(query)` on a PGlite directory no server has open.
 * @template T
 * @param {{ dir: string }} storage
 * @param {(query: Query) => Promise<T>} work
 * @returns {Promise<T>}
 */
export async function withPglite(storage, work) {
  const { openDatabase } = await import("../../apps/api/src/db/client.ts");
  const { sql } = await import("drizzle-orm");
  const database = await openDatabase({ dataDir: storage.dir });
  try {
    return await work(
      async (text) =>
        /** @type {{ rows: Record<string, unknown>[] }} */ (await database.db.execute(sql.raw(text))).rows,
    );
  } finally {
    await database.close();
  }
}

/**
 * For each expected Message-ID, how many ledger rows and messages it has: missing and doubled counts.
 * @param {string[]} expectedIds
 * @param {Awaited<ReturnType<typeof inboundState>>} state
 */
export function exactlyOnce(expectedIds, state) {
  let missingLedger = 0;
  let twiceLedger = 0;
  let missingMessage = 0;
  let twiceMessage = 0;
  for (const id of expectedIds) {
    const ledger = state.ledgerById.get(id) ?? 0;
    const messages = state.messagesById.get(id) ?? 0;
    if (ledger === 0) missingLedger += 1;
    if (ledger > 1) twiceLedger += 1;
    if (messages === 0) missingMessage += 1;
    if (messages > 1) twiceMessage += 1;
  }
  return { missingLedger, twiceLedger, missingMessage, twiceMessage };
}
