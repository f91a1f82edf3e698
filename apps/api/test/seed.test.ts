import { COUNTRY_CODE_PRESETS, LOST_REASONS, MESSAGE_STATUSES, STAGES } from "@app/shared/constants";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { seedBulk } from "../src/cli/seed-bulk.ts";
import { BUSY_CONTACT } from "../src/cli/seed-bulk-follow-up.ts";
import { demoData, seedDemo } from "../src/cli/seed-demo.ts";
import { demoContacts } from "../src/cli/seed-demo-contacts.ts";
import { DEMO_PASSWORD } from "../src/cli/seed-demo-staff.ts";
import { DEMO_STAFF } from "../src/cli/seed-words.ts";
import { type Db, queryRows } from "../src/db/client.ts";
import * as schema from "../src/db/schema/index.ts";
import { verifyPassword } from "../src/modules/accounts/auth/passwords.ts";
import { listTimeline } from "../src/modules/contacts/timeline.ts";
import { taskGroup } from "../src/modules/tasks/task-group.ts";
import { runCli } from "./cli.ts";
import { createTestDatabase, engines, type TestDatabase } from "./database.ts";

describe.each(engines)("npm run db:seed on %s", { timeout: 120_000 }, (engine) => {
  let test: TestDatabase;
  // Each test seeds a database of its own: they count everything in it.
  beforeEach(async () => {
    test = await createTestDatabase(engine);
  });
  afterEach(() => test?.drop());

  const rows = <T>(query: string) => queryRows<T>(test.database.db, sql.raw(query));
  const one = async <T>(query: string) => (await rows<T>(query))[0] as T;
  /**
   * Pairs of client_service_types missing or extra against its definition (each contact's services
   * in the main list), and how many there are: the demo writes through the triggers, the bulk load
   * in one pass of its own.
   */
  const clientServicesOff = () =>
    one<{ missing: number; extra: number; stored: number }>(`
      with asked as (select distinct m.client_id, ms.service_type_id from client_messages m
                       join message_service_types ms on ms.message_id = m.id
                      where m.review_reasons = '{}' or m.reviewed_at is not null)
      select (select count(*)::int from (select * from asked except select client_id, service_type_id
                                           from client_service_types) x) as missing,
             (select count(*)::int from (select client_id, service_type_id from client_service_types
                                         except select * from asked) x) as extra,
             (select count(*)::int from client_service_types) as stored`);

  /** Names of the indexes and constraints of the seeded tables: a bulk load must leave them as it found them. */
  const SEEDED = [
    "clients",
    "client_messages",
    "message_service_types",
    "client_service_types",
    "tasks",
    "contact_events",
    "internal_notes",
  ];
  const schemaObjects = () =>
    rows<{ name: string }>(`
    select indexname as name from pg_indexes where tablename in (${SEEDED.map((table) => `'${table}'`).join(", ")})
    union all
    select conname from pg_constraint where conrelid in (${SEEDED.map((table) => `'${table}'::regclass`).join(", ")})
    order by 1`);

  it("--demo: about 200 believable contacts, the same ones on every run", async () => {
    const now = new Date();
    const services = [
      { id: 1, title: "Chrysal VIVA" },
      { id: 2, title: "Chrysal Rose Dip" },
    ];
    expect(demoContacts(services, now.getTime())).toEqual(demoContacts(services, now.getTime()));
    expect(demoData(services, now.getTime())).toEqual(demoData(services, now.getTime()));

    const result = await seedDemo(test.database.db, now);
    expect(result.clients).toBe(200);
    expect(result.messages).toBeGreaterThanOrEqual(250);
    expect(result.staff).toBe(DEMO_STAFF.length);

    const contacts = await rows<{
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
    expect(contacts).toHaveLength(200);
    expect(contacts.some((contact) => /[áéíóúñ]/i.test(contact.last_name))).toBe(true);
    expect(
      contacts.some((contact) => contact.last_name === "Rodríguez" || contact.last_name.includes("Rodríguez")),
    ).toBe(true);
    expect(new Set(contacts.map((contact) => contact.email.toLowerCase())).size).toBe(200);
    for (const contact of contacts) {
      expect(contact.email).toMatch(/^[a-z._]+@[a-z.-]+\.[a-z]+$/);
      expect(COUNTRY_CODE_PRESETS).toContain(contact.country_code);
      expect(contact.phone.slice(contact.country_code.length)).toMatch(/^\d{9,10}$/);
      expect(contact.messages).toBeGreaterThanOrEqual(1);
      expect(contact.messages).toBeLessThanOrEqual(4);
    }
    expect(contacts.filter((contact) => contact.country_code === "+593").length).toBeGreaterThan(140);

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
    const asked = await clientServicesOff();
    expect(asked).toMatchObject({ missing: 0, extra: 0 });
    expect(asked.stored).toBeGreaterThan(200);
    expect(facts.oldest_days).toBeLessThanOrEqual(16 * 7);
    expect(facts.newest_days).toBeLessThanOrEqual(7);
    // Spam-only contacts stay out of the main list.
    expect(contacts.filter((contact) => contact.last_message_at === null).length).toBeGreaterThanOrEqual(4);

    const sizes = () =>
      one<Record<string, number>>(`select (select count(*)::int from clients) as clients,
        (select count(*)::int from users) as users, (select count(*)::int from tasks) as tasks,
        (select count(*)::int from internal_notes) as notes, (select count(*)::int from contact_events) as events`);
    const before = await sizes();
    expect(await seedDemo(test.database.db, now)).toEqual({
      clients: 0,
      messages: 0,
      skipped: 200,
      staff: 0,
      tasks: 0,
      openTasks: 0,
      notes: 0,
      events: 0,
    });
    expect(await sizes()).toEqual(before);
    expect(before.clients).toBe(200);
  });

  it("--demo: a sales team that owns the contacts, moved them along, and keeps tasks and notes", async () => {
    const now = new Date();
    await seedDemo(test.database.db, now);
    const staff = await rows<{
      id: number;
      username: string;
      display_name: string;
      email: string;
      role: string;
      password_hash: string;
      must_change_password: boolean;
    }>(
      `select * from users where username in (${DEMO_STAFF.map((person) => `'${person.username}'`).join(", ")}) order by id`,
    );
    expect(staff.map((member) => member.display_name)).toEqual(DEMO_STAFF.map((person) => person.displayName));
    for (const member of staff) {
      expect(member).toMatchObject({ role: "personal", must_change_password: false });
      expect(member.email).toMatch(/^[a-z]+\.[a-z]+@florapro\.ec$/);
      expect(member.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    }
    expect(await verifyPassword(staff[0]?.password_hash ?? "", DEMO_PASSWORD)).toBe(true);
    const staffIds = staff.map((member) => member.id);

    const contacts = await rows<{
      id: number;
      stage: string;
      owner_id: number | null;
      listed: boolean;
      lost_reason: string | null;
      lost_note: string | null;
      won: number | null;
      stage_changed_at: Date | null;
      version: number;
      events: number;
    }>(`
      select c.id, c.stage, c.owner_id, c.last_message_at is not null as listed, c.lost_reason, c.lost_note,
             c.won_value_cents::float8 / 100 as won, c.stage_changed_at, c.version,
             (select count(*)::int from contact_events e
               where e.client_id = c.id and e.kind in ('stage_changed', 'owner_changed')) as events
        from clients c`);
    const listed = contacts.filter((contact) => contact.listed);
    const byStage = (stage: string) => listed.filter((contact) => contact.stage === stage);
    for (const stage of STAGES) expect(byStage(stage).length, stage).toBeGreaterThanOrEqual(5);
    // Most are still at the start; fewer get a quote, fewer still are won or lost.
    expect(byStage("nuevo").length + byStage("contactado").length).toBeGreaterThan(listed.length / 2);
    expect(byStage("cotizacion").length).toBeGreaterThan(byStage("negociacion").length);
    for (const contact of byStage("ganado")) {
      expect(contact.won).toBeGreaterThanOrEqual(500);
      expect(contact.won).toBeLessThanOrEqual(60_000);
    }
    for (const contact of byStage("perdido")) {
      expect(LOST_REASONS).toContain(contact.lost_reason);
      expect(contact.lost_note).toBeTruthy();
    }
    for (const contact of contacts.filter((one) => !["ganado", "perdido"].includes(one.stage))) {
      expect(contact).toMatchObject({ won: null, lost_reason: null, lost_note: null });
    }
    const unowned = listed.filter((contact) => contact.owner_id === null).length;
    expect(unowned).toBeGreaterThanOrEqual(5);
    expect(unowned).toBeLessThan(listed.length / 4);
    for (const contact of listed) {
      if (contact.owner_id !== null) expect(staffIds).toContain(contact.owner_id);
      // Each change of stage or owner is on the timeline and counted in the version.
      expect(contact.version).toBe(contact.events);
    }

    // The timeline agrees with the contact: its latest stage and owner changes are what it shows now.
    const latest = await rows<{
      id: number;
      stage: string;
      owner_id: number | null;
      stage_to: string | null;
      stage_at: Date | null;
      owner_to: number | null;
      has_owner_event: boolean;
      stage_changed_at: Date | null;
    }>(`
      select c.id, c.stage, c.owner_id, c.stage_changed_at,
             (select e.data->>'to' from contact_events e where e.client_id = c.id and e.kind = 'stage_changed'
               order by e.at desc limit 1) as stage_to,
             (select e.at from contact_events e where e.client_id = c.id and e.kind = 'stage_changed'
               order by e.at desc limit 1) as stage_at,
             (select (e.data->>'to')::int from contact_events e where e.client_id = c.id and e.kind = 'owner_changed'
               order by e.at desc limit 1) as owner_to,
             exists (select 1 from contact_events e where e.client_id = c.id and e.kind = 'owner_changed') as has_owner_event
        from clients c`);
    for (const contact of latest) {
      expect(contact.stage_to ?? "nuevo").toBe(contact.stage);
      expect(contact.stage_at === null ? null : new Date(contact.stage_at).getTime()).toBe(
        contact.stage_changed_at === null ? null : new Date(contact.stage_changed_at).getTime(),
      );
      if (contact.owner_id !== null) expect(contact.owner_to).toBe(contact.owner_id);
      else if (contact.has_owner_event) expect(contact.owner_to).toBeNull();
    }
    const times = await one<{ early: number; future: number; anonymous: number; replies_unsigned: number }>(`
      select (select count(*)::int from contact_events e join clients c on c.id = e.client_id
               where e.at < c.created_at) as early,
             (select count(*)::int from contact_events where at > now()) +
             (select count(*)::int from tasks where created_at > now() or done_at > now()) +
             (select count(*)::int from internal_notes where created_at > now()) as future,
             (select count(*)::int from contact_events
               where actor_name is null and not (kind = 'owner_changed' and data->>'byRule' = 'true')) as anonymous,
             (select count(*)::int from client_messages where status = 'respondido' and replied_by is null) as replies_unsigned`);
    expect(times).toEqual({ early: 0, future: 0, anonymous: 0, replies_unsigned: 0 });

    // Tasks: every staff member has overdue, today's and coming ones open, and done ones.
    const tasks = await rows<{ owner_id: number; due_at: Date; done_at: Date | null; client_id: number }>(
      "select owner_id, due_at, done_at, client_id from tasks",
    );
    for (const id of staffIds) {
      const groups = new Set(
        tasks
          .filter((task) => task.owner_id === id)
          .map((task) => taskGroup(new Date(task.due_at), task.done_at !== null, now)),
      );
      expect([...groups].sort(), `staff ${id}`).toEqual(["hechas", "hoy", "proximas", "vencidas"]);
    }
    const taskEvents = await one<{ created: number; done: number; notes: number; authors: number }>(`
      select (select count(*)::int from contact_events where kind = 'task_created') as created,
             (select count(*)::int from contact_events where kind = 'task_done') as done,
             (select count(*)::int from internal_notes) as notes,
             (select count(distinct author_id)::int from internal_notes) as authors`);
    expect(taskEvents).toEqual({
      created: tasks.length,
      done: tasks.filter((task) => task.done_at !== null).length,
      notes: expect.any(Number),
      authors: DEMO_STAFF.length,
    });
    expect(taskEvents.notes).toBeGreaterThanOrEqual(40);

    // New leads go round the team.
    const rule = await one<{ mode: string; last_owner_id: number }>("select * from lead_assignment");
    expect(rule.mode).toBe("round_robin");
    expect(staffIds).toContain(rule.last_owner_id);

    // A contact that went far shows it all on its timeline.
    const won = byStage("ganado")[0];
    const timeline = await listTimeline(test.database.db, won?.id ?? 0);
    const kinds = new Set(timeline.map((event) => event.kind));
    for (const kind of [
      "message_received",
      "reply_sent",
      "stage_changed",
      "owner_changed",
      "task_created",
      "task_done",
    ]) {
      expect(kinds, kind).toContain(kind);
    }
  });

  it("--messages: exact counts, each client's latest listed message, indexes and keys as before", async () => {
    const before = await schemaObjects();
    const { n: earlier } = await one<{ n: number }>("select count(*)::int as n from clients");
    // As `npm run db:seed` does on PostgreSQL: a connection of its own, without the server pool's
    // 2.5 s query deadline (rebuilding an index takes longer on a busy machine).
    const own = test.databaseUrl ? new pg.Client({ connectionString: test.databaseUrl }) : undefined;
    await own?.connect();
    const db: Db = own ? drizzle(own, { schema }) : test.database.db;
    const result = await seedBulk(db, { messages: 12_000, clients: 3_000, engine }).finally(() => own?.end());
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
    const services = await clientServicesOff();
    expect(services).toMatchObject({ missing: 0, extra: 0 });
    expect(services.stored).toBeGreaterThan(3_000);
    // The triggers that keep client_service_types are on again after the load.
    const triggers = await rows<{ tgenabled: string }>(`
      select tgenabled from pg_trigger where not tgisinternal
         and tgrelid in ('client_messages'::regclass, 'message_service_types'::regclass)`);
    expect(triggers.length).toBeGreaterThanOrEqual(5);
    expect(triggers.every((trigger) => trigger.tgenabled === "O")).toBe(true);

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
    // Every contact has an address of its own, those there before the load too.
    expect(shape.emails).toBe(earlier + 3_000);

    // The sales team: eight accounts nobody can use until an administrator sets their password.
    const team = await one<{ n: number; locked: boolean }>(`
      select count(*)::int as n, bool_and(must_change_password and role = 'personal') as locked
        from users where email like '%@florapro.ec' and username like '%.%'`);
    expect(team).toEqual({ n: 8, locked: true });

    const first = result.firstClientId;
    const stages = await rows<{ stage: string; n: number; owned: number; fields_ok: boolean }>(`
      select stage, count(*)::int as n, count(owner_id)::int as owned,
             bool_and(case stage when 'ganado' then won_value_cents between 50000 and 6000000 and lost_reason is null
                                 when 'perdido' then lost_reason is not null and lost_note <> '' and won_value_cents is null
                                 else lost_reason is null and won_value_cents is null end
                      and (stage = 'nuevo') = (stage_changed_at is null)) as fields_ok
        from clients where id > ${first} group by stage`);
    expect(stages.map((row) => row.stage).sort()).toEqual([...STAGES].sort());
    for (const row of stages) {
      expect(row.fields_ok, row.stage).toBe(true);
      expect(row.n, row.stage).toBeGreaterThan(100);
      expect(row.owned / row.n, row.stage).toBeGreaterThan(0.7);
      expect(row.owned / row.n, row.stage).toBeLessThan(0.9);
    }
    const lostReasons = await rows<{ lost_reason: string }>(
      `select distinct lost_reason from clients where id >= ${first} and lost_reason is not null`,
    );
    expect(lostReasons.map((row) => row.lost_reason).sort()).toEqual([...LOST_REASONS].sort());
    const wrongVersions = await one<{ n: number }>(`
      select count(*)::int as n from clients c where c.id >= ${first}
         and c.version <> (select count(*) from contact_events e where e.client_id = c.id)`);
    expect(wrongVersions.n).toBe(0);

    const tasks = await one<{ n: number; open: number; overdue: number; soon: number; odd: number }>(`
      select count(*)::int as n, count(*) filter (where done_at is null)::int as open,
             count(*) filter (where done_at is null and due_at < now())::int as overdue,
             count(*) filter (where done_at is null and due_at between now() - interval '7 days'
                                                           and now() + interval '21 days')::int as soon,
             count(*) filter (where created_at > now() or done_at > now() or done_at < created_at
                                 or owner_id is null or (done_at is null) <> (done_by is null))::int as odd
        from tasks t where client_id >= ${first}`);
    expect(tasks.n).toBe(result.tasks);
    expect(result.tasks).toBe(3_600);
    expect(tasks.open / tasks.n).toBeGreaterThan(0.25);
    expect(tasks.open / tasks.n).toBeLessThan(0.35);
    expect(tasks.overdue).toBeGreaterThan(0);
    expect(tasks.soon).toBe(tasks.open);
    expect(tasks.odd).toBe(0);

    // One long-standing customer, found by its address, with a long timeline of every kind.
    const busy = await one<{ id: number }>(`select id from clients where email = '${BUSY_CONTACT.email}'`);
    expect(busy.id).toBe(result.busyClientId);
    const timeline = await listTimeline(test.database.db, busy.id);
    expect(timeline).toHaveLength(500);
    const kinds = new Set(timeline.map((event) => event.kind));
    for (const kind of ["message_received", "reply_sent", "stage_changed", "owner_changed", "internal_note"]) {
      expect(kinds, kind).toContain(kind);
    }
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
