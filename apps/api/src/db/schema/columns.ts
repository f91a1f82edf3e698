// Column and index helpers the schema's files share.
import { customType, timestamp } from "drizzle-orm/pg-core";

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/**
 * The trigram indexes collect new entries in a pending list that the insert which fills it merges
 * into the index (PGlite has no autovacuum to do it in the background). At PostgreSQL's default of
 * 4 MB that merge made one contact request in a hundred wait 60-100 ms; lists of 256 kB are merged
 * in a few milliseconds each, and a search reads a shorter unindexed list (decision 027).
 */
export const SMALL_PENDING_LIST = { gin_pending_list_limit: 256 };

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  // PGlite hands back a Uint8Array, node-postgres a Buffer.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
