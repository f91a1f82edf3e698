import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { createTestDatabase } from "../../../test/database.ts";

const HEALTH_TOKEN = "monitoreo-Vq7rT2xLp9Kd4Wz8Nb3Hs6Jc1Fg5";
const withToken = (token: string) => ({ authorization: `Bearer ${token}` });

describe("health and API errors", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite", { healthToken: HEALTH_TOKEN });
  });
  afterAll(() => t.close());

  it("answers 200 {status: ok} and is never cached", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("readiness tells anyone only whether the instance is ready, nothing about its parts", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health/ready" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("readiness details (database, Redis, shared mailbox) need HEALTH_TOKEN; a wrong token is a 401", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health/ready", headers: withToken(HEALTH_TOKEN) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: "ok",
      database: "ok",
      redis: "not_configured",
      shuttingDown: false,
      mailbox: "not_configured",
    });
    expect(response.headers["cache-control"]).toBe("no-store");
    for (const headers of [withToken(`${HEALTH_TOKEN}x`), withToken("x"), { authorization: HEALTH_TOKEN }]) {
      const refused = await t.app.inject({ method: "GET", url: "/api/health/ready", headers });
      expect(refused.statusCode, headers.authorization).toBe(401);
      expect(refused.json()).toMatchObject({ statusCode: 401, message: expect.stringMatching(/HEALTH_TOKEN/) });
      expect(refused.body).not.toMatch(/database|mailbox/);
    }
  });

  it("readiness says 503 once shutdown starts; new requests get 503 only once the server closes", async () => {
    t.app.lifecycle.shuttingDown = true;
    try {
      const ready = await t.app.inject({ method: "GET", url: "/api/health/ready" });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers["retry-after"]).toBe("5");
      expect(ready.json()).toEqual({ status: "unavailable" });
      const details = await t.app.inject({ method: "GET", url: "/api/health/ready", headers: withToken(HEALTH_TOKEN) });
      expect(details.statusCode).toBe(503);
      expect(details.json()).toMatchObject({ status: "unavailable", database: "ok", shuttingDown: true });
      // Still serving while the load balancer takes the instance out.
      expect((await t.app.inject({ method: "GET", url: "/api/service-types" })).statusCode).toBe(200);
      t.app.lifecycle.closing = true;
      const refused = await t.app.inject({ method: "GET", url: "/api/service-types" });
      expect(refused.statusCode).toBe(503);
      expect(refused.headers["retry-after"]).toBe("5");
      expect(refused.headers.connection).toBe("close");
      expect(refused.json()).toMatchObject({ statusCode: 503, message: expect.stringMatching(/reiniciando/) });
    } finally {
      t.app.lifecycle.shuttingDown = false;
      t.app.lifecycle.closing = false;
    }
  });

  it("names every answer with a request id, keeping a safe one the client or proxy sent", async () => {
    const own = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(own.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const given = await t.app.inject({ method: "GET", url: "/api/health", headers: { "x-request-id": "proxy-42.a" } });
    expect(given.headers["x-request-id"]).toBe("proxy-42.a");
    const hostile = await t.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": "x\u001b[31m fake log line" },
    });
    expect(hostile.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers unknown API routes with a JSON 404 in Spanish", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/no-existe?x=1" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      error: "Not Found",
      message: "No existe la ruta GET /api/no-existe",
    });
  });

  it("sends security headers and a locked-down CSP on JSON answers", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["strict-transport-security"]).toContain("max-age=31536000");
    expect(response.headers["content-security-policy"]).toBe(
      "default-src 'none'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'",
    );
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });
});

// These tests make their own app and database: PGlite takes seconds to start on a busy machine.
describe("readiness without a database", () => {
  it("answers 503 within the check's deadline when the database is gone", async () => {
    const t = await createTestApp("pglite", { healthToken: HEALTH_TOKEN });
    await t.db.database.close();
    try {
      const started = performance.now();
      const response = await t.app.inject({ method: "GET", url: "/api/health/ready" });
      expect(performance.now() - started).toBeLessThan(3000);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: "unavailable" });
      const details = await t.app.inject({ method: "GET", url: "/api/health/ready", headers: withToken(HEALTH_TOKEN) });
      expect(details.json()).toMatchObject({ status: "unavailable", database: "unavailable" });
      // Liveness stays cheap and green: the process is fine, the database is not.
      expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    } finally {
      await t.app.close();
    }
  }, 60_000);
});

describe("a request that takes too long", () => {
  it("is answered 503 with Retry-After at HANDLER_TIMEOUT_MS, never left hanging", async () => {
    const db = await createTestDatabase("pglite");
    const { buildApp } = await import("../../app.ts");
    const { loadConfig } = await import("../../config.ts");
    const config = {
      ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", SERVE_WEB: "false" }),
      handlerTimeoutMs: 200,
    };
    const app = await buildApp({ config, database: db.database });
    // A handler that answers only when the test lets it, after the 503 has been checked.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    app.get("/api/slow", { config: { public: true } }, async () => {
      await released;
      return { late: true };
    });
    await app.ready();
    try {
      const response = await app.inject({ method: "GET", url: "/api/slow" });
      expect(response.statusCode).toBe(503);
      expect(response.headers["retry-after"]).toBeDefined();
      expect(response.json()).toMatchObject({ statusCode: 503, error: "Service Unavailable" });
    } finally {
      release();
      await app.close();
      await db.drop();
    }
  }, 60_000);
});
