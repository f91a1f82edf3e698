// PostgreSQL helpers of the benchmarks: a connection for one job, database URLs on the admin
// server, and the clean-up of databases a killed run left behind.
import pg from "pg";

/** The server the benchmarks create their databases on (BENCH_PG_URL to change it). */
export const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * Runs `run` with a client connected to `url`, then closes it.
 * @template T
 * @param {string} url
 * @param {(client: pg.Client) => Promise<T>} run
 * @returns {Promise<T>}
 */
export async function withPg(url, run) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The URL of database `name` on the admin server.
 * @param {string} name
 */
export function databaseUrl(name) {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Drops databases named `<prefix><pid>_...` whose process is gone (a crash or kill -9 skipped
 * their cleanup); those of runs still going are left alone.
 * @param {pg.Client} admin
 * @param {string} prefix
 */
export async function dropStaleDatabases(admin, prefix) {
  const { rows } = await admin.query("select datname from pg_database where datname like $1", [`${prefix}%`]);
  for (const { datname } of rows) {
    const pid = Number(datname.slice(prefix.length).split("_")[0]);
    try {
      process.kill(pid, 0);
      continue; // still running
    } catch {
      // No such process: left behind.
    }
    await admin.query(`drop database if exists "${datname}" with (force)`);
    console.log(`Dropped ${datname}, left behind by an earlier run.`);
  }
}
