import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes } from "../../../scripts/architecture-map.mjs";
import { createTestApp, type TestApp } from "../test/app.ts";

// docs/architecture.md's table of API addresses is read from the route declarations in the source
// (scripts/architecture-map.mjs, run by lint). Here it meets the routes the app really registers, so
// a route declared in a way the reader misses fails a test instead of leaving the map behind.
const ROOT = path.resolve(import.meta.dirname, "../../..");

describe("the architecture map's API routes", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite");
  });
  afterAll(() => t.close());

  it("are every route the app registers under /api, each read from one file", () => {
    const mapped = apiRoutes(ROOT).filter((route) => route.url.startsWith("/api/"));
    const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
    // Fastify answers HEAD for every GET by itself.
    const registered = t.app.routeSummaries.filter((route) => route.method !== "HEAD").map(key);
    expect(mapped.map(key).sort()).toEqual([...new Set(registered)].sort());
  });
});
