import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { serverBuildOf } from "../../src/modules/site-pages/web-renderer.ts";
import { createTestApp, type TestApp } from "../app.ts";
import { engines } from "../database.ts";

// Security headers, the CSP of the real rendered pages and of the CRM shell, and CORS.
// The plugin's own test (plugins/static-site.test.ts) uses a made-up site; this one renders the build.

const webDist = loadConfig({}).webDist;
const built = existsSync(serverBuildOf(webDist));

/** The pages the sitemap lists, and those it leaves out on purpose. */
async function publicPages(t: TestApp) {
  const sitemap = (await t.app.inject({ method: "GET", url: "/sitemap.xml" })).body;
  const listed = [...sitemap.matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)].map(([, page]) => page || "/");
  return [...listed, "/login", "/recuperar-contrasena", "/restablecer-contrasena", "/contacto/gracias"];
}

/**
 * The SHA-256 of each inline script a browser would run, computed here on its own (not with the
 * server's helper): a data block (JSON, JSON-LD) is not executed and needs no hash.
 */
function inlineScriptHashes(html: string) {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const [, attributes = "", body = ""] = match;
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && !["module", "text/javascript", "application/javascript"].includes(type)) continue;
    hashes.push(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return hashes;
}

function directives(csp: string) {
  return new Map(
    csp
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = "", ...values]) => [name, values]),
  );
}

function expectStrictPageCsp(csp: string, html: string, url: string) {
  const policy = directives(csp);
  const scripts = policy.get("script-src") ?? policy.get("default-src") ?? [];
  expect(scripts, url).not.toContain("'unsafe-inline'");
  expect(scripts, url).not.toContain("'unsafe-eval'");
  expect(scripts, url).not.toContain("*");
  expect(policy.get("object-src"), url).toEqual(["'none'"]);
  expect(policy.get("base-uri"), url).toEqual(["'none'"]);
  expect(policy.get("frame-ancestors"), url).toEqual(["'none'"]);
  const listed = scripts.filter((value) => value.startsWith("'sha256-")).sort();
  expect(listed, `${url}: the CSP lists exactly the page's inline scripts`).toEqual(
    [...new Set(inlineScriptHashes(html))].sort(),
  );
  // Inline event handlers would be blocked by this CSP (and mean someone wrote HTML by hand).
  expect(html, url).not.toMatch(/<[^>]+\son[a-z]+\s*=/i);
  expect(html, url).not.toMatch(/href\s*=\s*["']?\s*javascript:/i);
}

describe.skipIf(!built)("CSP of the built site (needs `node scripts/ensure-build.mjs`)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite", { serveWeb: true, webDist });
  });
  afterAll(() => t.close());

  it("every rendered page allows exactly its own inline scripts, never 'unsafe-inline'", async () => {
    const pages = await publicPages(t);
    expect(pages).toEqual(
      expect.arrayContaining(["/", "/productos", "/productos/danisaraba", "/servicios", "/contacto", "/login"]),
    );
    for (const url of pages) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"], url).toBe("text/html; charset=utf-8");
      expectStrictPageCsp(String(response.headers["content-security-policy"]), response.body, url);
    }
  });

  it("the CRM shell (/crm, /crm/mensajes) has the same strict policy", async () => {
    for (const url of ["/crm", "/crm/mensajes"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expectStrictPageCsp(String(response.headers["content-security-policy"]), response.body, url);
    }
  });

  it("pages carry HSTS, nosniff, Referrer-Policy and no framing", async () => {
    for (const url of ["/", "/productos", "/crm", "/favicon.svg"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["strict-transport-security"], url).toMatch(/max-age=\d{8}; includeSubDomains/);
      expect(response.headers["x-content-type-options"], url).toBe("nosniff");
      expect(response.headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
      // The legacy header says what CSP frame-ancestors 'none' says: no page of any origin frames it.
      expect(response.headers["x-frame-options"], url).toBe("DENY");
      expect(response.headers["x-powered-by"], url).toBeUndefined();
    }
  });
});

describe.each(engines)("API headers and CORS on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it("every JSON answer, errors included, gets a CSP that loads and frames nothing, HSTS, nosniff and Referrer-Policy", async () => {
    for (const [method, url] of [
      ["GET", "/api/health"],
      ["GET", "/api/service-types"],
      ["GET", "/api/client-message"],
      ["GET", "/api/no-existe"],
      ["POST", "/api/auth/login"],
    ] as const) {
      const response = await t.app.inject({ method, url, ...(method === "POST" ? { payload: {} } : {}) });
      const policy = directives(String(response.headers["content-security-policy"]));
      // ASVS 5.0 3.4.3 and 3.4.6: object-src, base-uri and frame-ancestors on every response.
      for (const directive of ["default-src", "object-src", "base-uri", "frame-ancestors"]) {
        expect(policy.get(directive), `${url} ${directive}`).toEqual(["'none'"]);
      }
      expect(response.headers["strict-transport-security"], url).toMatch(/max-age=\d{8}; includeSubDomains/);
      expect(response.headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
      expect(response.headers["x-content-type-options"], url).toBe("nosniff");
      expect(response.headers["x-frame-options"], url).toBe("DENY");
      expect(response.headers["content-type"], url).toMatch(/^application\/json; charset=utf-8/);
      expect(response.headers["x-powered-by"], url).toBeUndefined();
    }
  });

  it("never allows a foreign origin: no Access-Control-Allow-Origin, no credentials", async () => {
    const origin = "https://evil.example";
    const requests = [
      { method: "GET", url: "/api/health" },
      { method: "GET", url: "/api/client-message" },
      { method: "POST", url: "/api/auth/refresh-token", payload: {} },
      { method: "POST", url: "/api/client", payload: {} },
    ] as const;
    for (const request of requests) {
      const response = await t.app.inject({ ...request, headers: { origin } });
      expect(response.headers["access-control-allow-origin"], request.url).toBeUndefined();
      expect(response.headers["access-control-allow-credentials"], request.url).toBeUndefined();
    }
    const preflight = await t.app.inject({
      method: "OPTIONS",
      url: "/api/client-message",
      headers: {
        origin,
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type",
      },
    });
    expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
    expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
    expect(preflight.headers["access-control-allow-methods"]).toBeUndefined();
  });

  it("answers session calls with no-store, so no cache keeps them", async () => {
    const refresh = await t.app.inject({
      method: "POST",
      url: "/api/auth/refresh-token",
      payload: { refreshToken: "inventado" },
    });
    expect(refresh.statusCode).toBe(401);
    expect(refresh.headers["cache-control"]).toBe("no-store");
    const health = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(health.headers["cache-control"]).toBe("no-store");
  });
});
