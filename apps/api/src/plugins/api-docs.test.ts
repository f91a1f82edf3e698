import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../test/app.ts";
import { ADMIN, bearer, createAuthTestApp, createReadyStaff, signIn } from "../../test/auth.ts";
import { BUILD_TIMEOUT_MS, builtWebDist } from "../../test/built-site.ts";
import { engines } from "../../test/database.ts";
import { type ServerProcess, startServerProcess } from "../../test/server-process.ts";

// The documents are checked on the app as `npm start` runs it: the site served beside the API, its
// pages, files and form among the registered routes (a route without a schema once made both 500).

type Schema = { type?: string; properties?: Record<string, Schema>; $ref?: string; items?: Schema };
type Parameter = { in: string; name: string; required?: boolean };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
  security?: unknown[];
};
type Document = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

const DOCS = ["/api/docs", "/api/docs/json"];
/** `/api/users/:id` is `/api/users/{id}` in OpenAPI. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");

function refsOf(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsOf(item, found);
  else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (key === "$ref" && typeof inner === "string") found.push(inner);
      else refsOf(inner, found);
    }
  }
  return found;
}

let webDist = "";
beforeAll(() => {
  webDist = builtWebDist();
}, BUILD_TIMEOUT_MS);

describe.each(engines)("API documentation in production on %s", (engine) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signIn>>;
  let document: Document;
  beforeAll(async () => {
    t = await createAuthTestApp(engine, { env: "production", serveWeb: true, webDist });
    admin = await signIn(t.app, ADMIN);
    const response = await t.app.inject({ url: "/api/docs/json", headers: bearer(admin.accessToken) });
    expect(response.statusCode, response.body).toBe(200);
    document = response.json();
  });
  afterAll(() => t.close());

  it("is for administrators only: 401 without a token, 403 for personal staff", async () => {
    const staff = await createReadyStaff(t.app, admin.accessToken);
    const session = await signIn(t.app, staff);
    for (const url of DOCS) {
      const anonymous = await t.app.inject({ url });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.headers["content-type"], url).toMatch(/^application\/json/);
      expect((await t.app.inject({ url, headers: bearer(session.accessToken) })).statusCode, url).toBe(403);
      expect((await t.app.inject({ url, headers: bearer(admin.accessToken) })).statusCode, url).toBe(200);
    }
    const guarded = t.app.routeSummaries.filter((route) => DOCS.includes(route.url));
    expect(guarded.map((route) => `${route.method} ${route.url}`).sort()).toEqual(
      ["GET /api/docs", "HEAD /api/docs", "GET /api/docs/json", "HEAD /api/docs/json"].sort(),
    );
    expect(guarded.every((route) => !route.public)).toBe(true);
  });

  it("is an OpenAPI 3 document whose references, path parameters and responses are all there", () => {
    expect(document.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(document.info.title).toEqual(expect.any(String));
    expect(document.info.version).toEqual(expect.any(String));
    for (const ref of refsOf(document)) {
      const name = /^#\/components\/schemas\/(.+)$/.exec(ref)?.[1];
      expect(name && document.components?.schemas?.[name], ref).toBeDefined();
    }
    for (const [path, item] of Object.entries(document.paths)) {
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name);
      for (const [method, operation] of Object.entries(item)) {
        expect(Object.keys(operation.responses).length, `${method} ${path}`).toBeGreaterThan(0);
        const pathParameters = (operation.parameters ?? []).filter((p) => p.in === "path");
        expect(pathParameters.map((p) => p.name).sort(), `${method} ${path}`).toEqual(templated.sort());
        expect(pathParameters.every((p) => p.required)).toBe(true);
      }
    }
  });

  it("lists every API route with its method, and the schemas the routes declare", () => {
    const routes = t.app.routeSummaries.filter((route) => route.method !== "HEAD" && !DOCS.includes(route.url));
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      expect(Boolean(operation?.security?.length), `${route.method} ${route.url} needs a token`).toBe(!route.public);
    }
    for (const url of DOCS) expect(document.paths[url]).toBeUndefined();
    // The API only: the site's pages, files, pictures and plain form are served here, not documented.
    expect(Object.keys(document.paths).filter((path) => !path.startsWith("/api/"))).toEqual([]);

    const contact = document.paths["/api/client"]?.post;
    const body = contact?.requestBody?.content["application/json"]?.schema;
    expect(body?.properties).toHaveProperty("firstName");
    expect(body?.properties).toHaveProperty("serviceList");
    expect(contact?.responses).toHaveProperty("201");

    const messages = document.paths["/api/client-message"]?.get;
    expect(messages?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: "query", name: "page" })]),
    );
    const page = messages?.responses["200"]?.content?.["application/json"]?.schema;
    expect(page?.properties).toHaveProperty("content");
    expect(page?.properties).toHaveProperty("totalElements");

    const login = document.paths["/api/auth/login"]?.post?.requestBody?.content["application/json"]?.schema;
    expect(login?.properties).toHaveProperty("username");
  });

  it("shows a page of the operations under the API's strict CSP, with no script", async () => {
    const page = await t.app.inject({ url: "/api/docs", headers: bearer(admin.accessToken) });
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.body).toContain("<code>POST</code></td><td><code>/api/client</code>");
    expect(page.body).toContain("/api/client-message/search");
    expect(page.body).not.toMatch(/<script|<style|style=/i);
    const api = await t.app.inject({ url: "/api/health" });
    expect(page.headers["content-security-policy"]).toBe(api.headers["content-security-policy"]);
    expect(page.headers["content-security-policy"]).toContain("default-src 'none'");
  });
});

describe.each(engines)("API documentation outside production on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createAuthTestApp(engine, { env: "development", serveWeb: true, webDist });
  });
  afterAll(() => t.close());

  it("is for administrators too: `npm start` runs as development", async () => {
    for (const url of DOCS) expect((await t.app.inject({ url })).statusCode, url).toBe(401);
    const admin = await signIn(t.app, ADMIN);
    const json = await t.app.inject({ url: "/api/docs/json", headers: bearer(admin.accessToken) });
    expect(json.statusCode).toBe(200);
    expect(json.json().paths).toHaveProperty("/api/client");
    const page = await t.app.inject({ url: "/api/docs", headers: bearer(admin.accessToken) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("/api/docs/json");
  });
});

describe("API documentation of the real server, as `npm start` runs it", () => {
  let server: ServerProcess;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "api-docs-"));
    server = await startServerProcess({
      NODE_ENV: "development",
      SERVE_WEB: "true",
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: ADMIN.password,
    });
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves the site, and the document and its page to an administrator", async () => {
    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect((await fetch(`${server.url}/api/docs/json`)).status).toBe(401);
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    const headers = bearer(((await login.json()) as { accessToken: string }).accessToken);
    const json = await fetch(`${server.url}/api/docs/json`, { headers });
    expect(json.status, server.output().slice(-2000)).toBe(200);
    const paths = Object.keys(((await json.json()) as Document).paths);
    expect(paths).toEqual(expect.arrayContaining(["/api/client", "/api/client-message/search"]));
    expect(paths.filter((path) => !path.startsWith("/api/"))).toEqual([]);
    const page = await fetch(`${server.url}/api/docs`, { headers });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<code>POST</code></td><td><code>/api/client</code>");
    expect(server.output()).not.toMatch(/"level":50/);
  });
});
