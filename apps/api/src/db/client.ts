import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema.ts";

/** One type for both engines, so repositories never care which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  engine: "pglite" | "postgres";
  /** Runs the migrations with the engine's own migrator. */
  migrate: (migrationsFolder: string) => Promise<void>;
  close: () => Promise<void>;
};

export type DatabaseOptions = { databaseUrl?: string | undefined; dataDir: string };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir);
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 3000 });
  // An idle client that loses its connection emits "error" on the pool: log-worthy, never fatal.
  pool.on("error", () => {});
  const db = drizzlePg(pool, { schema });
  return {
    db,
    engine: "postgres",
    async migrate(migrationsFolder) {
      const { migrate } = await import("drizzle-orm/node-postgres/migrator");
      // Several instances may start together: one migrates while the others wait on the lock.
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock(727274)");
        await migrate(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query("select pg_advisory_unlock(727274)").catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string): Promise<Database> {
  const client = await PGlite.create(dataDir);
  const db = drizzlePglite(client, { schema });
  return {
    db,
    engine: "pglite",
    async migrate(migrationsFolder) {
      const { migrate } = await import("drizzle-orm/pglite/migrator");
      await migrate(db, { migrationsFolder });
    },
    close: () => client.close(),
  };
}
