import type { SQL, SQLWrapper } from "drizzle-orm";
import { sql } from "drizzle-orm";

/**
 * Newest first, in the order of our indexes: drizzle writes an index column's `.desc()` as
 * `DESC NULLS LAST`, while SQL's plain `desc` puts nulls first. Asked in the other order, PostgreSQL
 * cannot read the index in order and sorts every matching row instead (the quote list at 100,000
 * quotes: 16.7 ms sorting against 0.8 ms reading the index).
 */
export function newestFirst(...columns: SQLWrapper[]): SQL[] {
  return columns.map((column) => sql`${column} desc nulls last`);
}
