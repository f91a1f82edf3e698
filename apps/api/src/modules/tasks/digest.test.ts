import { asc, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/app.ts";
import { createTestApp } from "../../../test/app.ts";
import { engines } from "../../../test/database.ts";
import { startSmtpServer, type TestSmtp } from "../../../test/smtp.ts";
import type { Db } from "../../db/client.ts";
import { contacts, emailOutbox, taskDigests, tasks, users } from "../../db/schema/index.ts";
import { fromBusinessTime } from "../../kernel/business-time.ts";
import { queueTaskDigests } from "./digest.ts";
import { TaskDigestJob } from "./digest-job.ts";

const PUBLIC_URL = "https://floraprotect.test";
/** A Tuesday; its neighbours by name. */
const DAY = "2030-03-12";
const BEFORE = "2030-03-10";
const NEXT = "2030-03-13";
const at = (day: string, time: string) => fromBusinessTime(`${day}T${time}`);
const HTML_TITLE = `Revisar <b>oferta</b> & "precio"`;

const silentLog = { info: () => {}, error: () => {} } as unknown as FastifyBaseLogger;

describe.each(engines)("the morning task digest on %s", (engine) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let db: Db;
  const staff: Record<"ana" | "bruno" | "carla" | "diego" | "eva", number> = {
    ana: 0,
    bruno: 0,
    carla: 0,
    diego: 0,
    eva: 0,
  };
  let maria: number;
  let jose: number;

  const digestRows = () =>
    db
      .select({ userId: taskDigests.userId, day: taskDigests.day, taskCount: taskDigests.taskCount })
      .from(taskDigests)
      .orderBy(asc(taskDigests.day), asc(taskDigests.userId));
  const queuedTo = async () =>
    (
      await db
        .select({ to: emailOutbox.toAddress })
        .from(emailOutbox)
        .where(eq(emailOutbox.kind, "task_digest"))
        .orderBy(asc(emailOutbox.toAddress))
    ).map((row) => row.to);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // The outbox only sends when kicked (the email test does): the other tests just count its rows.
    t = await createTestApp(engine, { smtpUrl: smtp.url, emailPollMs: 600_000, publicUrl: PUBLIC_URL });
    db = t.app.db;
    const person = (name: string, email: string | null, active = true) => ({
      username: name,
      displayName: `${name[0]?.toUpperCase()}${name.slice(1)} Vera`,
      email,
      active,
      passwordHash: "x",
    });
    const inserted = await db
      .insert(users)
      .values([
        person("ana", "ana@floraprotect.test"),
        person("bruno", "bruno@floraprotect.test"),
        person("carla", "carla@floraprotect.test", false),
        person("diego", null),
        person("eva", "eva@floraprotect.test"),
      ])
      .returning({ id: users.id, username: users.username });
    for (const row of inserted) staff[row.username as keyof typeof staff] = row.id;
    const contact = { countryCode: "+593", phone: "+593991234567" };
    const [first, second] = await db
      .insert(contacts)
      .values([
        { ...contact, firstName: "María", lastName: "Quishpe", email: "maria@rosas.ec", company: "Rosas del Valle" },
        { ...contact, firstName: "José", lastName: "O'Brien", email: "jose@flores.ec", company: "" },
      ])
      .returning({ id: contacts.id });
    maria = first?.id ?? 0;
    jose = second?.id ?? 0;
  });

  // Every test starts from the same tasks and no digest queued.
  beforeEach(async () => {
    await db.execute(sql`truncate tasks, task_digests, email_outbox restart identity cascade`);
    const task = (ownerId: number, title: string, dueAt: Date, clientId = maria, doneAt: Date | null = null) => ({
      ownerId,
      title,
      dueAt,
      clientId,
      doneAt,
    });
    await db
      .insert(tasks)
      .values([
        task(staff.ana, "Enviar cotización de Chrysal", at(BEFORE, "16:00")),
        task(staff.ana, "Llamar para confirmar el pedido", at(DAY, "07:00")),
        task(staff.ana, HTML_TITLE, at(DAY, "15:45"), jose),
        task(staff.ana, "Ya hecha", at(DAY, "09:00"), maria, at(DAY, "06:00")),
        task(staff.ana, "Visita de mañana", at(NEXT, "09:00")),
        task(staff.bruno, "Visita de mañana", at(NEXT, "10:00")),
        task(staff.bruno, "Ya hecha", at(DAY, "09:00"), maria, at(DAY, "06:00")),
        task(staff.carla, "Cuenta desactivada", at(DAY, "09:00")),
        task(staff.diego, "Sin correo", at(DAY, "09:00")),
        task(staff.eva, "Preparar muestras", at(DAY, "23:59")),
      ]);
  });

  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("queues nothing before 07:30 in Ecuador, and takes the day in Ecuador, not in UTC", async () => {
    // 07:29 in Guayaquil is 12:29 UTC.
    expect(await queueTaskDigests(db, at(DAY, "07:29"))).toBe(0);
    expect(await digestRows()).toEqual([]);
    expect(await queuedTo()).toEqual([]);
    // 04:00 UTC on DAY is 23:00 the evening before in Guayaquil: that day's digest, with only the
    // task overdue by then.
    expect(await queueTaskDigests(db, new Date(`${DAY}T04:00:00Z`))).toBe(1);
    expect(await digestRows()).toEqual([{ userId: staff.ana, day: "2030-03-11", taskCount: 1 }]);
  });

  it("at 07:31 queues one digest per active staff member with an email and tasks due today or overdue", async () => {
    expect(await queueTaskDigests(db, at(DAY, "07:31"))).toBe(2);
    expect(await digestRows()).toEqual([
      { userId: staff.ana, day: DAY, taskCount: 3 },
      { userId: staff.eva, day: DAY, taskCount: 1 },
    ]);
    expect(await queuedTo()).toEqual(["ana@floraprotect.test", "eva@floraprotect.test"]);
  });

  it("queues a day once, even when asked again later that day, and again the next day", async () => {
    expect(await queueTaskDigests(db, at(DAY, "07:31"))).toBe(2);
    expect(await queueTaskDigests(db, at(DAY, "07:32"))).toBe(0);
    // A task due today given at noon does not bring a second "morning" email that day.
    await db.insert(tasks).values({ ownerId: staff.bruno, title: "Urgente", dueAt: at(DAY, "18:00"), clientId: maria });
    expect(await queueTaskDigests(db, at(DAY, "23:59"))).toBe(0);
    expect(await queueTaskDigests(db, at(NEXT, "07:31"))).toBe(3);
    expect((await digestRows()).map((row) => `${row.day} ${row.userId}`)).toEqual([
      `${DAY} ${staff.ana}`,
      `${DAY} ${staff.eva}`,
      `${NEXT} ${staff.ana}`,
      `${NEXT} ${staff.bruno}`,
      `${NEXT} ${staff.eva}`,
    ]);
    expect(await queuedTo()).toHaveLength(5);
  });

  it("sends a day missed at 07:30 when back later that day, never a past day", async () => {
    // Down from before DAY's 07:30 until 10:00 the next day: only the next day's digests go out.
    expect(await queueTaskDigests(db, at(NEXT, "10:00"))).toBe(3);
    expect(new Set((await digestRows()).map((row) => row.day))).toEqual(new Set([NEXT]));
  });

  it("queues each digest once when two instances look at the same moment", async () => {
    const counts = await Promise.all([
      queueTaskDigests(db, at(DAY, "07:30")),
      queueTaskDigests(db, at(DAY, "07:30")),
      queueTaskDigests(db, at(DAY, "07:31")),
    ]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(2);
    expect(await digestRows()).toHaveLength(2);
    expect(await queuedTo()).toEqual(["ana@floraprotect.test", "eva@floraprotect.test"]);
  });

  it("delivers the digest at a real SMTP server: subject, overdue and today's tasks, links, escaped titles", async () => {
    smtp.received.length = 0;
    expect(await queueTaskDigests(db, at(DAY, "07:31"))).toBe(2);
    t.app.outbox.kick();
    const received = await smtp.waitFor(2);
    const toAna = received.find((mail) => mail.envelopeTo.includes("ana@floraprotect.test"))?.mail;
    const toEva = received.find((mail) => mail.envelopeTo.includes("eva@floraprotect.test"))?.mail;
    expect(toAna?.subject).toBe("Tus tareas de hoy: 3 pendientes");
    expect(toEva?.subject).toBe("Tus tareas de hoy: 1 pendiente");

    const text = toAna?.text ?? "";
    const overdue = text.slice(text.indexOf("Vencidas"), text.indexOf("\nHoy\n"));
    const today = text.slice(text.indexOf("\nHoy\n"));
    expect(overdue).toContain("10/03 16:00 · Enviar cotización de Chrysal · María Quishpe (Rosas del Valle)");
    // Due at 07:00, so overdue at 07:30.
    expect(overdue).toContain("07:00 · Llamar para confirmar el pedido");
    expect(today).toContain(`15:45 · ${HTML_TITLE} · José O'Brien`);
    expect(text).toContain(`${PUBLIC_URL}/crm/mensajes?contacto=${maria}`);
    expect(text).toContain(`${PUBLIC_URL}/crm/mensajes?contacto=${jose}`);
    expect(text).toContain(`${PUBLIC_URL}/crm/tareas`);
    expect(text).not.toContain("Ya hecha");
    expect(text).not.toContain("Visita de mañana");

    const html = String(toAna?.html);
    expect(html).toContain("Revisar &lt;b&gt;oferta&lt;/b&gt; &amp; &quot;precio&quot;");
    expect(html).not.toContain("<b>oferta");
    expect(html).toContain("José O&#39;Brien");
    expect(html).toContain(`href="${PUBLIC_URL}/crm/mensajes?contacto=${jose}"`);
    expect(html).toContain(`href="${PUBLIC_URL}/crm/tareas"`);
  });

  it("runs as a job: looks until it is time, queues the day once, tells the outbox, stops cleanly", async () => {
    let now = at(DAY, "07:29");
    let kicks = 0;
    const job = new TaskDigestJob({
      db,
      log: silentLog,
      onQueued: () => {
        kicks += 1;
      },
      firstDelayMs: 0,
      everyMs: 10,
      clock: () => now,
    });
    const passes = async (count: number) => {
      const target = job.passes + count;
      while (job.passes < target) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    job.start();
    await passes(3);
    expect(await digestRows()).toEqual([]);
    now = at(DAY, "07:30");
    await passes(3);
    await job.stop();
    expect(await digestRows()).toHaveLength(2);
    expect(kicks).toBe(1);
    const stopped = job.passes;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(job.passes).toBe(stopped);
  });
});
