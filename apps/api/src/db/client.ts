import type { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { lockDataDir } from "./data-dir-lock.ts";
import { isConnectionLost } from "./errors.ts";
import { PgliteThread } from "./pglite-thread-client.ts";
import * as schema from "./schema/index.ts";

/** One type for both engines, so repositories never care which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * Runs raw SQL and gives its rows. Both drivers answer `{ rows }`; Drizzle's shared type cannot say
 * so, hence the one cast here.
 */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export type Database = {
  db: Db;
  engine: "pglite" | "postgres";
  /** Runs the migrations with the engine's own migrator. */
  migrate: (migrationsFolder: string) => Promise<void>;
  /** PGlite only: writes the whole database to a file that `snapshot` in the options starts from. */
  saveSnapshot?: (file: string) => Promise<void>;
  close: () => Promise<void>;
};

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PGlite in memory only: start as a copy of this snapshot (the tests' migrated database). */
  snapshot?: string | undefined;
  /**
   * PGlite only: its WebAssembly, compiled already. Compiling it costs each new database about
   * 0.6 s of CPU; the tests, which open one per file, compile it once.
   */
  wasmModule?: WebAssembly.Module | undefined;
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir, options.snapshot, options.wasmModule);
}

/**
 * An unreachable or hanging database must turn into a 503 within 3 s (docs/operations.md), never a hung
 * request: connecting and each query have their own deadline.
 */
const POOL_TIMEOUTS = {
  connectionTimeoutMillis: 2000,
  query_timeout: 2500,
  // The server gives up on a statement whose client has stopped waiting, instead of working on.
  statement_timeout: 3000,
};

async function openPostgres(url: string): Promise<Database> {
  const max = 10;
  const pool = new pg.Pool({ connectionString: url, max, ...POOL_TIMEOUTS });
  // An idle client that loses its connection emits "error" on the pool: log-worthy, never fatal.
  pool.on("error", () => {});
  retryOnLostConnection(pool, max + 1);
  const db = drizzlePg(pool, { schema });
  return {
    db,
    engine: "postgres",
    async migrate(migrationsFolder) {
      const { migrate } = await import("drizzle-orm/node-postgres/migrator");
      // Its own connection, without the query deadline: building an index on a big table takes time.
      // Several instances may start together: one migrates while the others wait on the lock.
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
      await client.connect();
      try {
        await client.query("select pg_advisory_lock(727274)");
        await migrate(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query("select pg_advisory_unlock(727274)").catch(() => {});
        await client.end();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * When PostgreSQL ends every connection (pg_terminate_backend, a restart, a failover), the pool may
 * still hand out connections whose end it has not read yet: the next statement fails at once. It is
 * sent again, each dead connection being dropped, until one is alive (at most the pool's size plus
 * one tries), so the next request succeeds instead of getting a 503. Safe:
 * a statement on a terminated connection was not run or was rolled back with it; and contact
 * requests carry an idempotency key besides. Timeouts are not retried: those may have committed.
 */
function retryOnLostConnection(pool: pg.Pool, tries: number) {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  const retrying = async (...args: unknown[]) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await query(...args);
      } catch (error) {
        if (attempt >= tries || !isConnectionLost(error)) throw error;
      }
    }
  };
  // Drizzle calls the promise forms only (config or text plus values), never a callback.
  pool.query = retrying as typeof pool.query;
}

async function openPglite(dataDir: string, snapshot?: string, wasmModule?: WebAssembly.Module): Promise<Database> {
  const inMemory = dataDir.startsWith("memory://");
  if (snapshot && !inMemory) throw new Error("Only a database in memory starts from a snapshot");
  const unlock = inMemory ? () => {} : lockDataDir(dataDir);
  let client: PgliteThread;
  try {
    client = await PgliteThread.open(dataDir, snapshot, wasmModule);
  } catch (error) {
    unlock();
    throw error;
  }
  // Drizzle's PGlite driver calls only what PgliteThread has (query, transaction).
  const db = drizzlePglite({ client: client as unknown as PGlite, schema });
  return {
    db,
    engine: "pglite",
    async migrate(migrationsFolder) {
      const { migrate } = await import("drizzle-orm/pglite/migrator");
      await migrate(db, { migrationsFolder });
    },
    saveSnapshot: (file) => client.snapshot(file),
    close: async () => {
      await client.close();
      unlock();
    },
  };
}
