import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, engines, type TestDatabase } from "../../../test/database.ts";
import type { Db } from "../../db/client.ts";
import { clientMessages, clients, messageServiceTypes, users } from "../../db/schema.ts";
import { listServiceTypes } from "../service-types/repo.ts";
import { currentWeek, dashboard, dashboardCounts, recentActivity, topCountries, weeklyRequestCounts } from "./repo.ts";

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

// The dashboard's raw statements, each checked against a small known data set on every engine.
describe.each(engines)("dashboard queries on %s", (engine) => {
  let test: TestDatabase;
  let db: Db;
  let ana: number;
  let bram: number;
  let services: { id: number; title: string }[];

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    db = test.database.db;
    services = (await listServiceTypes(db)).slice(0, 2);
    const [one, two] = services.map((service) => service.id) as [number, number];
    const [staff] = await db
      .insert(users)
      .values({ username: "marta", displayName: "Marta Vera", passwordHash: "x" })
      .returning({ id: users.id });
    const staffId = staff?.id as number;
    const person = { countryCode: "+593", phone: "+593991234567", company: "Flores" };
    const inserted = await db
      .insert(clients)
      .values([
        { ...person, firstName: "Ana", lastName: "Núñez", email: "ana@flores.ec" },
        { ...person, firstName: "Bram", lastName: "de Vries", email: "bram@bloemen.nl", countryCode: "+31" },
      ])
      .returning({ id: clients.id });
    [ana, bram] = inserted.map((row) => row.id) as [number, number];
    const messages = await db
      .insert(clientMessages)
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
      .returning({ id: clientMessages.id });
    const [m1, m2, , m4] = messages.map((row) => row.id) as [number, number, number, number];
    await db.insert(messageServiceTypes).values([
      { messageId: m1, serviceTypeId: one, position: 0 },
      { messageId: m2, serviceTypeId: one, position: 0 },
      { messageId: m2, serviceTypeId: two, position: 1 },
      { messageId: m4, serviceTypeId: two, position: 0 },
    ]);
  });
  afterAll(() => test.drop());

  it("dashboardCounts: this week's and last week's figures", async () => {
    expect(await dashboardCounts(db)).toEqual({
      newNow: 2,
      newBefore: 1,
      pendingNow: 2,
      pendingBefore: 1,
      activeNow: 2,
      activeBefore: 0,
      repliedNow: 1,
      repliedBefore: 0,
      inReview: 1,
    });
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
    const board = await dashboard(db);
    expect(board.newMessages).toEqual({ current: 2, previous: 1 });
    expect(board.inReview).toBe(1);
    expect(board.recentActivity[0]).toMatchObject({ kind: "note", clientName: "Ana Núñez", actor: "Marta Vera" });
    expect(board.recentActivity[0]?.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(board.weeklyRequests.weeks).toHaveLength(12);
    expect(board.countryCodes).toEqual([
      { countryCode: "+593", count: 2 },
      { countryCode: "+31", count: 1 },
    ]);
  });
});
