import type { Dashboard } from "@app/shared";
import { STAGES } from "@app/shared/constants";
import { eq, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/app.ts";
import { ADMIN, bearer, createAuthTestApp, createReadyStaff, signIn } from "../../../test/auth.ts";
import { contactRequest, postContact, resetContactTables } from "../../../test/contact.ts";
import { createTestDatabase, engines, type TestDatabase } from "../../../test/database.ts";
import type { Db } from "../../db/client.ts";
import {
  contactEvents,
  contactMessages,
  contacts,
  emailOutbox,
  messageServiceTypes,
  users,
} from "../../db/schema/index.ts";
import { businessDay, fromBusinessTime } from "../../kernel/business-time.ts";
import { announceChange } from "../live/live-event.ts";
import { listServiceTypes } from "../service-types/repo.ts";
import {
  currentWeek,
  dashboard,
  dashboardCounts,
  recentActivity,
  reviewCount,
  topCountries,
  weeklyRequestCounts,
} from "./repo.ts";

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

// The dashboard's raw statements, each checked against a small known data set on every engine.
describe.each(engines)("dashboard queries on %s", (engine) => {
  let test: TestDatabase;
  let db: Db;
  let ana: number;
  let bram: number;
  let services: { id: number; title: string }[];
  let staffId: number;

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    db = test.database.db;
    services = (await listServiceTypes(db)).slice(0, 2);
    const [one, two] = services.map((service) => service.id) as [number, number];
    const [staff] = await db
      .insert(users)
      .values({ username: "marta", displayName: "Marta Vera", passwordHash: "x" })
      .returning({ id: users.id });
    staffId = staff?.id as number;
    const person = { countryCode: "+593", phone: "+593991234567", company: "Flores" };
    const inserted = await db
      .insert(contacts)
      .values([
        { ...person, firstName: "Ana", lastName: "Núñez", email: "ana@flores.ec" },
        { ...person, firstName: "Bram", lastName: "de Vries", email: "bram@bloemen.nl", countryCode: "+31" },
      ])
      .returning({ id: contacts.id });
    [ana, bram] = inserted.map((row) => row.id) as [number, number];
    const messages = await db
      .insert(contactMessages)
      .values([
        { clientId: ana, message: "Cotización de VIVA", createdAt: ago(24) },
        {
          clientId: ana,
          message: "Flete a Rotterdam",
          createdAt: ago(240),
          status: "respondido",
          reply: "Enviada la cotización",
          repliedAt: ago(48),
          repliedBy: staffId,
          statusChangedAt: ago(48),
          statusChangedBy: staffId,
        },
        { clientId: ana, message: "spam", createdAt: ago(1), reviewReasons: ["honeypot"] },
        {
          clientId: bram,
          message: "Rose dip",
          createdAt: ago(72),
          status: "rechazado",
          rejectionReason: "No exportamos",
          statusChangedAt: ago(20),
          statusChangedBy: staffId,
        },
        { clientId: ana, message: "Llamada", createdAt: ago(5), origin: "personal", createdBy: staffId },
      ])
      .returning({ id: contactMessages.id });
    const [m1, m2, , m4] = messages.map((row) => row.id) as [number, number, number, number];
    await db.insert(messageServiceTypes).values([
      { messageId: m1, serviceTypeId: one, position: 0 },
      { messageId: m2, serviceTypeId: one, position: 0 },
      { messageId: m2, serviceTypeId: two, position: 1 },
      { messageId: m4, serviceTypeId: two, position: 0 },
    ]);
  });
  afterAll(() => test.drop());

  it("dashboardCounts and reviewCount: this week's and last week's figures, and those to review", async () => {
    expect(await dashboardCounts(db)).toEqual({
      newNow: 2,
      newBefore: 1,
      pendingNow: 2,
      pendingBefore: 1,
      activeNow: 2,
      activeBefore: 0,
      repliedNow: 1,
      repliedBefore: 0,
    });
    expect(await reviewCount(db)).toBe(1);
  });

  it("recentActivity: newest events first, with the client and the staff member", async () => {
    const rows = await recentActivity(db);
    expect(rows.map((row) => [row.kind, row.clientId, row.actor, row.detail])).toEqual([
      ["note", ana, "Marta Vera", "Llamada"],
      ["status_change", bram, "Marta Vera", "rechazado: No exportamos"],
      ["new_message", ana, null, "Cotización de VIVA"],
      ["reply", ana, "Marta Vera", "Enviada la cotización"],
      ["new_message", bram, null, "Rose dip"],
      ["new_message", ana, null, "Flete a Rotterdam"],
    ]);
    expect(rows[0]).toMatchObject({ firstName: "Ana", lastName: "Núñez" });
    expect(Math.abs(new Date(rows[0]?.at as string).getTime() - ago(5).getTime())).toBeLessThan(60_000);
  });

  it("weeklyRequestCounts and currentWeek: web requests per service and Monday", async () => {
    const monday = await currentWeek(db);
    expect(monday).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(`${monday}T00:00:00Z`).getUTCDay()).toBe(1);
    const rows = await weeklyRequestCounts(db);
    const total = (id: number) =>
      rows.filter((row) => row.serviceTypeId === id).reduce((sum, row) => sum + row.count, 0);
    expect(total(services[0]?.id as number)).toBe(2);
    expect(total(services[1]?.id as number)).toBe(2);
    for (const row of rows) expect(row.week <= monday).toBe(true);
  });

  it("topCountries: web requests by country code, most first", async () => {
    expect(await topCountries(db)).toEqual([
      { countryCode: "+593", count: 2 },
      { countryCode: "+31", count: 1 },
    ]);
  });

  it("dashboard: the figures in the API's shape", async () => {
    const board = await dashboard(db, staffId);
    expect(board.newMessages).toEqual({ current: 2, previous: 1 });
    expect(board.inReview).toBe(1);
    expect(board.recentActivity[0]).toMatchObject({ kind: "note", clientName: "Ana Núñez", actor: "Marta Vera" });
    expect(board.recentActivity[0]?.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(board.weeklyRequests.weeks).toHaveLength(12);
    expect(board.countryCodes).toEqual([
      { countryCode: "+593", count: 2 },
      { countryCode: "+31", count: 1 },
    ]);
    expect(board.tasks).toEqual({ mineOpen: 0, mineOverdue: 0, teamOpen: 0, teamOverdue: 0 });
    // Inserted without `last_message_at`, these two are in no list: no stage and no conversion counts them.
    expect(board.funnel).toEqual(STAGES.map((stage) => ({ stage, count: 0 })));
    expect(board.conversion.map((step) => [step.from, step.to, step.reached, step.rate])).toEqual([
      ["nuevo", "contactado", 0, null],
      ["contactado", "cotizacion", 0, null],
      ["cotizacion", "negociacion", 0, null],
      ["negociacion", "ganado", 0, null],
    ]);
    // Marta's reply was not queued through the outbox here: its time is `replied_at`, 192 h after arrival.
    expect(board.firstReply).toEqual([
      { staffId, name: "Marta Vera", medianMinutes: 192 * 60, replies: 1, within24h: 0 },
    ]);
    expect(board.wonByMonth).toHaveLength(12);
    expect(board.wonByMonth.every((month) => month.count === 0 && month.valueCents === 0)).toBe(true);
  });
});

