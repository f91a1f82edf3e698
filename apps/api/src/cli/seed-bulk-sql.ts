// SQL text helpers of the bulk seed (seed-bulk.ts, seed-bulk-follow-up.ts): values drawn from a hash
// of the row's number, so the same sizes give the same data on every run.

/** A value in 0..mod-1 that depends only on `expr` and `salt`. */
export const hash = (expr: string, salt: number, mod: number | string) =>
  `((hashint8extended((${expr})::bigint, ${salt}) & 9223372036854775807) % (${mod}))`;

export const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
export const textArray = (items: readonly string[]) => `(array[${items.map(literal).join(", ")}]::text[])`;
export const intArray = (items: readonly number[]) => `(array[${items.join(", ")}]::int[])`;

/** items[hash] as SQL. */
export const pick = (items: readonly string[], expr: string, salt: number) =>
  `${textArray(items)}[1 + ${hash(expr, salt, items.length)}]`;
