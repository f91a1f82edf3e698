import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { contactRequest, countRows, postContact, resetContactTables } from "../../../test/contact.ts";
import { engines } from "../../../test/database.ts";
import { queryRows } from "../../db/client.ts";

describe.each(engines)("POST /api/client on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      staffNotifyEmail: "ventas@florapro.test",
      contactRateLimit: [{ max: 10_000, windowMs: 60_000 }],
    });
  });
  afterAll(() => t.close());
  beforeEach(() => resetContactTables(t.app.db));

  it("stores a request with exactly the spec's eight fields, as an API client sends it", async () => {
    const response = await postContact(t.app, contactRequest());
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message: "¡Gracias, María! Hemos recibido tu mensaje y te responderemos en menos de 24 horas.",
    });
    const [message] = await queryRows<Record<string, unknown>>(
      t.app.db,
      sql`select c.first_name, c.last_name, c.email, c.country_code, c.phone, c.company,
                 m.message, m.status, m.consent_given, m.consent_at, m.review_reasons, m.source
            from client_messages m join clients c on c.id = m.client_id`,
    );
    expect(message).toMatchObject({
      first_name: "María",
      last_name: "Quishpe",
      email: "maria@rosasdelvalle.ec",
      country_code: "+593",
      phone: "+593991234567",
      company: "Rosas del Valle",
      message: "Quisiera una cotización para 20 hectáreas.",
      status: "pendiente",
      consent_given: false,
      consent_at: null,
      review_reasons: [],
      source: null,
    });
    const services = await queryRows<{ title: string; position: number }>(
      t.app.db,
      sql`select s.title, ms.position from message_service_types ms join service_types s on s.id = ms.service_type_id
           order by ms.position`,
    );
    expect(services).toEqual([
      { title: "Chrysal RVB y RVB Clear", position: 1 },
      { title: "Sea Freight Service", position: 2 },
    ]);
  });

  // Issue 31, item 9: an Ecuadorian mobile as the form's example writes it keeps no leading 0 once
  // stored, however the joined number (code and number, the spec's field) is spaced.
  it("stores an Ecuadorian mobile typed with its leading 0 in E.164", async () => {
    const typed = ["+5930991234567", "+593 099-123-4567", "+593 (099) 123 4567", "+593991234567"];
    for (const [index, phone] of typed.entries()) {
      const response = await postContact(t.app, contactRequest({ email: `cero${index}@rosasdelvalle.ec`, phone }));
      expect(response.statusCode, phone).toBe(201);
    }
    const stored = await queryRows<{ phone: string }>(
      t.app.db,
      sql`select phone from clients where email like 'cero%' order by email`,
    );
    expect(stored.map((row) => row.phone)).toEqual(typed.map(() => "+593991234567"));
  });

  it("stores what the form adds: consent with the notice version, timing and where it came from", async () => {
    const source = {
      page: "/productos/danisaraba",
      referrer: "https://www.google.com/",
      utmSource: "google",
      utmCampaign: "rosas-2026",
      requested: ["Danisaraba"],
    };
    const response = await postContact(
      t.app,
      contactRequest({ consent: true, website: "", fillTimeMs: 45_000, source, serviceList: "Danisaraba" }),
    );
    expect(response.statusCode).toBe(201);
    const [row] = await queryRows<Record<string, unknown>>(
      t.app.db,
      sql`select consent_given, consent_at is not null as consent_recorded, privacy_notice_version, fill_time_ms, source, review_reasons
            from client_messages`,
    );
    expect(row).toMatchObject({
      consent_given: true,
      consent_recorded: true,
      privacy_notice_version: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      fill_time_ms: 45_000,
      source,
      review_reasons: [],
    });
  });

  it("keeps one client per email whatever its case, with its stored details and every message", async () => {
    await postContact(t.app, contactRequest());
    const again = await postContact(
      t.app,
      contactRequest({ email: "MARIA@RosasDelValle.ec", company: "Rosas del Valle S.A.", message: "Segundo pedido" }),
    );
    expect(again.statusCode).toBe(201);
    const contacts = await queryRows<{ email: string; company: string }>(
      t.app.db,
      sql`select email, company from clients`,
    );
    // The form never changes a known client (decision 040): what was typed stays with the message.
    expect(contacts).toEqual([{ email: "maria@rosasdelvalle.ec", company: "Rosas del Valle" }]);
    expect(await countRows(t.app.db, "client_messages")).toBe(2);
  });

  it("counts a retried submission once: same Idempotency-Key, same answer, one message", async () => {
    const key = "4f1c7a52-2b8e-4d0a-9c61-7f3e2a9b5d10";
    const first = await postContact(t.app, contactRequest(), { "idempotency-key": key });
    const retry = await postContact(t.app, contactRequest(), { "idempotency-key": key });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await countRows(t.app.db, "client_messages")).toBe(1);
    expect(await countRows(t.app.db, "email_outbox")).toBe(2);
  });

  it("stores racing copies of one request once", async () => {
    const key = "race-2b8e4d0a9c617f3e";
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => postContact(t.app, contactRequest(), { "idempotency-key": key })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(await countRows(t.app.db, "client_messages")).toBe(1);
  });

  it("refuses an Idempotency-Key reused for a different request, and a malformed key", async () => {
    const key = "reused-key-0001";
    await postContact(t.app, contactRequest(), { "idempotency-key": key });
    const other = await postContact(t.app, contactRequest({ message: "Otro texto" }), { "idempotency-key": key });
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toMatch(/clave de idempotencia/);
    const malformed = await postContact(t.app, contactRequest(), { "idempotency-key": "no válida!" });
    expect(malformed.statusCode).toBe(400);
    expect(await countRows(t.app.db, "client_messages")).toBe(1);
  });

  it("queues the staff notification and the sender's confirmation with the message", async () => {
    await postContact(t.app, contactRequest({ consent: true, fillTimeMs: 30_000 }));
    const emails = await queryRows<{ kind: string; to_address: string; reply_to: string | null; status: string }>(
      t.app.db,
      sql`select kind, to_address, reply_to, status from email_outbox order by kind`,
    );
    expect(emails).toEqual([
      { kind: "contact_confirmation", to_address: "maria@rosasdelvalle.ec", reply_to: null, status: "pending" },
      {
        kind: "staff_notification",
        to_address: "ventas@florapro.test",
        reply_to: "maria@rosasdelvalle.ec",
        status: "pending",
      },
    ]);
  });

  it.each([
    ["a filled honeypot", { website: "http://spam.example" }, ["honeypot"]],
    ["a fill faster than a person", { fillTimeMs: 800 }, ["too_fast"]],
    ["both", { website: "x", fillTimeMs: 10 }, ["honeypot", "too_fast"]],
    ["no timing from the browser, on a page served a minute ago", {}, []],
  ])("keeps a submission with %s, answered like any other", async (_name, extra, reasons) => {
    const response = await postContact(t.app, contactRequest(extra));
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toMatch(/Hemos recibido tu mensaje/);
    const [row] = await queryRows<{ review_reasons: string[] }>(
      t.app.db,
      sql`select review_reasons from client_messages`,
    );
    expect(row?.review_reasons).toEqual(reasons);
    // Nobody is emailed about a suspicious submission: bots must not use the form to send mail.
    expect(await countRows(t.app.db, "email_outbox")).toBe(reasons.length > 0 ? 0 : 2);
  });

  it("refuses a service that does not exist, naming it, and stores nothing", async () => {
    const response = await postContact(t.app, contactRequest({ serviceList: "Danisaraba, Fertilizante Mágico" }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      details: [{ path: "serviceList", message: expect.stringContaining("Fertilizante Mágico") }],
    });
    expect(await countRows(t.app.db, "client_messages")).toBe(0);
  });

  it("matches service titles whatever their case", async () => {
    const response = await postContact(t.app, contactRequest({ serviceList: "chrysal viva, DANISARABA" }));
    expect(response.statusCode).toBe(201);
    expect(await countRows(t.app.db, "message_service_types")).toBe(2);
  });

  it("answers the spec's validation sentences as field details", async () => {
    const response = await postContact(
      t.app,
      contactRequest({ firstName: "", email: "no-es-correo", phone: "+59312", serviceList: "" }),
    );
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.details).toEqual(
      expect.arrayContaining([
        { path: "firstName", message: "El nombre es requerido" },
        { path: "email", message: "El correo electrónico es inválido" },
        { path: "serviceList", message: "Por favor selecciona al menos un producto o servicio de interés" },
      ]),
    );
    expect(body.message).toMatch(/^La solicitud no es válida: /);
  });
});

describe("POST /api/client limits", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite");
  });
  afterAll(() => t.close());

  it("allows 5 requests a minute per address, then 429 with Retry-After and a Spanish message", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await postContact(t.app, contactRequest({ email: `persona${i}@finca.ec` }))).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    const refused = await postContact(t.app, contactRequest({ email: "sexta@finca.ec" }));
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json()).toMatchObject({
      statusCode: 429,
      message: expect.stringMatching(/^Has enviado demasiados mensajes en poco tiempo\. Intenta nuevamente en/),
    });
    expect(await countRows(t.app.db, "client_messages")).toBe(5);
    // Another address is not affected.
    const other = await postContact(t.app, contactRequest({ email: "otra@finca.ec" }), {}, "203.0.113.9");
    expect(other.statusCode).toBe(201);
  });
});
