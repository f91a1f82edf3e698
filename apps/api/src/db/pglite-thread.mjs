// The embedded database on its own thread (decision 027). PGlite runs PostgreSQL as WebAssembly on
// the thread that calls it; on the server's own thread every statement would stop HTTP for as long
// as it runs. Plain JavaScript on purpose: a worker gets no TypeScript loader (neither tsx's nor
// Vitest's), so this file must run as it is under `npm start`, the tests and the benchmarks.
import { readFile, rename, writeFile } from "node:fs/promises";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";

/**
 * A request from the server's thread (pglite-thread-client.ts), with the id its reply carries.
 * @typedef {{ id: number } & (
 *   | QueryRequest
 *   | { op: "exec", sql: string }
 *   | { op: "begin" | "commit" | "rollback", tx: number }
 *   | { op: "snapshot", file: string }
 *   | { op: "close" }
 * )} Message
 * @typedef {object} QueryRequest
 * @property {"query"} op
 * @property {string} sql
 * @property {unknown[] | undefined} params
 * @property {"array" | "object"} [rowMode]
 * @property {number[]} [textTypes]
 * @property {number} [tx]
 */

/**
 * An open transaction: PGlite's, how to end it, and (once `end` asks) how to tell that it ended.
 * @typedef {object} OpenTransaction
 * @property {import("@electric-sql/pglite").Transaction} tx
 * @property {(value?: unknown) => void} commit
 * @property {(reason?: unknown) => void} rollback
 * @property {{ resolve: (value?: unknown) => void, reject: (reason?: unknown) => void }} [settled]
 */

// This file only runs as the worker pglite-thread-client.ts starts, which has its parent's port.
const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);

/** @type {PGlite} */
let client;
/**
 * Open transactions by id: the PGlite transaction and how to end it.
 * @type {Map<number, OpenTransaction>}
 */
const transactions = new Map();

/** Ends a transaction's callback so PGlite rolls back, without reporting it as a failure. */
class Rollback extends Error {}

/**
 * Types to keep as the text PostgreSQL sent (the caller's parsers for them are identities).
 * @param {QueryRequest} message
 * @returns {import("@electric-sql/pglite").QueryOptions}
 */
function options(message) {
  /** @type {Record<number, (value: string) => string>} */
  const parsers = {};
  for (const type of message.textTypes ?? []) parsers[type] = (value) => value;
  return { rowMode: message.rowMode, parsers };
}

/**
 * Only what a structured clone carries and the callers read.
 * @param {import("@electric-sql/pglite").Results} results
 */
const result = ({ rows, fields, affectedRows }) => ({ rows, fields, affectedRows });

/**
 * A database error as plain data: its message and every field (code, constraint, detail, ...).
 * @param {unknown} error
 */
function plainError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  /** @type {Record<string, unknown>} */
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === "function" || typeof value === "object") continue;
    fields[key] = value;
  }
  return { ...fields, name: error.name, message: error.message };
}

/**
 * Opens transaction `id`: resolves once PGlite has begun it.
 * @param {number} id
 * @returns {Promise<void>}
 */
function begin(id) {
  return new Promise((began, failed) => {
    client
      .transaction(
        (tx) =>
          new Promise((commit, rollback) => {
            transactions.set(id, { tx, commit, rollback });
            began();
          }),
      )
      .catch((error) => (error instanceof Rollback ? undefined : Promise.reject(error)))
      .then(
        () => transactions.get(id)?.settled?.resolve(),
        (error) => (transactions.has(id) ? transactions.get(id)?.settled?.reject(error) : failed(error)),
      );
  });
}

/**
 * Ends transaction `id` (commit or rollback) and waits until PGlite has.
 * @param {number} id
 * @param {boolean} commit
 */
function end(id, commit) {
  const open = transactions.get(id);
  if (!open) throw new Error(`no open transaction ${id}`);
  const settled = new Promise((resolve, reject) => {
    open.settled = { resolve, reject };
  });
  if (commit) open.commit();
  else open.rollback(new Rollback());
  return settled.finally(() => transactions.delete(id));
}

/** @param {Message} message */
async function handle(message) {
  switch (message.op) {
    case "query": {
      const target = message.tx === undefined ? client : transactions.get(message.tx)?.tx;
      if (!target) throw new Error(`no open transaction ${message.tx}`);
      return result(await target.query(message.sql, message.params, options(message)));
    }
    case "exec":
      return (await client.exec(message.sql)).map(result);
    case "begin":
      return begin(message.tx);
    case "commit":
      return end(message.tx, true);
    case "rollback":
      return end(message.tx, false);
    case "snapshot": {
      // Written beside its place and renamed: a reader never sees half a file.
      const data = Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer());
      const partial = `${message.file}.${process.pid}.partial`;
      await writeFile(partial, data);
      return rename(partial, message.file);
    }
    case "close":
      return client.close();
    default:
      // Only a caller out of step with this file sends another operation.
      throw new Error(`unknown operation ${/** @type {{ op: unknown }} */ (message).op}`);
  }
}

try {
  // A throw-away database may start from a snapshot of another (`snapshot` below) instead of an
  // empty cluster: loading one takes a fifth of the time PostgreSQL's initdb does.
  const loadDataDir = workerData.snapshot ? new Blob([await readFile(workerData.snapshot)]) : undefined;
  client = await PGlite.create(workerData.dataDir, {
    extensions: { pg_trgm, unaccent },
    loadDataDir,
    // PGlite's WebAssembly already compiled, when the caller has it (the tests, for their many databases).
    pgliteWasmModule: workerData.wasmModule,
  });
  // A new WAL file (every 16 MB of writes, about every second under a burst of contact forms) is
  // not filled with zeros first: that wrote 16 MB at once on this thread, a 40-60 ms pause for the
  // statements waiting behind it (p99 of a batch of 50 leads: 29 ms with zeros, 20 without). The
  // file still gets its full size; PostgreSQL needs the zeros only to reserve space ahead on some
  // file systems. The one session of this database keeps the setting.
  await client.exec("SET wal_init_zero = off");
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ ready: false, error: plainError(error) });
}

port.on("message", (/** @type {Message} */ message) => {
  handle(message).then(
    (value) => port.postMessage({ id: message.id, value }),
    (error) => port.postMessage({ id: message.id, error: plainError(error) }),
  );
});
