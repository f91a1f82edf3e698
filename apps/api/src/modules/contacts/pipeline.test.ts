import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { TestApp } from "../../../test/app.ts";
import { ADMIN, bearer, createAuthTestApp, createReadyStaff, createStaff, signIn } from "../../../test/auth.ts";
import { contactRequest, postContact, resetContactTables } from "../../../test/contact.ts";
import { engines } from "../../../test/database.ts";
import { startSmtpServer, type TestSmtp } from "../../../test/smtp.ts";
import { queryRows } from "../../db/client.ts";

type Pipeline = {
  stage: string;
  owner: { id: number; displayName: string } | null;
  version: number;
  lostReason: string | null;
  lostNote: string | null;
  wonValue: number | null;
};
type Event = { kind: string; actor: string | null; messageId: number | null; data: Record<string, unknown> };

describe.each(engines)("a contact's stage, owner and timeline on %s", (engine) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let token: string;
  let clientId: number;
  let messageId: number;

  const call = (method: "GET" | "PATCH" | "POST", url: string, payload?: object, as = token) =>
    t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
  const pipeline = async () =>
    ((await call("GET", `/api/clients/${clientId}`)).json() as { pipeline: Pipeline }).pipeline;
  const timeline = async () =>
    ((await call("GET", `/api/clients/${clientId}/timeline`)).json() as { events: Event[] }).events;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createAuthTestApp(engine, {
      smtpUrl: smtp.url,
      emailPollMs: 100,
      contactRateLimit: [{ max: 1000, windowMs: 60_000 }],
    });
    token = (await signIn(t.app, ADMIN)).accessToken;
  });
  // Every test starts from one new lead of its own.
  beforeEach(async () => {
    await resetContactTables(t.app.db);
    expect((await postContact(t.app, contactRequest({ email: "lucia@rosasdelvalle.ec" }))).statusCode).toBe(201);
    const page = (await call("GET", "/api/client-message")).json() as {
      content: { client: { id: number }; messages: { id: number }[] }[];
    };
    clientId = page.content[0]?.client.id ?? 0;
    messageId = page.content[0]?.messages[0]?.id ?? 0;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("starts a new lead as Nuevo, with nobody responsible, at version 0", async () => {
    expect(await pipeline()).toMatchObject({ stage: "nuevo", owner: null, version: 0, wonValue: null });
  });

  /** The contact's opportunities, oldest first, and which one the contact's copy names. */
  const opportunities = async () =>
    queryRows<{
      id: number;
      title: string;
      stage: string;
      ownerId: number | null;
      valueCents: string | null;
      current: boolean;
    }>(
      t.app.db,
      sql`select o.id, o.title, o.stage, o.owner_id as "ownerId", o.value_cents::text as "valueCents",
          c.opportunity_id = o.id as current
        from opportunities o join clients c on c.id = o.client_id where o.client_id = ${clientId} order by o.id`,
    );

  it("opens the lead's first opportunity with it, titled after the company typed, never the person (decision 055)", async () => {
    expect(await opportunities()).toEqual([
      {
        id: expect.any(Number),
        title: "Rosas del Valle",
        stage: "nuevo",
        ownerId: null,
        valueCents: null,
        current: true,
      },
    ]);
  });

  it("writes a stage, an owner and a won value on the contact's opportunity; the contact shows its copy", async () => {
    const staff = await createStaff(t.app, token);
    expect((await call("PATCH", `/api/clients/${clientId}/owner`, { ownerId: staff.id, version: 0 })).statusCode).toBe(
      200,
    );
    const won = await call("PATCH", `/api/clients/${clientId}/stage`, {
      stage: "ganado",
      wonValue: 1234.5,
      version: 1,
    });
    expect(won.statusCode).toBe(200);
    expect(await opportunities()).toEqual([
      {
        id: expect.any(Number),
        title: "Rosas del Valle",
        stage: "ganado",
        ownerId: staff.id,
        valueCents: "123450",
        current: true,
      },
    ]);
    expect(await pipeline()).toMatchObject({ stage: "ganado", owner: { id: staff.id }, version: 2, wonValue: 1234.5 });
  });

  it("opens the next opportunity when a client writes again after a closed sale, and joins an open one", async () => {
    const seller = await createStaff(t.app, token);
    await call("PATCH", `/api/clients/${clientId}/owner`, { ownerId: seller.id, version: 0 });
    // Still open: a second message joins it.
    expect((await postContact(t.app, contactRequest({ email: "lucia@rosasdelvalle.ec" }))).statusCode).toBe(201);
    expect(await opportunities()).toHaveLength(1);
    await call("PATCH", `/api/clients/${clientId}/stage`, { stage: "ganado", wonValue: 900, version: 1 });
    expect((await postContact(t.app, contactRequest({ email: "LUCIA@rosasdelvalle.ec" }))).statusCode).toBe(201);
    expect(await opportunities()).toEqual([
      expect.objectContaining({ stage: "ganado", valueCents: "90000", current: false }),
      expect.objectContaining({
        title: "Rosas del Valle",
        stage: "nuevo",
        ownerId: seller.id,
        valueCents: null,
        current: true,
      }),
    ]);
    expect(await pipeline()).toMatchObject({ stage: "nuevo", owner: { id: seller.id }, wonValue: null });
  });

  it("Nueva oportunidad: a second sale for the contact, with its Valor estimado; bad input names the field", async () => {
    const made = await call("POST", "/api/opportunities", {
      clientId,
      title: "Temporada Día de la Madre",
      value: "12500,50",
      expectedCloseOn: "2027-04-15",
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({
      title: "Temporada Día de la Madre",
      stage: "nuevo",
      value: "12500.50",
      current: true,
    });
    const listed = (await call("GET", `/api/clients/${clientId}/opportunities`)).json() as {
      opportunities: { title: string; current: boolean }[];
    };
    expect(listed.opportunities.map((row) => [row.title, row.current])).toEqual([
      ["Temporada Día de la Madre", true],
      ["Rosas del Valle", false],
    ]);
    const { id, version } = made.json() as { id: number; version: number };
    const revalued = await call("PATCH", `/api/opportunities/${id}`, { value: "9000", version });
    expect(revalued.json()).toMatchObject({ value: "9000.00", version: version + 1 });
    expect((await call("PATCH", `/api/opportunities/${id}`, { value: "1", version })).statusCode).toBe(409);
    const bad = await call("POST", "/api/opportunities", { clientId, title: "x", value: "12.500,00" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      details: [{ path: "value", message: expect.stringMatching(/^Valor estimado: /) }],
    });
  });

  it("moves the stage with the version seen, on the timeline and in the audit log, and refuses a stale one", async () => {
    const moved = await call("PATCH", `/api/clients/${clientId}/stage`, { stage: "cotizacion", version: 0 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ stage: "cotizacion", version: 1 });

    const stale = await call("PATCH", `/api/clients/${clientId}/stage`, { stage: "negociacion", version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ current: { stage: "cotizacion", version: 1 } });
    expect(stale.json().message).toContain("Otra persona cambió este contacto");

    const [latest] = await timeline();
    expect(latest).toMatchObject({ kind: "stage_changed", data: { from: "nuevo", to: "cotizacion" } });
    expect(latest?.actor).toBeTruthy();
    const audit = (await call("GET", "/api/audit-log")).json() as { content: { action: string; details: object }[] };
    expect(audit.content.find((entry) => entry.action === "client_stage_changed")?.details).toMatchObject({
      clientId,
      from: "nuevo",
      to: "cotizacion",
    });
  });

  it("asks Perdido for a reason (and words for 'otro'), keeps Ganado's value, and names bad input", async () => {
    const noReason = await call("PATCH", `/api/clients/${clientId}/stage`, { stage: "perdido", version: 0 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().details).toContainEqual({ path: "lostReason", message: "Indica por qué se perdió" });
    const otherWithoutWords = await call("PATCH", `/api/clients/${clientId}/stage`, {
      stage: "perdido",
      lostReason: "otro",
      version: 0,
    });
    expect(otherWithoutWords.json().details).toContainEqual({ path: "lostNote", message: "Describe el motivo" });
    const valueOnLost = await call("PATCH", `/api/clients/${clientId}/stage`, {
      stage: "perdido",
      lostReason: "precio",
      wonValue: 10,
      version: 0,
    });
    expect(valueOnLost.statusCode).toBe(400);
    for (const bad of [
      { stage: "archivado", version: 0 },
      { stage: "ganado" },
      { stage: "ganado", version: 0, wonValue: 1.005 },
    ]) {
      expect((await call("PATCH", `/api/clients/${clientId}/stage`, bad)).statusCode).toBe(400);
    }

    const lost = await call("PATCH", `/api/clients/${clientId}/stage`, {
      stage: "perdido",
      lostReason: "otro",
      lostNote: "  Compra directamente en Holanda ",
      version: 0,
    });
    expect(lost.json()).toMatchObject({
      stage: "perdido",
      lostReason: "otro",
      lostNote: "Compra directamente en Holanda",
    });
    const won = await call("PATCH", `/api/clients/${clientId}/stage`, {
      stage: "ganado",
      wonValue: 12500.5,
      version: 1,
    });
    expect(won.json()).toMatchObject({ stage: "ganado", wonValue: 12500.5, lostReason: null, lostNote: null });
    expect((await call("PATCH", "/api/clients/999999/stage", { stage: "ganado", version: 0 })).statusCode).toBe(404);
  });

  it("hands the contact over, emails the new owner a link to it, and never emails someone who took it themselves", async () => {
    const seller = await createStaff(t.app, token);
    const handed = await call("PATCH", `/api/clients/${clientId}/owner`, { ownerId: seller.id, version: 0 });
    expect(handed.statusCode).toBe(200);
    expect(handed.json()).toMatchObject({ owner: { id: seller.id }, version: 1, ownerNotified: true });
    const toSeller = () => smtp.received.filter((mail) => mail.envelopeTo.includes(seller.email));
    await vi.waitFor(() => expect(toSeller()).toHaveLength(1), { timeout: 10_000 });
    const [mail] = toSeller();
    expect(mail?.mail.subject).toContain("Te asignaron un contacto");
    expect(mail?.mail.text).toContain(`/crm/mensajes?contacto=${clientId}`);

    const [event] = await timeline();
    expect(event).toMatchObject({ kind: "owner_changed", data: { from: null, to: seller.id } });

    const admin = (await call("GET", "/api/users")).json() as { id: number; username: string }[];
    const adminId = admin.find((user) => user.username === ADMIN.username)?.id;
    const self = await call("PATCH", `/api/clients/${clientId}/owner`, { ownerId: adminId, version: 1 });
    expect(self.json()).toMatchObject({ owner: { id: adminId }, ownerNotified: false });
    const nobody = await call("PATCH", `/api/clients/${clientId}/owner`, { ownerId: null, version: 2 });
    expect(nobody.json()).toMatchObject({ owner: null, version: 3 });
    expect((await call("PATCH", `/api/clients/${clientId}/owner`, { ownerId: seller.id, version: 1 })).statusCode).toBe(
      409,
    );
  });

  it("lists who can be Responsable (active accounts, by name) to every staff member", async () => {
    const colleague = await createReadyStaff(t.app, token);
    const gone = await createStaff(t.app, token);
    await call("PATCH", `/api/users/${gone.id}`, { active: false });
    const theirToken = (await signIn(t.app, colleague)).accessToken;
    const listed = await call("GET", "/api/staff", undefined, theirToken);
    expect(listed.statusCode).toBe(200);
    const ids = (listed.json() as { id: number; displayName: string }[]).map((member) => member.id);
    expect(ids).toContain(colleague.id);
    expect(ids).not.toContain(gone.id);
    expect((await t.app.inject({ method: "GET", url: "/api/staff" })).statusCode).toBe(401);
  });

  it("refuses an owner that does not exist or is disabled, by field", async () => {
    const gone = await createStaff(t.app, token);
    expect((await call("PATCH", `/api/users/${gone.id}`, { active: false })).statusCode).toBe(200);
    for (const ownerId of [gone.id, 987654]) {
      const refused = await call("PATCH", `/api/clients/${clientId}/owner`, { ownerId, version: 0 });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().details).toContainEqual({
        path: "ownerId",
        message: "Esa persona no existe o su cuenta está desactivada",
      });
    }
    expect((await pipeline()).version).toBe(0);
  });

  it("makes a Nuevo contact Contactado on the first reply, and leaves a later stage alone", async () => {
    expect(
      (await call("POST", `/api/client-message/${messageId}/reply`, { reply: "Con gusto le cotizamos." })).statusCode,
    ).toBe(200);
    expect(await pipeline()).toMatchObject({ stage: "contactado", version: 1 });
    const kinds = (await timeline()).map((event) => event.kind);
    expect(kinds).toEqual(["stage_changed", "reply_sent", "message_received"]);

    await call("PATCH", `/api/clients/${clientId}/stage`, { stage: "negociacion", version: 1 });
    await call("POST", `/api/client-message/${messageId}/reply`, { reply: "Le reenviamos la cotización." });
    expect((await pipeline()).stage).toBe("negociacion");
  });

  it("puts exports and anonymisation on the timeline, newest first, and anonymises staff's words about the person", async () => {
    const note = "Lucía prefiere a otro proveedor de Cayambe";
    await call("PATCH", `/api/clients/${clientId}/stage`, {
      stage: "perdido",
      lostReason: "otro",
      lostNote: note,
      version: 0,
    });
    expect((await call("GET", `/api/clients/${clientId}/data-export`)).statusCode).toBe(200);
    expect((await call("POST", `/api/clients/${clientId}/anonymise`)).statusCode).toBe(200);
    const events = await timeline();
    expect(events.slice(0, 3).map((event) => event.kind)).toEqual(["anonymised", "data_exported", "stage_changed"]);
    expect(JSON.stringify(events)).not.toContain("Cayambe");
    expect(await pipeline()).toMatchObject({ stage: "perdido", lostReason: "otro", lostNote: "(anonimizado)" });
    expect((await call("GET", "/api/clients/999999/timeline")).statusCode).toBe(404);
  });
});
