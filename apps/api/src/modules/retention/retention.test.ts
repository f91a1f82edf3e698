import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, engines, type TestDatabase } from "../../../test/database.ts";
import { insertLead, leadSnapshot } from "../../../test/leads.ts";
import { type Db, queryRows } from "../../db/client.ts";
import { applyLeadRetention, previewLeadRetention } from "./retention.ts";
import { RetentionJob } from "./retention-job.ts";

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

type ContactRow = { id: number; first_name: string; email: string; phone: string; company: string };
type MessageRow = { client_id: number; message: string; reply: string | null; ip: string | null; status: string };

async function auditEntries(db: Db) {
  return queryRows<{ details: Record<string, unknown> }>(
    db,
    sql`select details from audit_log where action = 'leads_retention' order by id`,
  );
}

describe.each(engines)("lead retention (LOPDP) on %s", (engine) => {
  let test: TestDatabase;
  let db: Db;
  let old: { clientId: number; messageId: number };
  let before: Awaited<ReturnType<typeof leadSnapshot>>;

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    db = test.database.db;
  });
  afterAll(() => test.drop());

  beforeEach(async () => {
    await db.execute(sql`truncate clients, client_messages, message_service_types, email_outbox, audit_log cascade`);
    // Last contact three years ago: due under a 24-month period.
    old = await insertLead(db, { email: "antigua@rosas.ec", at: ago(3 * 365), reply: "Cotización enviada." });
    await db.execute(sql`insert into email_outbox (kind, message_id, to_address, status)
                         values ('client_reply', ${old.messageId}, 'antigua@rosas.ec', 'pending')`);
    // A month ago: kept.
    await insertLead(db, { email: "reciente@flores.ec", at: ago(30) });
    // Known for years but wrote again last month: kept, old message included.
    const returning = await insertLead(db, { email: "vuelve@flores.ec", at: ago(4 * 365) });
    await db.execute(sql`insert into client_messages (client_id, message, created_at)
                         values (${returning.clientId}, 'Otra consulta', ${ago(30).toISOString()})`);
    // Wrote long ago, but we answered within the period: kept.
    const answered = await insertLead(db, { email: "respondida@flores.ec", at: ago(3 * 365) });
    await db.execute(sql`update client_messages set reply = 'Sí', replied_at = ${ago(200).toISOString()}
                          where id = ${answered.messageId}`);
    before = await leadSnapshot(db);
  });

  const others = (snapshot: typeof before) => ({
    clients: snapshot.clients.filter((row) => (row as ContactRow).id !== old.clientId),
    messages: snapshot.messages.filter((row) => (row as MessageRow).client_id !== old.clientId),
  });

  it("anonymises leads past the period and leaves every other lead untouched", async () => {
    expect(await previewLeadRetention(db, { months: 24, action: "anonymize" })).toMatchObject({
      clients: 1,
      messages: 1,
    });
    const result = await applyLeadRetention(db, { months: 24, action: "anonymize", trigger: "cli" });
    expect(result).toMatchObject({ ran: true, clients: 1, messages: 1 });

    const after = await leadSnapshot(db);
    expect(others(after)).toEqual(others(before));
    const contact = after.clients.find((row) => (row as ContactRow).id === old.clientId) as ContactRow;
    expect(contact).toMatchObject({
      first_name: "Contacto",
      email: `anonimizado-${old.clientId}@anonimizado.invalid`,
      phone: "+593000000000",
      company: "(anonimizado)",
    });
    const message = after.messages.find((row) => (row as MessageRow).client_id === old.clientId) as MessageRow;
    expect(message).toMatchObject({ message: "(anonimizado)", reply: "(anonimizado)", ip: null, status: "respondido" });
    // The dashboard's counts stay: same rows, same services; the unsent email to them is dropped.
    expect(after.messages).toHaveLength(before.messages.length);
    expect(after.services).toEqual(before.services);
    const emails = after.emails.filter((row) => (row as { message_id: number }).message_id === old.messageId);
    expect(emails).toEqual([expect.objectContaining({ status: "sent", to_address: contact.email })]);

    expect(await auditEntries(db)).toEqual([
      {
        details: expect.objectContaining({ trigger: "cli", action: "anonymize", months: 24, clients: 1, messages: 1 }),
      },
    ]);
  });

  it("forgets the addresses confirmed over a day ago (decision 045), not the recent ones", async () => {
    await db.execute(sql`truncate contact_confirmations`);
    await db.execute(sql`insert into contact_confirmations (address_key, queued_at)
                         values ('antigua', ${ago(2).toISOString()}), ('reciente', ${new Date(Date.now() - 3_600_000).toISOString()})`);
    await applyLeadRetention(db, { months: 24, action: "anonymize", trigger: "cli" });
    const rows = await queryRows<{ address_key: string }>(db, sql`select address_key from contact_confirmations`);
    expect(rows).toEqual([{ address_key: "reciente" }]);
  });

  it("is idempotent: a second run changes nothing and says so in the audit log", async () => {
    await applyLeadRetention(db, { months: 24, action: "anonymize", trigger: "cli" });
    const once = await leadSnapshot(db);
    const again = await applyLeadRetention(db, { months: 24, action: "anonymize", trigger: "cli" });
    expect(again).toMatchObject({ ran: true, clients: 0, messages: 0 });
    expect(await leadSnapshot(db)).toEqual(once);
    expect((await auditEntries(db)).map((entry) => entry.details.clients)).toEqual([1, 0]);
  });

  it("deletes them with their messages and emails when the action is delete", async () => {
    const result = await applyLeadRetention(db, { months: 24, action: "delete", trigger: "cli" });
    expect(result).toMatchObject({ ran: true, clients: 1, messages: 1 });
    const after = await leadSnapshot(db);
    expect(after.clients).toEqual(others(before).clients);
    expect(after.messages).toEqual(others(before).messages);
    expect(after.emails.some((row) => (row as { message_id: number }).message_id === old.messageId)).toBe(false);
    expect(after.services.some((row) => (row as { message_id: number }).message_id === old.messageId)).toBe(false);
    expect((await applyLeadRetention(db, { months: 24, action: "delete", trigger: "cli" })).clients).toBe(0);
  });

  it("scheduled runs act once a day whichever instance asks, even at the same moment", async () => {
    const options = { months: 24, action: "anonymize", trigger: "schedule" } as const;
    const runs = await Promise.all([applyLeadRetention(db, options), applyLeadRetention(db, options)]);
    expect(runs.filter((run) => run.ran)).toHaveLength(1);
    expect(runs.reduce((sum, run) => sum + run.clients, 0)).toBe(1);
    // An hour later (another instance's timer): already done today.
    expect((await applyLeadRetention(db, { ...options, now: new Date(Date.now() + 3_600_000) })).ran).toBe(false);
    // The next day it runs again.
    expect((await applyLeadRetention(db, { ...options, now: new Date(Date.now() + 21 * 3_600_000) })).ran).toBe(true);
    expect(await auditEntries(db)).toHaveLength(2);
  });

  it("the server's hourly job applies it by itself, once, and stops cleanly", async () => {
    const log = pino({ level: "silent" });
    const job = new RetentionJob({ db, log, months: 24, action: "anonymize", firstDelayMs: 10, everyMs: 20 });
    job.start();
    await vi.waitFor(async () => expect(await auditEntries(db)).toHaveLength(1), { timeout: 5000 });
    // Several more hourly looks (every 20 ms here) find today's run and do nothing.
    const acted = job.passes;
    await vi.waitFor(() => expect(job.passes).toBeGreaterThanOrEqual(acted + 3), { timeout: 5000 });
    await job.stop();
    expect(await auditEntries(db)).toEqual([{ details: expect.objectContaining({ trigger: "schedule", clients: 1 }) }]);
  });

  it("a longer period keeps leads a shorter one would process", async () => {
    expect(await previewLeadRetention(db, { months: 48, action: "anonymize" })).toMatchObject({ clients: 0 });
    expect(await previewLeadRetention(db, { months: 6, action: "anonymize" })).toMatchObject({ clients: 2 });
  });
});
