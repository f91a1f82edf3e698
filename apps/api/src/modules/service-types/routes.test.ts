import { SERVICE_TYPE_TITLES } from "@app/shared/constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { engines } from "../../../test/database.ts";
import { prepareDatabase } from "../../db/setup.ts";

describe.each(engines)("service types on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it("lists the spec's 18 titles in order, with ids", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/service-types" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    const body = response.json() as { id: number; title: string }[];
    expect(body.map((entry) => entry.title)).toEqual([...SERVICE_TYPE_TITLES]);
    expect(new Set(body.map((entry) => entry.id)).size).toBe(18);
  });

  it("seeds idempotently: migrating and seeding again adds nothing", async () => {
    if (engine === "postgres") {
      const again = await prepareDatabase({ databaseUrl: t.db.databaseUrl, dataDir: "" });
      await again.close();
    }
    const response = await t.app.inject({ method: "GET", url: "/api/service-types" });
    expect(response.json()).toHaveLength(18);
  });
});
