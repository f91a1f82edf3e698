import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../db/client.ts";

/**
 * Raw SQL: an advisory lock is a function call, not a table the query builder can select from.
 * Transaction-scoped: released with the transaction whatever happens (pool connection or PGlite).
 * True when this transaction holds it, false when another one does.
 */
export async function tryAdvisoryXactLock(tx: Db, key: number) {
  const [row] = await queryRows<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${key}) as locked`);
  return row?.locked === true;
}
