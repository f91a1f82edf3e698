import fc from "fast-check";

/** Strings an attacker or a broken client sends: each has its own check in this folder. */
export const HOSTILE_STRINGS = [
  "",
  " ",
  "\u0000",
  "Mar\u0000ía",
  "\ud800",
  "\udc00María",
  "María\r\nBcc: victima@example.com",
  "\u2028\u2029\u200b\ufeff",
  "' OR '1'='1' --",
  "'; select pg_sleep(5); --",
  "1; drop table clients; --",
  "%' and 1=(select 1 from pg_sleep(5)) and '%'='",
  "\\",
  "%_%",
  "<script>alert(1)</script>",
  '<img src=x onerror="alert(1)">',
  "javascript:alert(1)",
  '=HYPERLINK("http://evil.example")',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, sent as it is
  "{{7*7}}${7*7}",
  "../../../../etc/passwd",
  "__proto__",
  "constructor",
  "-1",
  "1e309",
  "9".repeat(400),
  "ñ".repeat(20_000),
];

/** Keys that try to reach Object.prototype when a body is merged into an object. */
export const POLLUTING_KEYS = ["__proto__", "constructor", "prototype"];

export const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.integer({ min: 0xd800, max: 0xdfff }).map(String.fromCharCode) }) },
);

/** A JSON value of any kind, hostile strings included. */
export const hostileValue = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(0, -1, 1, 2_147_483_648, Number.MAX_SAFE_INTEGER, 1.5, true, false, null, [], {}),
  },
);

/**
 * JSON text of an object with these entries, written by hand: `JSON.stringify` of an object
 * literal would drop a `__proto__` key, and the server must see it.
 */
export function jsonObject(entries: [string, unknown][]) {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? "null"}`).join(",")}}`;
}
