import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { newContactRequest, resetContactTables } from "../../../test/contact.ts";
import { createTestDatabase, engines, type TestDatabase } from "../../../test/database.ts";
import { contactMessages, contacts, emailOutbox, messageServiceTypes } from "../../db/schema/index.ts";
import { findRequestHashByIdempotencyKey, insertContactRequests } from "./intake-repo.ts";

// The lead-dedupe rule of the intake's one statement (upsertClientsByEmail, insertMessagesOnce),
// on both engines: one client per address, one message per idempotency key.
describe.each(engines)("insertContactRequests on %s", (engine) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
  });
  afterAll(() => t.drop());
  beforeEach(() => resetContactTables(t.database.db));

  const db = () => t.database.db;
  const allContacts = () => db().select().from(contacts).orderBy(asc(contacts.id));

  it("finds a returning sender whatever the case of their address, keeping the details stored", async () => {
    const [first] = await insertContactRequests(db(), [
      newContactRequest(1, { email: "Ana@Finca.ec", company: "Vieja" }),
    ]);
    const [second] = await insertContactRequests(db(), [
      newContactRequest(2, { email: "ana@FINCA.ec", company: "Nueva" }),
    ]);
    expect(first).toBeTypeOf("number");
    expect(second).toBeTypeOf("number");
    const [contact, ...others] = await allContacts();
    expect(others).toEqual([]);
    expect(contact).toMatchObject({ email: "Ana@Finca.ec", company: "Vieja", firstName: "Persona 1" });
    const messages = await db()
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.clientId, contact?.id ?? 0))
      .orderBy(asc(contactMessages.id));
    expect(messages.map((message) => message.message)).toEqual(["Mensaje 1", "Mensaje 2"]);
    // What the returning sender typed differently stays with their message (decision 040).
    expect(messages.map((message) => message.submittedDetails)).toEqual([
      null,
      {
        firstName: "Persona 2",
        lastName: "Prueba",
        email: "ana@FINCA.ec",
        countryCode: "+593",
        phone: "+593991234567",
        company: "Nueva",
      },
    ]);
  });

  it("makes one client for two requests of one new person in a batch, from the first one", async () => {
    await insertContactRequests(db(), [
      newContactRequest(1, { email: "luis@finca.ec", phone: "+593990000001" }),
      newContactRequest(2, { email: "LUIS@finca.ec", phone: "+593990000002" }),
    ]);
    const rows = await allContacts();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.phone).toBe("+593990000001");
    const messages = await db().select().from(contactMessages).orderBy(asc(contactMessages.id));
    expect(messages.map((message) => message.submittedDetails?.phone ?? null)).toEqual([null, "+593990000002"]);
  });

  it("stores one message per idempotency key, and answers undefined for the repeat", async () => {
    const key = "clave-unica-123";
    const [stored] = await insertContactRequests(db(), [newContactRequest(1, { idempotencyKey: key })]);
    const [repeat] = await insertContactRequests(db(), [newContactRequest(1, { idempotencyKey: key })]);
    expect(stored).toBeTypeOf("number");
    expect(repeat).toBeUndefined();
    expect(await db().$count(contactMessages)).toBe(1);
    expect(await findRequestHashByIdempotencyKey(db(), key)).toBe("hash-1");
    expect(await findRequestHashByIdempotencyKey(db(), "otra-clave-999")).toBeUndefined();
  });

  it("lists a client only for a message of the main list, not for one kept for review", async () => {
    await insertContactRequests(db(), [newContactRequest(1, { reviewReasons: ["honeypot"] })]);
    expect((await allContacts())[0]?.lastMessageAt).toBeNull();
    await insertContactRequests(db(), [newContactRequest(2, { email: "persona1@finca.ec" })]);
    expect((await allContacts())[0]?.lastMessageAt).toBeInstanceOf(Date);
  });

  it("keeps the chosen order of services and writes the announcing emails with the message", async () => {
    const [id] = await insertContactRequests(db(), [
      newContactRequest(1, {
        serviceTypeIds: [3, 1, 2],
        emails: [{ kind: "contact_confirmation", to: "persona1@finca.ec" }],
      }),
    ]);
    const services = await db()
      .select({ serviceTypeId: messageServiceTypes.serviceTypeId })
      .from(messageServiceTypes)
      .where(eq(messageServiceTypes.messageId, id ?? 0))
      .orderBy(asc(messageServiceTypes.position));
    expect(services.map((row) => row.serviceTypeId)).toEqual([3, 1, 2]);
    const emails = await db().select().from(emailOutbox);
    expect(emails).toMatchObject([{ kind: "contact_confirmation", messageId: id, toAddress: "persona1@finca.ec" }]);
  });
});
