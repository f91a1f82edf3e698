import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { clientMessages, clients } from "../../db/schema.ts";

// The aliases the contacts' SQL conditions are written against, and which messages are in which list.

/** `clients c` and `client_messages m`: the aliases the search conditions are written against. */
export const c = alias(clients, "c");
export const m = alias(clientMessages, "m");

/**
 * A message that belongs to the main list: not suspicious, or accepted by staff. Written as a
 * comparison with '{}' (not cardinality()) so the planner uses the column's statistics: it
 * misjudged 99.9% of the rows as 0.5% and chose bad plans (bench/crm).
 */
export const VISIBLE = sql`(${m.reviewReasons} = '{}' or ${m.reviewedAt} is not null)`;
/** A message kept apart for review and not accepted yet (the predicate of client_messages_review_idx). */
export const inReview = (table: typeof clientMessages | typeof m) =>
  sql`(${table.reviewReasons} <> '{}' and ${table.reviewedAt} is null)`;
export const IN_REVIEW = inReview(m);
