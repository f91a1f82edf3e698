import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";

describe("health probes in the log", () => {
  const lines: Array<{ msg?: string; req?: { url?: string } }> = [];
  let t: TestApp;
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on("data", (chunk: Buffer) => {
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) lines.push(JSON.parse(line));
    });
    t = await createTestApp("pglite", { logLevel: "info" }, stream);
  });
  afterAll(() => t.close());

  it("leaves out the load balancer's probes and keeps every other request", async () => {
    await t.app.inject({ method: "GET", url: "/api/health" });
    await t.app.inject({ method: "GET", url: "/api/health/ready" });
    await t.app.inject({ method: "GET", url: "/api/service-types" });
    await new Promise((resolve) => setImmediate(resolve));
    const urls = lines.filter((line) => line.msg === "incoming request").map((line) => line.req?.url);
    expect(urls).toEqual(["/api/service-types"]);
  });
});
