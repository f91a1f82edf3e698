import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { contactMessages, contactServiceTypes, contacts } from "../../db/schema/index.ts";

// The aliases the contacts' SQL conditions are written against, and which messages are in which list.

/** `clients c` and `client_messages m`: the aliases the search conditions are written against. */
export const c = alias(contacts, "c");
export const m = alias(contactMessages, "m");
/** `client_service_types cs`: which products a contact asked about in the main list. */
export const cs = alias(contactServiceTypes, "cs");

/**
 * A message that belongs to the main list: not suspicious, or accepted by staff. Written as a
 * comparison with '{}' (not cardinality()) so the planner uses the column's statistics: it
 * misjudged 99.9% of the rows as 0.5% and chose bad plans (bench/crm). The triggers that keep
 * client_service_types (migration 0010) repeat it in SQL: change both together.
 */
export const visible = (table: typeof contactMessages | typeof m) =>
  sql`(${table.reviewReasons} = '{}' or ${table.reviewedAt} is not null)`;
export const VISIBLE = visible(m);
/** A message kept apart for review and not accepted yet (the predicate of client_messages_review_idx). */
export const inReview = (table: typeof contactMessages | typeof m) =>
  sql`(${table.reviewReasons} <> '{}' and ${table.reviewedAt} is null)`;
export const IN_REVIEW = inReview(m);
