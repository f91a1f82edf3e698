import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, engines, type TestDatabase } from "../../../test/database.ts";
import { pingDatabase } from "./repo.ts";

describe.each(engines)("pingDatabase on %s", (engine) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(engine);
  });
  afterAll(() => test.drop());

  it("resolves while the database answers", async () => {
    await expect(pingDatabase(test.database.db)).resolves.toBeUndefined();
  });
});
