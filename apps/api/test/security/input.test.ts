import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../app.ts";
import { ADMIN, bearer, createAuthTestApp, signIn } from "../auth.ts";
import { engines } from "../database.ts";

// Content types, body limits and prototype pollution on every route that reads a body, not only
// the contact form (whose own checks are in modules/contacts/intake-bad-input.test.ts).

const GENEROUS = [{ max: 1_000_000, windowMs: 60_000 }];

describe.each(engines)("bodies of every JSON route on %s", (engine) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createAuthTestApp(engine, {
      contactRateLimit: GENEROUS,
      refreshRateLimit: GENEROUS,
      passwordResetRateLimit: GENEROUS,
    });
    token = (await signIn(t.app, ADMIN)).accessToken;
  });
  afterAll(() => t.close());

  /** The one route whose body is a file, not JSON (a picture for the site): checked on its own below. */
  const FILE_ROUTES = new Set(["POST /api/site/images"]);
  const bodyRoutes = () =>
    t.app.routeSummaries.filter(
      (route) => ["POST", "PATCH", "PUT"].includes(route.method) && !FILE_ROUTES.has(`${route.method} ${route.url}`),
    );
  const send = (route: { method: string; url: string }, contentType: string, payload: string) =>
    t.app.inject({
      method: route.method as InjectOptions["method"],
      url: route.url.replace(/:(\w+)/g, "1"),
      headers: { ...bearer(token), "content-type": contentType },
      payload,
    });

  it("walks every route that takes a body", () => {
    expect(bodyRoutes().length).toBeGreaterThanOrEqual(15);
  });

  it("answers 415 to anything but JSON (text, forms, multipart, XML)", async () => {
    for (const route of bodyRoutes()) {
      for (const contentType of [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/xml",
        "text/html",
      ]) {
        const response = await send(route, contentType, "a=1");
        expect(response.statusCode, `${route.method} ${route.url} ${contentType}`).toBe(415);
        expect(response.json().message).toBe("Tipo de contenido no admitido: envía JSON.");
      }
    }
  });

  it("the picture upload takes a picture's bytes only: 415 for text, forms, multipart, XML and JSON", async () => {
    for (const contentType of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/xml",
      "application/json",
    ]) {
      const response = await send({ method: "POST", url: "/api/site/images" }, contentType, "a=1");
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json().message).toBe("Tipo de contenido no admitido: envía una imagen JPEG, PNG o WebP.");
    }
  });

  it("answers 413 to bodies over 64 KiB before reading them into a route", async () => {
    const huge = JSON.stringify({ message: "a".repeat(65 * 1024) });
    for (const route of bodyRoutes()) {
      const response = await send(route, "application/json", huge);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(413);
      expect(response.json().message).toBe("La solicitud es demasiado grande.");
    }
  });

  it("refuses __proto__ and constructor.prototype keys with a 400 and never pollutes Object.prototype", async () => {
    const poisons = [
      '{"__proto__": {"polluted": "sí", "isAdmin": true}}',
      '{"constructor": {"prototype": {"polluted": "sí"}}}',
      '{"keyword": "x", "nested": {"__proto__": {"polluted": "sí"}}}',
    ];
    for (const route of bodyRoutes()) {
      for (const poison of poisons) {
        const response = await send(route, "application/json", poison);
        expect(response.statusCode, `${route.method} ${route.url} ${poison}`).toBe(400);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it("refuses NUL and lone surrogates in staff-typed text with a 400, never a 500", async () => {
    const cases: [string, string, (bad: string) => string][] = [
      ["POST", "/api/auth/login", (bad) => `{"username": "${bad}", "password": "x"}`],
      ["POST", "/api/client-message/search", (bad) => `{"keyword": "${bad}"}`],
      ["POST", "/api/client-message/1/reply", (bad) => `{"reply": "${bad}"}`],
      ["POST", "/api/clients/1/messages", (bad) => `{"message": "${bad}"}`],
      [
        "POST",
        "/api/users",
        (bad) => `{"username": "abc", "displayName": "${bad}", "role": "personal", "password": "una-clave-larga-1"}`,
      ],
      ["POST", "/api/auth/forgot-password", (bad) => `{"email": "${bad}@x.ec"}`],
    ];
    for (const [method, url, body] of cases) {
      for (const bad of ["a\\u0000b", "\\u0000", "a\\ud800b", "\\udc00"]) {
        const response = await send({ method, url }, "application/json", body(bad));
        expect(response.statusCode, `${method} ${url} ${bad}`).toBe(400);
      }
    }
    const search = await t.app.inject({
      method: "GET",
      url: `/api/client-message/export?keyword=${encodeURIComponent("a\u0000b")}`,
      headers: bearer(token),
    });
    expect(search.statusCode).toBe(400);
  });
});
