// A total counted exactly but reused for a few seconds once it is large: counting a table of
// hundreds of thousands of rows is an index-only scan of 30-40 ms that every page view paid
// (bench/crm); at that size a total a few seconds old is indistinguishable to staff, while small
// totals, where one new row is visible, are always counted afresh (decision 015).

/** Below this many rows the total is always counted afresh. */
export const FRESH_COUNT_BELOW = 10_000;
/** How long a large total is reused. */
export const LARGE_COUNT_TTL_MS = 5_000;

type Entry = { value: unknown; at: number };
const cache = new WeakMap<object, Map<string, Entry>>();

/**
 * `count()` for `key` on database `db`, reused while `size` of it is large and it is recent. The
 * caller's key names what was counted; its type is the caller's to keep.
 */
export async function reusedCount<T>(
  db: object,
  key: string,
  count: () => Promise<T>,
  size: (value: T) => number,
  now = Date.now(),
): Promise<T> {
  const byKey = cache.get(db) ?? new Map<string, Entry>();
  cache.set(db, byKey);
  const kept = byKey.get(key);
  if (kept && size(kept.value as T) >= FRESH_COUNT_BELOW && now - kept.at < LARGE_COUNT_TTL_MS) return kept.value as T;
  const value = await count();
  byKey.set(key, { value, at: now });
  return value;
}
