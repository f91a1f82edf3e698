import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, engines, type TestDatabase } from "../../test/database.ts";
import { applyDataMigrations, DATA_MIGRATIONS } from "./data-migrations.ts";
import { contacts, dataMigrations } from "./schema/index.ts";

describe.each(engines)("data migrations on %s", (engine) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(engine);
  });
  afterAll(() => test.drop());

  it("0030: phones stored as code + typed digits become E.164; every other one stays as it is", async () => {
    const { db } = test.database;
    const stored = [
      // As the form stored Ecuador's own example (issue 31, point 9): not diallable.
      ["+593", "+5930991234567", "+593991234567"],
      ["+593", "+59322345678", "+59322345678"],
      ["+31", "+310612345678", "+31612345678"],
      ["+593", "+593991234567", "+593991234567"],
      // Anonymised, from an email (no number), and under a code no country has.
      ["+593", "+593000000000", "+593000000000"],
      ["", "", ""],
      ["+999", "+9990123456", "+9990123456"],
    ] as const;
    const ids: number[] = [];
    for (const [index, [countryCode, phone]] of stored.entries()) {
      const [row] = await db
        .insert(contacts)
        .values({ firstName: "N", lastName: `${index}`, email: `dm${index}@x.test`, countryCode, phone, company: "" })
        .returning({ id: contacts.id });
      ids.push(row?.id ?? 0);
    }
    // The database was prepared with it applied (to nothing): run it again as on an older one.
    await db.delete(dataMigrations).where(eq(dataMigrations.name, "0030_phones_e164"));
    await applyDataMigrations(db);
    const phones = await db.select({ id: contacts.id, phone: contacts.phone }).from(contacts);
    const byId = new Map(phones.map((row) => [row.id, row.phone]));
    expect(ids.map((id) => byId.get(id))).toEqual(stored.map(([, , e164]) => e164));
  });

  it("runs each once: a second start changes nothing, even where the rule would", async () => {
    const { db } = test.database;
    const [row] = await db
      .insert(contacts)
      .values({
        firstName: "N",
        lastName: "once",
        email: "dm-once@x.test",
        countryCode: "+593",
        phone: "+5930991234567",
        company: "",
      })
      .returning({ id: contacts.id });
    await applyDataMigrations(db);
    const [after] = await db
      .select({ phone: contacts.phone })
      .from(contacts)
      .where(eq(contacts.id, row?.id ?? 0));
    expect(after?.phone).toBe("+5930991234567");
    const names = await db.select({ name: dataMigrations.name }).from(dataMigrations);
    expect(names.map((entry) => entry.name).sort()).toEqual(DATA_MIGRATIONS.map((entry) => entry.name).sort());
  });
});
