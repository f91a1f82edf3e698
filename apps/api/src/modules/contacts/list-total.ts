import type { MessageView } from "@app/shared/constants";

// The plain list's total, counted exactly but reused for a few seconds once the list is large.
// Counting 250,000 listed contacts is an index-only scan of 30-40 ms that every page view paid
// (bench/crm); at that size a total a few seconds old is indistinguishable to staff, while small
// lists, where one new contact is visible, are always counted afresh (decision 015).

/** Below this many contacts the total is always counted afresh. */
export const FRESH_COUNT_BELOW = 10_000;
/** How long a large total is reused. */
export const LARGE_COUNT_TTL_MS = 5_000;

type Entry = { total: number; at: number };
const cache = new WeakMap<object, Map<MessageView, Entry>>();

/** `count()` for the plain list of `view` on database `db`, reused while large and recent. */
export async function listTotal(db: object, view: MessageView, count: () => Promise<number>, now = Date.now()) {
  const byView = cache.get(db) ?? new Map<MessageView, Entry>();
  cache.set(db, byView);
  const kept = byView.get(view);
  if (kept && kept.total >= FRESH_COUNT_BELOW && now - kept.at < LARGE_COUNT_TTL_MS) return kept.total;
  const total = await count();
  byView.set(view, { total, at: now });
  return total;
}
