import { Worker } from "node:worker_threads";
import type { QueryOptions, Results } from "@electric-sql/pglite";

type Request =
  | {
      op: "query";
      sql: string;
      params: unknown[] | undefined;
      rowMode?: "array" | "object";
      textTypes?: number[];
      tx?: number;
    }
  | { op: "exec"; sql: string }
  | { op: "begin" | "commit" | "rollback"; tx: number }
  | { op: "snapshot"; file: string }
  | { op: "close" };

type Reply = { id: number; value?: unknown; error?: Record<string, unknown> & { message: string } };

/** A database error from the thread, with the fields callers look at (code, constraint, detail...). */
function toError(plain: Record<string, unknown> & { message: string }): Error {
  return Object.assign(new Error(plain.message), plain);
}

/** What Drizzle's PGlite driver calls on its client, and on a transaction's. */
type Queryable = {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
};

/**
 * The embedded database (PGlite) running on a worker thread, with the part of PGlite's interface
 * Drizzle uses: `query`, `exec`, `transaction`, `close`. A statement then costs this thread only
 * the message that carries it, so HTTP keeps being served while the database works (decision 027).
 * Transactions keep PGlite's own rule, one at a time with nothing else in between: they run inside
 * PGlite's `transaction` on the other thread, and statements from outside wait there for its end.
 */
export class PgliteThread implements Queryable {
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  private nextTx = 1;
  private closedWith: Error | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on("message", (reply: Reply) => {
      const call = this.pending.get(reply.id);
      if (!call) return;
      this.pending.delete(reply.id);
      if (reply.error) call.reject(toError(reply.error));
      else call.resolve(reply.value);
    });
    // The thread died (out of memory, a crash in the WebAssembly): every statement waiting fails
    // as "closed", which the routes answer with 503, like a database that went away.
    const fail = (reason: string) => {
      this.closedWith ??= new Error(`PGlite is closed: ${reason}`);
      for (const call of this.pending.values()) call.reject(this.closedWith);
      this.pending.clear();
    };
    worker.on("error", (error) => fail(error.message));
    worker.on("exit", (code) => fail(`its thread ended (exit code ${code})`));
  }

  /**
   * Starts the thread and opens the data directory there (`memory://` for a throw-away one), which
   * starts as a copy of `snapshot` when one is given (a file written by `snapshot()`). With
   * `wasmModule`, PGlite's WebAssembly compiled once already, the thread skips compiling it again.
   */
  static async open(dataDir: string, snapshot?: string, wasmModule?: WebAssembly.Module): Promise<PgliteThread> {
    const worker = new Worker(new URL("./pglite-thread.mjs", import.meta.url), {
      workerData: { dataDir, snapshot, wasmModule },
    });
    const started = await new Promise<{ ready: boolean; error?: Reply["error"] }>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
      worker.once("exit", (code) => reject(new Error(`PGlite thread ended while starting (exit code ${code})`)));
    });
    if (!started.ready) {
      await worker.terminate();
      throw toError(started.error ?? { message: "PGlite did not start" });
    }
    return new PgliteThread(worker);
  }

  private call<T>(request: Request): Promise<T> {
    if (this.closedWith) return Promise.reject(this.closedWith);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    return this.call({
      op: "query",
      sql,
      params,
      rowMode: options?.rowMode,
      // Drizzle asks for some types as text (its parsers for them return the text as it is): a
      // function cannot cross to the other thread, the list of those types can.
      textTypes: options?.parsers ? Object.keys(options.parsers).map(Number) : undefined,
      tx,
    });
  }

  exec(sql: string): Promise<Results[]> {
    return this.call({ op: "exec", sql });
  }

  async transaction<T>(run: (tx: Queryable) => Promise<T>): Promise<T> {
    const tx = this.nextTx++;
    await this.call({ op: "begin", tx });
    const scoped: Queryable = { query: (sql, params, options) => this.query(sql, params, options, tx) };
    let value: T;
    try {
      value = await run(scoped);
    } catch (error) {
      await this.call({ op: "rollback", tx }).catch(() => {});
      throw error;
    }
    await this.call({ op: "commit", tx });
    return value;
  }

  /** Writes the whole database to `file`, to start others from (`open`). */
  snapshot(file: string): Promise<void> {
    return this.call({ op: "snapshot", file });
  }

  async close(): Promise<void> {
    if (this.closedWith) return;
    try {
      await this.call({ op: "close" });
    } finally {
      this.closedWith = new Error("PGlite is closed");
      await this.worker.terminate();
    }
  }
}
