import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, engines, type TestDatabase } from "../../../test/database.ts";
import { serviceTypes } from "../../db/schema/index.ts";
import { CATALOG_MAX_AGE_MS, ServiceTypeCatalog } from "./catalog.ts";

describe.each(engines)("the service types' catalogue on %s", (engine) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(engine);
  });
  afterAll(() => test.drop());

  it("sees a product retired by another instance once its copy is older than its maximum age", async () => {
    const { db } = test.database;
    let now = 1_000_000;
    const catalog = new ServiceTypeCatalog(db, () => now);
    expect((await catalog.resolve(["Danisaraba"])).found).toHaveLength(1);

    // Another instance retires it: this one still has its copy for a few seconds...
    await db.update(serviceTypes).set({ retiredAt: sql`now()` }).where(eq(serviceTypes.title, "Danisaraba"));
    now += CATALOG_MAX_AGE_MS - 1;
    expect((await catalog.offered()).map((type) => type.title)).toContain("Danisaraba");
    // ...then reads the table again.
    now += 1;
    expect((await catalog.offered()).map((type) => type.title)).not.toContain("Danisaraba");
    expect(await catalog.resolve(["Danisaraba"])).toEqual({ found: [], unknown: ["Danisaraba"] });
    // The CRM still knows it: old messages ask for it.
    expect((await catalog.list()).map((type) => type.title)).toContain("Danisaraba");
  });
});
