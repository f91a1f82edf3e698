import { COUNTRY_CODE_PRESETS, MESSAGE_STATUSES } from "@app/shared/constants";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBulk } from "../src/cli/seed-bulk.ts";
import { demoClients, seedDemo } from "../src/cli/seed-demo.ts";
import { queryRows } from "../src/db/client.ts";
import { runCli } from "./cli.ts";
import { createTestDatabase, engines, type TestDatabase } from "./database.ts";

describe.each(engines)("npm run db:seed on %s", { timeout: 120_000 }, (engine) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(engine);
  });
  afterAll(() => test?.drop());

  const rows = <T>(query: string) => queryRows<T>(test.database.db, sql.raw(query));
  const one = async <T>(query: string) => (await rows<T>(query))[0] as T;

  /** Names of the indexes and constraints of the seeded tables: a bulk load must leave them as it found them. */
  const schemaObjects = () =>
    rows<{ name: string }>(`
    select indexname as name from pg_indexes where tablename in ('clients', 'client_messages', 'message_service_types')
    union all
    select conname from pg_constraint
     where conrelid in ('clients'::regclass, 'client_messages'::regclass, 'message_service_types'::regclass)
    order by 1`);

  it("--demo: about 200 believable contacts, the same ones on every run", async () => {
    const now = new Date();
    const services = [
      { id: 1, title: "Chrysal VIVA" },
      { id: 2, title: "Chrysal Rose Dip" },
    ];
    expect(demoClients(services, now.getTime())).toEqual(demoClients(services, now.getTime()));

    const result = await seedDemo(test.database.db, now);
    expect(result.clients).toBe(200);
    expect(result.messages).toBeGreaterThanOrEqual(250);

    const clients = await rows<{
      first_name: string;
      last_name: string;
      email: string;
      country_code: string;
      phone: string;
      messages: number;
      last_message_at: string | null;
    }>(`
      select c.*, (select count(*)::int from client_messages m where m.client_id = c.id) as messages
        from clients c`);
    expect(clients).toHaveLength(200);
    expect(clients.some((client) => /[áéíóúñ]/i.test(client.last_name))).toBe(true);
    expect(clients.some((client) => client.last_name === "Rodríguez" || client.last_name.includes("Rodríguez"))).toBe(
      true,
    );
    expect(new Set(clients.map((client) => client.email.toLowerCase())).size).toBe(200);
    for (const client of clients) {
      expect(client.email).toMatch(/^[a-z._]+@[a-z.-]+\.[a-z]+$/);
      expect(COUNTRY_CODE_PRESETS).toContain(client.country_code);
      expect(client.phone.slice(client.country_code.length)).toMatch(/^\d{9,10}$/);
      expect(client.messages).toBeGreaterThanOrEqual(1);
      expect(client.messages).toBeLessThanOrEqual(4);
    }
    expect(clients.filter((client) => client.country_code === "+593").length).toBeGreaterThan(140);

    const statuses = await rows<{ status: string; n: number; complete: boolean }>(`
      select status, count(*)::int as n,
             bool_and(case status when 'respondido' then reply is not null and replied_at >= created_at
                                  when 'rechazado' then rejection_reason is not null and reply is null
                                  else reply is null and rejection_reason is null end) as complete
        from client_messages group by status`);
    for (const status of statuses) {
      expect(MESSAGE_STATUSES).toContain(status.status);
      expect(status.complete, status.status).toBe(true);
    }
    expect(statuses.find((status) => status.status === "pendiente")?.n).toBeGreaterThan(
      statuses.find((status) => status.status === "rechazado")?.n ?? 0,
    );

    const facts = await one<{ review: number; links_ok: boolean; oldest_days: number; newest_days: number }>(`
      select (select count(*)::int from client_messages
               where cardinality(review_reasons) > 0 and reviewed_at is null) as review,
             (select bool_and(n between 1 and 2) from (select count(s.message_id) as n from client_messages m
                left join message_service_types s on s.message_id = m.id group by m.id) x) as links_ok,
             (select extract(day from now() - min(created_at))::int from client_messages) as oldest_days,
             (select extract(day from now() - max(created_at))::int from client_messages) as newest_days`);
    expect(facts.review).toBeGreaterThanOrEqual(4);
    expect(facts.links_ok).toBe(true);
    expect(facts.oldest_days).toBeLessThanOrEqual(16 * 7);
    expect(facts.newest_days).toBeLessThanOrEqual(7);
    // Spam-only contacts stay out of the main list.
    expect(clients.filter((client) => client.last_message_at === null).length).toBeGreaterThanOrEqual(4);

    expect(await seedDemo(test.database.db, now)).toEqual({ clients: 0, messages: 0, skipped: 200 });
    expect((await one<{ n: number }>("select count(*)::int as n from clients")).n).toBe(200);
  });

  it("--messages: exact counts, each client's latest listed message, indexes and keys as before", async () => {
    const before = await schemaObjects();
    const result = await seedBulk(test.database.db, { messages: 12_000, clients: 3_000, engine });
    expect(await schemaObjects()).toEqual(before);

    const counts = await one<{ clients: number; messages: number; links: number; lonely: number }>(`
      select (select count(*)::int from clients where id >= ${result.firstClientId}) as clients,
             (select count(*)::int from client_messages where id >= ${result.firstMessageId}) as messages,
             (select count(*)::int from message_service_types where message_id >= ${result.firstMessageId}) as links,
             (select count(*)::int from clients c where not exists
               (select 1 from client_messages m where m.client_id = c.id)) as lonely`);
    expect(counts).toMatchObject({ clients: 3_000, messages: 12_000, links: result.serviceLinks, lonely: 0 });
    expect(result.serviceLinks).toBeGreaterThan(12_000);
    expect(result.serviceLinks).toBeLessThan(24_000);

    const wrong = await one<{ n: number }>(`
      select count(*)::int as n from clients c
       where c.last_message_at is distinct from (select max(created_at) from client_messages m
              where m.client_id = c.id and (cardinality(review_reasons) = 0 or reviewed_at is not null))`);
    expect(wrong.n).toBe(0);

    const shape = await one<{ statuses: string[]; span_days: number; origins: string[]; emails: number }>(`
      select array_agg(distinct status order by status) as statuses, array_agg(distinct origin) as origins,
             extract(day from max(created_at) - min(created_at))::int as span_days,
             (select count(distinct email_key)::int from clients) as emails
        from client_messages where id >= ${result.firstMessageId}`);
    expect(shape.statuses).toEqual(["pendiente", "rechazado", "respondido"]);
    expect(shape.origins).toEqual(["web"]);
    expect(shape.span_days).toBeGreaterThan(700);
    expect(shape.emails).toBe(3_200);
  });
});

describe("npm run db:seed, the command", { timeout: 60_000 }, () => {
  it("refuses NODE_ENV=production without --force, and explains bad options in Spanish", async () => {
    const cli = (args: string[], env: Record<string, string> = {}) =>
      runCli("seed", args, { DATA_DIR: "memory://", DATABASE_URL: "", ...env });
    const production = await cli(["--demo"], { NODE_ENV: "production" });
    expect(production.code).toBe(2);
    expect(production.stderr).toMatch(/--force/);
    for (const args of [[], ["--messages", "10", "--clients", "20"]]) {
      const result = await cli(args);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr).toMatch(/npm run db:seed|--clients/);
    }
  });
});
