import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/app.ts";
import { ADMIN, bearer, createAuthTestApp, signIn } from "../../../test/auth.ts";
import { contactRequest, postContact, resetContactTables } from "../../../test/contact.ts";
import { engines } from "../../../test/database.ts";
import { startSmtpServer, type TestSmtp } from "../../../test/smtp.ts";

type Group = { client: { id: number; firstName: string; email: string; phone: string }; messages: Message[] };
type Message = {
  id: number;
  status: string;
  messageDescription: string;
  serviceDescription: string;
  inReview: boolean;
  reply: string | null;
  rejectionReason: string | null;
};
type Page = {
  content: Group[];
  pageNumber: number;
  totalElements: number;
  totalPages: number;
  isFirstPage: boolean;
  isLastPage: boolean;
  totalIsExact: boolean;
};

describe.each(engines)("CRM contacts and messages on %s", (engine) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let token: string;
  const people = [
    {
      firstName: "José",
      lastName: "Rodríguez",
      email: "jose@rosasdelcotopaxi.ec",
      phone: "+593991111111",
      company: "Rosas del Cotopaxi",
      message: "Necesito Danisaraba para ácaros.",
      serviceList: "Danisaraba",
    },
    {
      firstName: "Ana",
      lastName: "Núñez",
      email: "ana@floresandinas.ec",
      phone: "+593992222222",
      company: "Flores Andinas",
      message: "Cotización de transporte marítimo.",
      serviceList: "Sea Freight Service",
    },
    {
      firstName: "Peter",
      lastName: "de Vries",
      email: "peter@tulips.nl",
      countryCode: "+31",
      phone: "+31612345678",
      company: "Tulips BV",
      message: "Interested in Rose Dip.",
      serviceList: "Chrysal Rose Dip, Chrysal RVB y RVB Clear",
    },
  ];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createAuthTestApp(engine, {
      smtpUrl: smtp.url,
      emailPollMs: 100,
      contactRateLimit: [{ max: 1000, windowMs: 60_000 }],
    });
    token = (await signIn(t.app, ADMIN)).accessToken;
  });
  // Every test starts from the same three people, whatever the others did: each one runs alone.
  beforeEach(async () => {
    await resetContactTables(t.app.db);
    for (const person of people) {
      const response = await postContact(t.app, contactRequest({ countryCode: "+593", ...person }));
      expect(response.statusCode).toBe(201);
      // The list orders by arrival: the next person must arrive at a later instant.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const get = (url: string) => t.app.inject({ method: "GET", url, headers: bearer(token) });
  const post = (url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const search = async (keyword: string, field = "all", extra: Record<string, unknown> = {}) => {
    const response = await post("/api/client-message/search", { keyword, field, ...extra });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Page;
  };
  const emails = (page: Page) => page.content.map((group) => group.client.email);
  const serviceId = async (title: string) => {
    const types = (await t.app.inject({ method: "GET", url: "/api/service-types" })).json() as {
      id: number;
      title: string;
    }[];
    return types.find((type) => type.title === title)?.id;
  };

  it("lists clients with their latest message, newest first, in the spec's paged shape", async () => {
    const response = await get("/api/client-message?page=0&size=10&sort=createdAt,desc");
    expect(response.statusCode).toBe(200);
    const page = response.json() as Page;
    expect(page).toMatchObject({
      pageNumber: 0,
      totalElements: 3,
      totalPages: 1,
      isFirstPage: true,
      isLastPage: true,
      totalIsExact: true,
    });
    expect(emails(page)).toEqual(["peter@tulips.nl", "ana@floresandinas.ec", "jose@rosasdelcotopaxi.ec"]);
    const [first] = page.content;
    expect(first?.client).toMatchObject({ firstName: "Peter", phone: "+31612345678", company: "Tulips BV" });
    expect(first?.messages[0]).toMatchObject({
      messageDescription: "Interested in Rose Dip.",
      serviceDescription: "Chrysal Rose Dip, Chrysal RVB y RVB Clear",
      status: "pendiente",
      inReview: false,
    });
    const ascending = (await get("/api/client-message?sort=createdAt,asc")).json() as Page;
    expect(emails(ascending)).toEqual(["jose@rosasdelcotopaxi.ec", "ana@floresandinas.ec", "peter@tulips.nl"]);
  });

  it("pages: size limits, a page beyond the last is empty, bad parameters are 400", async () => {
    const second = (await get("/api/client-message?page=1&size=2")).json() as Page;
    expect(second).toMatchObject({
      pageNumber: 1,
      totalElements: 3,
      totalPages: 2,
      isFirstPage: false,
      isLastPage: true,
    });
    expect(second.content).toHaveLength(1);
    const beyond = (await get("/api/client-message?page=9&size=2")).json() as Page;
    expect(beyond.content).toEqual([]);
    expect(beyond.isLastPage).toBe(true);
    for (const query of ["size=0", "size=101", "page=-1", "sort=name,asc", "page=abc", "view=todo"]) {
      expect((await get(`/api/client-message?${query}`)).statusCode, query).toBe(400);
    }
  });

  it("searches each field, accent- and case-insensitively", async () => {
    expect(emails(await search("rodriguez", "nombre"))).toEqual(["jose@rosasdelcotopaxi.ec"]);
    expect(emails(await search("NUÑEZ"))).toEqual(["ana@floresandinas.ec"]);
    expect(emails(await search("tulips", "correo"))).toEqual(["peter@tulips.nl"]);
    expect(emails(await search("2222", "telefono"))).toEqual(["ana@floresandinas.ec"]);
    expect(emails(await search("099 222-2222", "telefono"))).toEqual(["ana@floresandinas.ec"]);
    expect(emails(await search("2222", "nombre"))).toEqual([]);
    expect(emails(await search("rose dip", "servicio"))).toEqual(["peter@tulips.nl"]);
    expect(emails(await search("acaros", "mensaje"))).toEqual(["jose@rosasdelcotopaxi.ec"]);
    expect(emails(await search("cotopaxi"))).toEqual(["jose@rosasdelcotopaxi.ec"]);
    expect(emails(await search("rodriguez", "correo"))).toEqual([]);
    // A name in any word order, with or without its accents, in either the search or the record.
    for (const keyword of ["nunez ana", "Núñez  Ana", "ana núñez", "ANA NUNEZ"]) {
      expect(emails(await search(keyword)), keyword).toEqual(["ana@floresandinas.ec"]);
      expect(emails(await search(keyword, "nombre")), keyword).toEqual(["ana@floresandinas.ec"]);
    }
    expect(emails(await search("rodríguez josé", "nombre"))).toEqual(["jose@rosasdelcotopaxi.ec"]);
    expect(emails(await search("andinas flores"))).toEqual(["ana@floresandinas.ec"]);
    // Every word must be there: two people's names together find nobody.
    expect(emails(await search("ana rodriguez", "nombre"))).toEqual([]);
    // The person's % and _ are literal characters, not wildcards.
    expect((await search("%", "nombre")).totalElements).toBe(0);
    expect((await search("", "all")).totalElements).toBe(3);
    const bad = await post("/api/client-message/search", { keyword: "x".repeat(101) });
    expect(bad.statusCode).toBe(400);
    const injection = await search("'; select pg_sleep(5); --", "all");
    expect(injection.totalElements).toBe(0);
  });

  it("filters by client and by service type", async () => {
    const all = (await get("/api/client-message")).json() as Page;
    const ana = all.content.find((group) => group.client.email === "ana@floresandinas.ec");
    const byContact = (await get(`/api/client-message?clientId=${ana?.client.id}`)).json() as Page;
    expect(emails(byContact)).toEqual(["ana@floresandinas.ec"]);
    const byService = (await get(`/api/client-message?serviceTypeId=${await serviceId("Danisaraba")}`)).json() as Page;
    expect(emails(byService)).toEqual(["jose@rosasdelcotopaxi.ec"]);
  });

  it("replies by email through the outbox, and the status becomes Respondido", async () => {
    const page = await search("rodriguez", "nombre");
    // José's own request: another test may have added a staff note to his messages.
    const message = page.content[0]?.messages.find(
      (item) => item.messageDescription === "Necesito Danisaraba para ácaros.",
    ) as Message;
    const before = smtp.received.length;
    const replied = await post(`/api/client-message/${message.id}/reply`, {
      reply: "Hola José:\nLe enviamos la ficha técnica.",
    });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json()).toMatchObject({ status: "respondido", reply: "Hola José:\nLe enviamos la ficha técnica." });
    const isReply = (item: (typeof smtp.received)[number]) =>
      item.envelopeTo.includes("jose@rosasdelcotopaxi.ec") && /Respuesta/.test(item.mail.subject ?? "");
    await expect.poll(() => smtp.received.slice(before).some(isReply), { timeout: 10_000 }).toBe(true);
    const mail = smtp.received.slice(before).find(isReply);
    expect(mail?.mail.text).toContain("Le enviamos la ficha técnica.");
    expect(mail?.mail.text).toContain("FloraPro");
    expect((await post(`/api/client-message/${message.id}/reply`, { reply: "   " })).statusCode).toBe(400);
    expect((await post("/api/client-message/999999/reply", { reply: "Hola" })).statusCode).toBe(404);
  });

  it("Rechazado needs a reason; status is stored, not derived from the text", async () => {
    const message = (await search("tulips", "correo")).content[0]?.messages[0] as Message;
    expect((await post(`/api/client-message/${message.id}/status`, { status: "rechazado" })).statusCode).toBe(400);
    const rejected = await post(`/api/client-message/${message.id}/status`, {
      status: "rechazado",
      reason: "Fuera de zona",
    });
    expect(rejected.json()).toMatchObject({ status: "rechazado", rejectionReason: "Fuera de zona" });
    const back = await post(`/api/client-message/${message.id}/status`, { status: "pendiente" });
    expect(back.json()).toMatchObject({ status: "pendiente", rejectionReason: null });
    expect((await post(`/api/client-message/${message.id}/status`, { status: "archivado" })).statusCode).toBe(400);
  });

  it("keeps suspicious submissions in the review view until accepted or discarded", async () => {
    const spam = await postContact(
      t.app,
      contactRequest({ email: "bot@spam.test", website: "http://spam.test", firstName: "Bot" }),
    );
    expect(spam.statusCode).toBe(201);
    expect(emails(await search("", "all"))).not.toContain("bot@spam.test");
    const review = (await get("/api/client-message?view=review")).json() as Page;
    expect(emails(review)).toEqual(["bot@spam.test"]);
    const message = review.content[0]?.messages[0] as Message;
    expect(message.inReview).toBe(true);
    const accepted = await post(`/api/client-message/${message.id}/accept`);
    expect(accepted.json().inReview).toBe(false);
    expect(emails((await get("/api/client-message")).json() as Page)[0]).toBe("bot@spam.test");
    expect((await post(`/api/client-message/${message.id}/accept`)).statusCode).toBe(409);
    const second = await postContact(t.app, contactRequest({ email: "bot2@spam.test", website: "x" }));
    expect(second.statusCode).toBe(201);
    const queued = ((await get("/api/client-message?view=review")).json() as Page).content[0]?.messages[0] as Message;
    const discarded = await t.app.inject({
      method: "DELETE",
      url: `/api/client-message/${queued.id}`,
      headers: bearer(token),
    });
    expect(discarded.statusCode).toBe(204);
    expect(((await get("/api/client-message?view=review")).json() as Page).content).toEqual([]);
    // The contact only a spam form made goes with its discarded submission.
    expect(emails(await search("bot2@spam.test", "correo"))).toEqual([]);
    const left = await t.db.database.db.execute(
      sql`select count(*)::int as n from clients where email = 'bot2@spam.test'`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it("exports the current search as CSV for Excel, formulas neutralised", async () => {
    await postContact(
      t.app,
      contactRequest({
        email: "formula@x.test",
        firstName: '=HYPERLINK("http://x")',
        company: "+cmd",
        message: "@SUM(1)",
      }),
    );
    const response = await get("/api/client-message/export?keyword=formula&field=correo");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/csv; charset=utf-8/);
    expect(response.headers["content-disposition"]).toMatch(/attachment; filename="contactos-\d{4}-\d{2}-\d{2}\.csv"/);
    const body = response.rawPayload.toString("utf8");
    expect(body.startsWith('\uFEFF"Nombre";')).toBe(true);
    const [, row] = body.slice(1).split("\r\n");
    expect(row).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(row).toContain(`"'+cmd"`);
    expect(row).toContain(`"'@SUM(1)"`);
  });

  it("exports one line per contact with stage, owner, value, lost reason and the newest message, in Ecuador's time", async () => {
    const idOf = async (email: string) => (await search(email, "correo")).content[0]?.client.id as number;
    const joseId = await idOf("jose@rosasdelcotopaxi.ec");
    const anaId = await idOf("ana@floresandinas.ec");
    const note = await post(`/api/clients/${joseId}/messages`, { message: "Pidió 20 L más para San Valentín." });
    expect(note.statusCode, note.body).toBe(201);
    const noteAt = new Date((note.json() as { createdAt: string }).createdAt);
    const won = await t.app.inject({
      method: "PATCH",
      url: `/api/clients/${joseId}/stage`,
      headers: bearer(token),
      payload: { stage: "ganado", version: 0, wonValue: 1250.5 },
    });
    expect(won.statusCode, won.body).toBe(200);
    const admin = (await t.db.database.db.execute(
      sql`select id from users where username = ${ADMIN.username}`,
    )) as unknown as { rows: { id: number }[] };
    const owned = await t.app.inject({
      method: "PATCH",
      url: `/api/clients/${joseId}/owner`,
      headers: bearer(token),
      payload: { ownerId: admin.rows[0]?.id, version: 1 },
    });
    expect(owned.statusCode, owned.body).toBe(200);
    const lost = await t.app.inject({
      method: "PATCH",
      url: `/api/clients/${anaId}/stage`,
      headers: bearer(token),
      payload: { stage: "perdido", version: 0, lostReason: "otro", lostNote: "Compra en Colombia" },
    });
    expect(lost.statusCode, lost.body).toBe(200);

    const response = await get("/api/client-message/export?rows=contacts");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-disposition"]).toMatch(/filename="contactos-resumen-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, ...lines] = response.rawPayload.toString("utf8").slice(1).trim().split("\r\n");
    expect(header).toBe(
      [
        "Nombre",
        "Apellido",
        "Correo",
        "Teléfono",
        "Empresa",
        "Etapa",
        "Responsable",
        "Valor ganado (USD)",
        "Motivo de pérdida",
        "Mensajes",
        "Primer contacto",
        "Último mensaje",
        "Servicios",
        "Estado",
        "Mensaje",
        "Respuesta",
      ]
        .map((title) => `"${title}"`)
        .join(";"),
    );
    // One line per contact, not per message: José has two messages and one line.
    expect(lines).toHaveLength(3);
    const cells = (email: string) =>
      (lines.find((line) => line.includes(`"${email}"`)) ?? "").slice(1, -1).split('";"');
    // Ecuador is UTC-5 all year: the file shows the hour there, not the server's UTC.
    const ecuador = new Date(noteAt.getTime() - 5 * 3600_000).toISOString().slice(0, 16).replace("T", " ");
    expect(cells("jose@rosasdelcotopaxi.ec")).toEqual([
      "José",
      "Rodríguez",
      "jose@rosasdelcotopaxi.ec",
      // Written as from abroad (decision 048); a leading + reads as a formula to Excel: neutralised.
      "'+593 99 111 1111",
      "Rosas del Cotopaxi",
      "Ganado",
      "Administrador",
      "1250,50",
      "",
      "2",
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
      ecuador,
      "",
      "Pendiente",
      "Pidió 20 L más para San Valentín.",
      "",
    ]);
    const anaCells = cells("ana@floresandinas.ec");
    expect(anaCells.slice(5, 10)).toEqual(["Perdido", "", "", "Otro motivo: Compra en Colombia", "1"]);
    expect(anaCells[12]).toBe("Sea Freight Service");

    // The per-message export keeps its shape, with its dates in Ecuador's time too.
    const perMessage = (
      await get("/api/client-message/export?keyword=jose@rosasdelcotopaxi.ec&field=correo")
    ).rawPayload
      .toString("utf8")
      .trim()
      .split("\r\n");
    expect(perMessage).toHaveLength(3);
    expect(perMessage[1]).toContain(`"${ecuador}"`);

    const wrong = await get("/api/client-message/export?rows=filas");
    expect(wrong.statusCode).toBe(400);
  });

  it("creates, edits and deletes contacts; a taken email is a 409 on the email field", async () => {
    const created = await post("/api/clients", {
      firstName: "Lucía",
      lastName: "Peña",
      email: "lucia@rosaselena.ec",
      countryCode: "+593",
      phone: "0987654321",
      company: "Rosas Elena",
      message: "Llamó para pedir precios de AVB.",
    });
    expect(created.statusCode, created.body).toBe(201);
    const detail = created.json();
    // Stored in E.164: the trunk 0 typed at home goes (issue 31, point 9).
    expect(detail.client).toMatchObject({ phone: "+593987654321", firstName: "Lucía" });
    expect(detail.messages[0]).toMatchObject({
      origin: "personal",
      messageDescription: "Llamó para pedir precios de AVB.",
    });
    expect(emails((await get("/api/client-message")).json() as Page)[0]).toBe("lucia@rosaselena.ec");

    const taken = await t.app.inject({
      method: "PATCH",
      url: `/api/clients/${detail.client.id}`,
      headers: bearer(token),
      payload: {
        firstName: "Lucía",
        lastName: "Peña",
        email: "ANA@floresandinas.ec",
        countryCode: "+593",
        phone: "0987654321",
        company: "Rosas Elena",
      },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details[0].path).toBe("email");

    const note = await post(`/api/clients/${detail.client.id}/messages`, { message: "Segunda llamada." });
    expect(note.statusCode).toBe(201);
    const edited = await t.app.inject({
      method: "PATCH",
      url: `/api/client-message/${note.json().id}`,
      headers: bearer(token),
      payload: { message: "Segunda llamada: pidió visita." },
    });
    expect(edited.json().messageDescription).toBe("Segunda llamada: pidió visita.");

    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/clients/${detail.client.id}`,
      headers: bearer(token),
    });
    expect(deleted.statusCode).toBe(204);
    expect((await get(`/api/clients/${detail.client.id}`)).statusCode).toBe(404);
    const rows = await t.db.database.db.execute(
      sql`select count(*)::int as n from client_messages where client_id = ${detail.client.id}`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it("exports everything about a person and anonymises them (LOPDP)", async () => {
    const ana = (await search("ana@floresandinas.ec", "correo")).content[0] as Group;
    const exported = await get(`/api/clients/${ana.client.id}/data-export`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["content-disposition"]).toMatch(/attachment/);
    const data = exported.json();
    expect(data.client.email).toBe("ana@floresandinas.ec");
    expect(data.messages[0]).toMatchObject({
      message: "Cotización de transporte marítimo.",
      services: ["Sea Freight Service"],
    });
    expect(data.emails.length).toBeGreaterThan(0);

    const anonymised = await post(`/api/clients/${ana.client.id}/anonymise`);
    expect(anonymised.statusCode).toBe(200);
    const body = JSON.stringify(anonymised.json());
    for (const secret of ["Ana", "Núñez", "floresandinas", "marítimo", "+593992222222"])
      expect(body).not.toContain(secret);
    expect(anonymised.json().messages[0].serviceDescription).toBe("Sea Freight Service");
  });

  it("summarises the data for the dashboard", async () => {
    const jose = (await search("rodriguez", "nombre")).content[0]?.messages[0] as Message;
    expect((await post(`/api/client-message/${jose.id}/reply`, { reply: "Le llamamos hoy." })).statusCode).toBe(200);
    const response = await get("/api/dashboard");
    expect(response.statusCode).toBe(200);
    const board = response.json();
    expect(board.newMessages.current).toBeGreaterThanOrEqual(3);
    expect(board.repliedThisWeek.current).toBeGreaterThanOrEqual(1);
    expect(board.weeklyRequests.weeks).toHaveLength(12);
    const rose = board.weeklyRequests.series.find((entry: { title: string }) => entry.title === "Chrysal Rose Dip");
    expect(rose.counts.at(-1)).toBeGreaterThanOrEqual(1);
    expect(board.countryCodes.map((entry: { countryCode: string }) => entry.countryCode)).toContain("+31");
    expect(board.recentActivity.map((entry: { kind: string }) => entry.kind)).toEqual(
      expect.arrayContaining(["new_message", "reply"]),
    );
  });

  it("records each staff action in the audit log, with the client and message it touched", async () => {
    const newestAudit = async () =>
      ((await get("/api/audit-log?size=1")).json() as { content: { action: string; details: object }[] }).content[0];
    const ana = (await search("ana@floresandinas.ec", "correo")).content[0] as Group;
    const message = ana.messages[0] as Message;
    const clientId = ana.client.id;
    const messageId = message.id;
    const actions: [string, () => Promise<unknown>, object][] = [
      ["message_replied", () => post(`/api/client-message/${messageId}/reply`, { reply: "Hola" }), { messageId }],
      [
        "message_status_changed",
        () => post(`/api/client-message/${messageId}/status`, { status: "rechazado", reason: "Fuera de zona" }),
        { messageId, status: "rechazado", reason: "Fuera de zona" },
      ],
      ["client_data_exported", () => get(`/api/clients/${clientId}/data-export`), { clientId }],
      ["messages_exported", () => get("/api/client-message/export?keyword=ana&field=nombre"), { rows: 1 }],
      ["client_anonymised", () => post(`/api/clients/${clientId}/anonymise`), { clientId }],
      [
        "client_deleted",
        () => t.app.inject({ method: "DELETE", url: `/api/clients/${clientId}`, headers: bearer(token) }),
        { clientId, messages: 1 },
      ],
    ];
    for (const [action, run, details] of actions) {
      await run();
      expect(await newestAudit(), action).toMatchObject({ action, details });
    }
    // Accepting and discarding submissions kept for review, and creating a contact.
    await postContact(t.app, contactRequest({ email: "bot@spam.test", website: "x" }));
    await postContact(t.app, contactRequest({ email: "bot2@spam.test", website: "x" }));
    const review = ((await get("/api/client-message?view=review")).json() as Page).content;
    const [first, second] = review.map((group) => group.messages[0] as Message);
    await post(`/api/client-message/${first?.id}/accept`);
    expect(await newestAudit()).toMatchObject({ action: "message_accepted", details: { messageId: first?.id } });
    await t.app.inject({ method: "DELETE", url: `/api/client-message/${second?.id}`, headers: bearer(token) });
    expect(await newestAudit()).toMatchObject({ action: "message_discarded", details: { messageId: second?.id } });
    const created = await post("/api/clients", {
      firstName: "Rosa",
      lastName: "Chicaiza",
      email: "rosa@flores.ec",
      countryCode: "+593",
      phone: "0991234567",
      company: "Flores",
    });
    expect(await newestAudit()).toMatchObject({
      action: "client_created",
      details: { clientId: created.json().client.id },
    });
  });

  it("a search by service or message shows the client's newest matching message first", async () => {
    const lucia = { firstName: "Lucía", lastName: "Tipán", email: "lucia@floresdelsur.ec", company: "Flores del Sur" };
    const older = contactRequest({
      ...lucia,
      message: "Flete marítimo a Rotterdam.",
      serviceList: "Sea Freight Service",
    });
    const newer = contactRequest({ ...lucia, message: "Ahora ácaros en el bloque 3.", serviceList: "Danisaraba" });
    expect((await postContact(t.app, older)).statusCode).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await postContact(t.app, newer)).statusCode).toBe(201);
    const groupOf = (page: Page) => page.content.find((group) => group.client.email === lucia.email);

    const byService = groupOf(await search("sea freight", "servicio"));
    expect(byService?.messages.map((message) => message.serviceDescription)).toEqual([
      "Sea Freight Service",
      "Danisaraba",
    ]);
    const byText = groupOf(await search("rotterdam", "mensaje"));
    expect(byText?.messages[0]?.messageDescription).toBe("Flete marítimo a Rotterdam.");
    const byAll = groupOf(await search("maritimo a rotterdam"));
    expect(byAll?.messages[0]?.messageDescription).toBe("Flete marítimo a Rotterdam.");
    // A search by name finds the person: every message fits, the newest comes first as in the list.
    expect(groupOf(await search("lucia tipan", "nombre"))?.messages[0]?.serviceDescription).toBe("Danisaraba");
    const listed = (
      await get(`/api/client-message?serviceTypeId=${await serviceId("Sea Freight Service")}`)
    ).json() as Page;
    expect(groupOf(listed)?.messages[0]?.serviceDescription).toBe("Sea Freight Service");
  });

  it("a broad search reads ten pages ahead instead of counting: a lower bound past them, exact near the end", async () => {
    for (let index = 0; index < 25; index += 1) {
      const created = await post("/api/clients", {
        firstName: "Vecino",
        lastName: `Número ${index}`,
        email: `vecino${index}@lookahead.ec`,
        countryCode: "+593",
        phone: `09870000${String(index).padStart(2, "0")}`,
        company: "Lookahead Farms",
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    // Size 2: ten pages ahead are 20 contacts, and there are more.
    const first = await search("lookahead", "all", { page: 0, size: 2 });
    expect(first).toMatchObject({ totalElements: 20, totalIsExact: false, totalPages: 11, isLastPage: false });
    expect(first.content).toHaveLength(2);
    // From page 9 the end is within reach: the total is exact.
    const near = await search("lookahead", "all", { page: 9, size: 2 });
    expect(near).toMatchObject({ totalElements: 25, totalIsExact: true, totalPages: 13, isLastPage: false });
    const last = await search("lookahead", "all", { page: 12, size: 2 });
    expect(last).toMatchObject({ totalElements: 25, totalIsExact: true, isLastPage: true });
    expect(last.content).toHaveLength(1);
    // Past the end the rows say nothing, so the contacts are counted.
    const beyond = await search("lookahead", "all", { page: 30, size: 2 });
    expect(beyond).toMatchObject({ totalElements: 25, totalIsExact: true, isLastPage: true, content: [] });
  });
});
