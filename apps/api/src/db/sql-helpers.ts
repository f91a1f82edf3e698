import { sql } from "drizzle-orm";

/**
 * The database's clock, for expiries and leases compared in SQL: every instance then agrees on
 * "now" whatever its own clock says.
 */
export const dbNow = () => sql<Date>`now()`;

/**
 * A row of raw SQL (`db.execute`) built from schema types: both drivers hand timestamps to Drizzle
 * as text, and only the query builder turns them into `Date`, so raw rows carry the text.
 */
export type RawRow<T> = {
  [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K];
};
