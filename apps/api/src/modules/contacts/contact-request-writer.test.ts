import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { countRows, newContactRequest, resetContactTables } from "../../../test/contact.ts";
import { createTestDatabase, engines, type TestDatabase } from "../../../test/database.ts";
import { queryRows } from "../../db/client.ts";
import { ContactRequestWriter } from "./contact-request-writer.ts";

const request = newContactRequest;

describe.each(engines)("contact writer on %s", (engine) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
  });
  afterAll(() => t.drop());
  beforeEach(() => resetContactTables(t.database.db));

  it("writes requests that arrive together in shared statements, each with its own id and services", async () => {
    const writer = new ContactRequestWriter(t.database.db, 1);
    const ids = await Promise.all(Array.from({ length: 40 }, (_, n) => writer.write(request(n))));
    expect(new Set(ids).size).toBe(40);
    expect(ids.every((id) => typeof id === "number")).toBe(true);
    const rows = await queryRows<{ id: number | string; message: string; services: number }>(
      t.database.db,
      sql`select m.id, m.message, (select count(*) from message_service_types s where s.message_id = m.id)::int as services
            from client_messages m order by m.id`,
    );
    // Each answer names the row holding that request.
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    ids.forEach((id, n) => {
      expect(byId.get(id as number)?.message).toBe(`Mensaje ${n}`);
      expect(byId.get(id as number)?.services).toBe(2);
    });
  });

  it("keeps one client per address and one message per idempotency key within a batch", async () => {
    const writer = new ContactRequestWriter(t.database.db, 1);
    const results = await Promise.all([
      writer.write(request(1, { email: "Ana@Finca.ec", company: "Primera" })),
      writer.write(request(2, { email: "ana@finca.ec", company: "Segunda" })),
      writer.write(request(3, { idempotencyKey: "clave-repetida-1" })),
      writer.write(request(3, { idempotencyKey: "clave-repetida-1" })),
    ]);
    expect(results.filter((id) => id === undefined)).toHaveLength(1);
    const contacts = await queryRows<{ email: string; company: string }>(
      t.database.db,
      sql`select email, company from clients where email_key = 'ana@finca.ec'`,
    );
    expect(contacts).toHaveLength(1);
    expect(await countRows(t.database.db, "client_messages")).toBe(3);
  });

  it("does not let one request the database refuses fail the others of its batch", async () => {
    const writer = new ContactRequestWriter(t.database.db, 1);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, n) => writer.write(request(n, n === 4 ? { serviceTypeIds: [99_999] } : {}))),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      ...Array(4).fill("fulfilled"),
      "rejected",
      ...Array(5).fill("fulfilled"),
    ]);
    expect(await countRows(t.database.db, "client_messages")).toBe(9);
  });
});
