import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../app.ts";
import { ADMIN, bearer, createAuthTestApp, signIn } from "../auth.ts";
import { engines } from "../database.ts";

// Error answers tell a client what it did wrong, never how the server is built: no stack, no SQL,
// no file paths, no library messages. The log keeps the details for the people who run it.

/** Things an error body must never contain. */
const LEAKS = [
  /\bat\s+\S+\s+\(/, // a stack frame
  /\.(ts|js|mjs):\d+/,
  /\/(work|home|usr|app|src)\//,
  /node_modules/,
  /\b(select|insert|update|delete)\b.+\b(from|into|set)\b/i,
  /\brelation\b|\bcolumn\b|syntax error|violates|duplicate key|pglite|postgres|drizzle/i,
  /Unexpected token|JSON at position|SyntaxError|TypeError|ReferenceError|FST_/,
];

function expectNoLeak(body: string, name: string) {
  for (const leak of LEAKS) expect(body, `${name}: ${leak}`).not.toMatch(leak);
  const json = JSON.parse(body) as Record<string, unknown>;
  expect(
    Object.keys(json).filter((key) => !["statusCode", "error", "message", "details"].includes(key)),
    name,
  ).toEqual([]);
}

describe.each(engines)("error answers on %s", (engine) => {
  let t: TestApp;
  let token: string;
  const log: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        log.push(String(chunk));
        done();
      },
    });
    t = await createAuthTestApp(engine, { logLevel: "info" }, stream);
    token = (await signIn(t.app, ADMIN)).accessToken;
  });
  afterAll(() => t.close());

  it("4xx answers name the problem in Spanish and leak nothing", async () => {
    const requests: [string, InjectOptions][] = [
      [
        "malformed JSON",
        { method: "POST", url: "/api/client", headers: { "content-type": "application/json" }, payload: '{"a": ' },
      ],
      [
        "JSON with a BOM and garbage",
        {
          method: "POST",
          url: "/api/auth/login",
          headers: { "content-type": "application/json" },
          payload: "\uFEFF{x}",
        },
      ],
      ["wrong type", { method: "POST", url: "/api/auth/login", payload: { username: 1, password: [] } }],
      [
        "prototype poisoning",
        {
          method: "POST",
          url: "/api/client",
          headers: { "content-type": "application/json" },
          payload: '{"__proto__": {"x": 1}}',
        },
      ],
      [
        "a form",
        {
          method: "POST",
          url: "/api/client",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          payload: "a=1",
        },
      ],
      [
        "too large",
        {
          method: "POST",
          url: "/api/client",
          headers: { "content-type": "application/json" },
          payload: JSON.stringify({ a: "x".repeat(70_000) }),
        },
      ],
      ["bad id", { method: "GET", url: "/api/clients/abc", headers: bearer(token) }],
      ["bad query", { method: "GET", url: "/api/client-message?size=-1&sort=x", headers: bearer(token) }],
      ["unknown route", { method: "GET", url: "/api/../../etc/passwd" }],
      ["malformed URL", { method: "GET", url: "/api/%E0%A4%A" }],
      ["no token", { method: "GET", url: "/api/dashboard" }],
      ["bad token", { method: "GET", url: "/api/dashboard", headers: bearer("a.b.c") }],
      ["missing record", { method: "GET", url: "/api/clients/999999", headers: bearer(token) }],
    ];
    for (const [name, request] of requests) {
      const response = await t.app.inject(request);
      expect(response.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, name).toBeLessThan(500);
      expect(response.headers["content-type"], name).toMatch(/^application\/json/);
      expectNoLeak(response.body, name);
    }
  });

  it("a failing query answers a plain 500, and only the log has the details", async () => {
    await t.app.db.execute(sql`alter table audit_log rename to audit_log_hidden`);
    try {
      const response = await t.app.inject({ method: "GET", url: "/api/audit-log", headers: bearer(token) });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        statusCode: 500,
        error: "Internal Server Error",
        message: "Error interno del servidor.",
      });
      expectNoLeak(response.body, "500");
      const requestId = String(response.headers["x-request-id"]);
      const entry = log.map((line) => JSON.parse(line)).find((line) => line.reqId === requestId && line.err);
      expect(entry?.err.message).toMatch(/audit_log/);
    } finally {
      await t.app.db.execute(sql`alter table audit_log_hidden rename to audit_log`);
    }
  });
});
