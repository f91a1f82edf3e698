import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../app.ts";
import { ADMIN, bearer, createAuthTestApp, createReadyStaff, signIn } from "../auth.ts";
import { engines } from "../database.ts";
import { insertLead } from "../leads.ts";

// ASVS 5.0 14.3.2: nothing a staff member reads may stay in a browser's or a proxy's cache. Every
// `/api` answer is `no-store` unless its route says otherwise; refusals always are. The routes are
// walked from `app.routeSummaries`, so a new one is checked without being listed.

/** Public answers meant to be cached, each with the header its route sets itself. */
const CACHEABLE: Record<string, string> = {
  "/api/service-types": "public, max-age=5",
  "/api/site/published": "no-cache",
};

describe.each(engines)("Cache-Control of the API on %s", (engine) => {
  let t: TestApp;
  let adminToken: string;
  let editorToken: string;
  let clientId: number;
  beforeAll(async () => {
    t = await createAuthTestApp(engine);
    adminToken = (await signIn(t.app, ADMIN)).accessToken;
    const editor = await createReadyStaff(t.app, adminToken, "editor");
    editorToken = (await signIn(t.app, editor)).accessToken;
    clientId = (await insertLead(t.app.db, { email: "lucia.cache@finca.ec" })).clientId;
  });
  afterAll(() => t.close());

  const guarded = () => t.app.routeSummaries.filter((route) => !route.public);
  const call = (method: string, url: string, token?: string) =>
    t.app.inject({
      method: method as "GET",
      url: url.replace(/:(\w+)/g, (_, name: string) => (name === "id" ? String(clientId) : "1")),
      headers: token ? bearer(token) : {},
      payload: method === "GET" || method === "HEAD" ? undefined : {},
    });

  it("every staff route answers its refusals (401 without a token, 403 to a role without access) with no-store", async () => {
    let forbidden = 0;
    for (const route of guarded()) {
      const anonymous = await call(route.method, route.url);
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(anonymous.headers["cache-control"], `401 ${route.method} ${route.url}`).toBe("no-store");
      // An editor reaches the site's routes and its own account only: the CRM's answer 403.
      const editor = await call(route.method, route.url, editorToken);
      if (editor.statusCode !== 403) continue;
      forbidden += 1;
      expect(editor.headers["cache-control"], `403 ${route.method} ${route.url}`).toBe("no-store");
    }
    expect(forbidden).toBeGreaterThan(20);
  });

  it("every staff GET answers no-store, data included: lists, search, a contact, its timeline, tasks, staff, users, audit log…", async () => {
    const answered: string[] = [];
    for (const route of guarded().filter((candidate) => candidate.method === "GET")) {
      const response = await call("GET", route.url, adminToken);
      expect(response.statusCode, `${route.url}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
      expect(response.headers["cache-control"], `${response.statusCode} GET ${route.url}`).toMatch(/\bno-store\b/);
      if (response.statusCode === 200) answered.push(route.url);
    }
    // The routes the security test named, answering with data (not only refusals or errors).
    expect(answered).toEqual(
      expect.arrayContaining([
        "/api/client-message",
        "/api/clients/:id",
        "/api/clients/:id/timeline",
        "/api/tasks",
        "/api/staff",
        "/api/users",
        "/api/audit-log",
        "/api/users/me/signature",
        "/api/reply-templates",
        "/api/site/items",
      ]),
    );
    const search = await t.app.inject({
      method: "POST",
      url: "/api/client-message/search",
      headers: bearer(adminToken),
      payload: { keyword: "lucia" },
    });
    expect(search.statusCode).toBe(200);
    expect(search.json().totalElements).toBe(1);
    expect(search.headers["cache-control"]).toBe("no-store");
  });

  it("public answers are no-store too unless their route opts out; errors and unknown paths never cached", async () => {
    for (const route of t.app.routeSummaries.filter((candidate) => candidate.public && candidate.method === "GET")) {
      if (route.url === "/api/events" || route.url.startsWith("/api/docs")) continue;
      const response = await t.app.inject({ method: "GET", url: route.url });
      expect(response.headers["cache-control"], route.url).toBe(CACHEABLE[route.url] ?? "no-store");
    }
    const unknown = await t.app.inject({ method: "GET", url: "/api/no-existe" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers["cache-control"]).toBe("no-store");
    const invalid = await t.app.inject({
      method: "POST",
      url: "/api/client",
      headers: { "content-type": "application/json" },
      payload: "{",
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers["cache-control"]).toBe("no-store");
  });
});
