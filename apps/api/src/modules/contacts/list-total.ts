import type { MessageView } from "@app/shared/constants";
import { reusedCount } from "../../kernel/reused-count.ts";

// Totals of the contacts list, counted exactly but reused for a few seconds once the list is large.
// Counting 250,000 listed contacts is an index-only scan of 30-40 ms that every page view paid
// (bench/crm); at that size a total a few seconds old is indistinguishable to staff, while small
// lists, where one new contact is visible, are always counted afresh (decision 015).

/** `count()` for the plain list of `view` on database `db`, reused while large and recent. */
export const listTotal = (db: object, view: MessageView, count: () => Promise<number>, now = Date.now()) =>
  reusedCount(db, `list:${view}`, count, (total) => total, now);