// The follow-up figures from data made as staff make it: contacts through the form, stage changes,
// tasks and replies through the API. Only times are then moved back by SQL (a reply "26 hours
// later" cannot be waited for), each move saying which figure it sets up.
describe.each(engines)("the dashboard's follow-up figures through the API on %s", (engine) => {
  let t: TestApp;
  let admin: string;
  let ana: { id: number; token: string };
  let bruno: { id: number; token: string };
  const ids = new Map<string, number>();
  const messageOf = new Map<string, number>();

  const call = (method: "GET" | "PATCH" | "POST", url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const id = (name: string) => ids.get(name) as number;
  const board = async (token: string) => {
    const response = await call("GET", "/api/dashboard", token);
    expect(response.statusCode).toBe(200);
    return response.json() as Dashboard;
  };
  /** Moves a contact through `stages` in turn, each change with the version the last one answered. */
  const move = async (name: string, ...stages: object[]) => {
    let version = (await call("GET", `/api/clients/${id(name)}`, admin)).json().pipeline.version as number;
    for (const stage of stages) {
      const response = await call("PATCH", `/api/clients/${id(name)}/stage`, admin, { ...stage, version });
      expect(response.statusCode).toBe(200);
      version = response.json().version;
    }
  };
  const reply = async (name: string, as: string, text = "Con gusto le cotizamos.") =>
    expect(
      (await call("POST", `/api/client-message/${messageOf.get(name)}/reply`, as, { reply: text })).statusCode,
    ).toBe(200);
  /** A change made behind the API's back, told to the figures kept between requests as the API would. */
  const run = async (statement: SQL) => {
    await t.app.db.execute(statement);
    announceChange(t.app.db);
  };
  /** Sets a message's arrival `minutes` before its first answer (its first reply email, or `replied_at`). */
  const answeredAfter = (name: string, minutes: number) =>
    run(sql`update ${contactMessages} set created_at = coalesce(
              (select min(${emailOutbox.createdAt}) from ${emailOutbox}
                where ${emailOutbox.messageId} = ${contactMessages.id} and ${emailOutbox.kind} = 'client_reply'),
              ${contactMessages.repliedAt}) - make_interval(mins => ${minutes})
             where ${contactMessages.id} = ${messageOf.get(name) as number}`);
  /** Moves a message's answers (its reply emails and `replied_at`) `days` back. */
  const answersBack = (name: string, days: number) =>
    Promise.all([
      run(sql`update ${emailOutbox} set created_at = created_at - make_interval(days => ${days})
               where ${emailOutbox.messageId} = ${messageOf.get(name) as number} and ${emailOutbox.kind} = 'client_reply'`),
      run(sql`update ${contactMessages} set replied_at = replied_at - make_interval(days => ${days})
               where ${contactMessages.id} = ${messageOf.get(name) as number}`),
    ]);

  // The staff are made once: each account costs several password hashes, and the figures count
  // what staff do to contacts, not the accounts.
  beforeAll(async () => {
    t = await createAuthTestApp(engine, { contactRateLimit: [{ max: 1000, windowMs: 60_000 }] });
    admin = (await signIn(t.app, ADMIN)).accessToken;
    const staff = async () => {
      const account = await createReadyStaff(t.app, admin);
      return { id: account.id, token: (await signIn(t.app, account)).accessToken };
    };
    ana = await staff();
    bruno = await staff();
  });
  afterAll(() => t.close());

  // The figures count the whole database: each test starts with the same eight leads and nothing
  // else, the contacts of the one before and all that hangs on them (tasks, events, emails) gone.
  beforeEach(async () => {
    await resetContactTables(t.app.db);
    announceChange(t.app.db);
    for (const name of ["c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8"]) {
      expect((await postContact(t.app, contactRequest({ email: `${name}@finca.ec` }))).statusCode).toBe(201);
    }
    const rows = await t.app.db
      .select({ id: contacts.id, email: contacts.email, messageId: contactMessages.id })
      .from(contacts)
      .innerJoin(contactMessages, eq(contactMessages.clientId, contacts.id));
    for (const row of rows) {
      const name = row.email.split("@")[0] as string;
      ids.set(name, row.id);
      messageOf.set(name, row.messageId);
    }
  });

  it("counts open tasks, mine and the team's, and the overdue ones", async () => {
    const task = async (name: string, dueAt: string, token: string) => {
      const response = await call("POST", `/api/clients/${id(name)}/tasks`, token, { title: "Llamar", dueAt });
      expect(response.statusCode).toBe(201);
      return response.json() as { id: number; version: number };
    };
    // Read first, so the figures kept between requests must follow each task change below.
    expect((await board(admin)).tasks).toEqual({ mineOpen: 0, mineOverdue: 0, teamOpen: 0, teamOverdue: 0 });
    await task("c1", "2024-01-10T09:00", admin);
    await task("c2", "2099-01-10T09:00", admin);
    const done = await task("c3", "2024-01-10T09:00", admin);
    expect(
      (await call("PATCH", `/api/tasks/${done.id}`, admin, { done: true, version: done.version })).statusCode,
    ).toBe(200);
    await task("c1", "2024-02-10T09:00", ana.token);
    await task("c2", "2099-02-10T09:00", ana.token);
    const nobodys = await task("c3", "2099-03-10T09:00", ana.token);
    const handed = { ownerId: null, version: nobodys.version };
    expect((await call("PATCH", `/api/tasks/${nobodys.id}`, ana.token, handed)).statusCode).toBe(200);

    const team = { teamOpen: 5, teamOverdue: 2 };
    expect((await board(admin)).tasks).toEqual({ mineOpen: 2, mineOverdue: 1, ...team });
    expect((await board(ana.token)).tasks).toEqual({ mineOpen: 2, mineOverdue: 1, ...team });
    expect((await board(bruno.token)).tasks).toEqual({ mineOpen: 0, mineOverdue: 0, ...team });

    const taken = { ownerId: bruno.id, version: nobodys.version + 1 };
    expect((await call("PATCH", `/api/tasks/${nobodys.id}`, ana.token, taken)).statusCode).toBe(200);
    expect((await board(bruno.token)).tasks).toEqual({ mineOpen: 1, mineOverdue: 0, ...team });
  });

  it("shows the contacts per stage and the conversion of the last 90 days' contacts, jumps included", async () => {
    await reply("c2", ana.token); // a reply moves Nuevo to Contactado by itself
    await move("c3", { stage: "contactado" }, { stage: "cotizacion" });
    await move("c4", { stage: "negociacion" }); // a jump over two stages
    await move("c5", { stage: "cotizacion" }, { stage: "ganado", wonValue: 1500.5 });
    await move("c6", { stage: "negociacion" }, { stage: "perdido", lostReason: "precio" });
    await move("c7", { stage: "contactado" }, { stage: "cotizacion" }, { stage: "contactado" }); // and back
    await move("c8", { stage: "ganado", wonValue: 200 });
    // c8 came in 100 days ago: on the board, but not in the 90 days' conversion.
    await run(sql`update ${contacts} set created_at = now() - interval '100 days' where ${contacts.id} = ${id("c8")}`);

    const figures = await board(admin);
    expect(figures.funnel).toEqual([
      { stage: "nuevo", count: 1 },
      { stage: "contactado", count: 2 },
      { stage: "cotizacion", count: 1 },
      { stage: "negociacion", count: 1 },
      { stage: "ganado", count: 2 },
      { stage: "perdido", count: 1 },
    ]);
    // Reached: all 7; Contactado c2-c7; Cotización c3-c7; Negociación c4, c5 (by its jump to Ganado), c6; Ganado c5.
    expect(figures.conversion).toEqual([
      { from: "nuevo", to: "contactado", reached: 7, advanced: 6, rate: 6 / 7 },
      { from: "contactado", to: "cotizacion", reached: 6, advanced: 5, rate: 5 / 6 },
      { from: "cotizacion", to: "negociacion", reached: 5, advanced: 3, rate: 3 / 5 },
      { from: "negociacion", to: "ganado", reached: 3, advanced: 1, rate: 1 / 3 },
    ]);
  });

  it("gives each staff member's median time to a first reply over 30 days, and how many came within 24 hours", async () => {
    // Ana: 30 min, 90 min and 26 h (odd count: the middle one).
    await reply("c2", ana.token);
    await reply("c3", ana.token);
    await reply("c4", ana.token);
    await answeredAfter("c2", 30);
    await answeredAfter("c3", 90);
    await answeredAfter("c4", 26 * 60);
    // Not counted: Ana first answered c5 35 days ago (a second answer today does not make it a first),
    // and c6 40 days ago.
    await reply("c5", ana.token);
    await answersBack("c5", 35);
    await reply("c5", ana.token, "Le reenviamos la cotización.");
    await answeredAfter("c5", 10);
    await reply("c6", ana.token);
    await answersBack("c6", 40);
    await answeredAfter("c6", 10);
    // Bruno: 60 min and 121 min (even count: halfway, 90.5). c8's first answer was 3 hours before
    // his second one, which does not move it.
    await reply("c7", bruno.token);
    await answeredAfter("c7", 60);
    await reply("c8", bruno.token);
    await run(sql`update ${emailOutbox} set created_at = created_at - interval '3 hours'
                   where ${emailOutbox.messageId} = ${messageOf.get("c8") as number} and ${emailOutbox.kind} = 'client_reply'`);
    await reply("c8", bruno.token, "Le reenviamos la cotización.");
    await answeredAfter("c8", 121);

    const { firstReply } = await board(admin);
    const of = (staffId: number) => firstReply.find((row) => row.staffId === staffId);
    expect(firstReply).toHaveLength(2);
    expect(of(ana.id)).toMatchObject({ medianMinutes: 90, replies: 3, within24h: 2 });
    expect(of(bruno.id)).toMatchObject({ medianMinutes: 90.5, replies: 2, within24h: 2 });
    expect(of(ana.id)?.name).toMatch(/^Persona \d+$/);
  });

  it("adds up the value won by month in Ecuador's calendar, the last 12 months", async () => {
    // c5 is won today; c8 became Ganado two months ago (its change and stage date moved back), and a
    // change from Ganado to Ganado today only sets its value, and leaves it in that month.
    await move("c5", { stage: "cotizacion" }, { stage: "ganado", wonValue: 1500.5 });
    await move("c8", { stage: "ganado", wonValue: 200 });
    const [year = 0, month = 0] = businessDay(new Date()).split("-").map(Number);
    const monthsAgo = (n: number) => new Date(Date.UTC(year, month - 1 - n, 15)).toISOString().slice(0, 7);
    const wonAt = fromBusinessTime(`${monthsAgo(2)}-15T12:00`);
    await run(sql`update ${contactEvents} set at = ${wonAt.toISOString()} where ${contactEvents.clientId} = ${id("c8")}
                    and ${contactEvents.kind} = 'stage_changed'`);
    await run(sql`update ${contacts} set stage_changed_at = ${wonAt.toISOString()} where ${contacts.id} = ${id("c8")}`);
    await move("c8", { stage: "ganado", wonValue: 250 });

    const { wonByMonth } = await board(admin);
    expect(wonByMonth.map((row) => row.month)).toEqual(Array.from({ length: 12 }, (_, i) => monthsAgo(11 - i)));
    expect(wonByMonth.filter((row) => row.count > 0)).toEqual([
      { month: monthsAgo(2), valueCents: 25_000, count: 1 },
      { month: monthsAgo(0), valueCents: 150_050, count: 1 },
    ]);
  });
});
