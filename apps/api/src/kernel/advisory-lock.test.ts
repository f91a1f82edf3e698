import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, engines, type TestDatabase } from "../../test/database.ts";
import { tryAdvisoryXactLock } from "./advisory-lock.ts";

const KEY = 727_999;

describe.each(engines)("an advisory lock on %s", (engine) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(engine);
  });
  afterAll(() => test.drop());

  it("tryAdvisoryXactLock: held for the transaction, refused to another one meanwhile, free afterwards", async () => {
    const { db } = test.database;
    await db.transaction(async (tx) => {
      expect(await tryAdvisoryXactLock(tx, KEY)).toBe(true);
      // PGlite has one connection: a second transaction cannot run beside this one.
      if (engine === "postgres") {
        expect(await db.transaction((other) => tryAdvisoryXactLock(other, KEY))).toBe(false);
      }
    });
    expect(await db.transaction((tx) => tryAdvisoryXactLock(tx, KEY))).toBe(true);
  });
});
