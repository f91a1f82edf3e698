import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

/**
 * Raw SQL: the cheapest statement that proves the database answers; it reads no table, which the
 * query builder cannot express. Rejects when the database cannot be reached.
 */
export async function pingDatabase(db: Db) {
  await db.execute(sql`select 1`);
}
