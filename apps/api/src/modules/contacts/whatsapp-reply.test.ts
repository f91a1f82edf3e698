import { CRM_LIMITS } from "@app/shared/constants";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/app.ts";
import { ADMIN, bearer, createAuthTestApp, signIn } from "../../../test/auth.ts";
import { contactRequest, postContact, resetContactTables } from "../../../test/contact.ts";
import { engines } from "../../../test/database.ts";
import { contactMessages, emailOutbox } from "../../db/schema/index.ts";
import { attachLivePublisher, type LiveEvent } from "../live/live-event.ts";

type Message = { id: number; status: string; reply: string | null; replyChannel: string | null };
type Detail = { client: { id: number }; pipeline: { stage: string }; messages: Message[] };
type TimelineEvent = { kind: string; actor: string | null; messageId: number | null; data: Record<string, unknown> };

// `POST /api/client-message/:id/whatsapp-reply`: a reply staff sent by WhatsApp and confirmed, stored
// like an email reply but with no email queued.
describe.each(engines)("WhatsApp replies on %s", (engine) => {
  let t: TestApp;
  let token: string;
  let clientId: number;
  let messageId: number;

  const post = (url: string, payload: unknown) =>
    t.app.inject({ method: "POST", url, headers: bearer(token), payload: payload as object });
  const get = (url: string) => t.app.inject({ url, headers: bearer(token) });
  const whatsappReply = (id: number, reply: unknown) => post(`/api/client-message/${id}/whatsapp-reply`, { reply });
  const detail = async () => (await get(`/api/clients/${clientId}`)).json() as Detail;
  const replyEmails = () =>
    t.app.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "client_reply"), eq(emailOutbox.messageId, messageId)));

  beforeAll(async () => {
    t = await createAuthTestApp(engine, { contactRateLimit: [{ max: 1000, windowMs: 60_000 }] });
    token = (await signIn(t.app, ADMIN)).accessToken;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await resetContactTables(t.app.db);
    expect((await postContact(t.app, contactRequest({ email: "lucia@rosasdelnorte.ec" }))).statusCode).toBe(201);
    const [row] = await t.app.db
      .select({ id: contactMessages.id, clientId: contactMessages.clientId })
      .from(contactMessages);
    if (!row) throw new Error("the contact request stored no message");
    ({ id: messageId, clientId } = row);
  });

  it("records the reply as Respondido by WhatsApp, moves Nuevo to Contactado and queues no email", async () => {
    const events: LiveEvent[] = [];
    const detach = attachLivePublisher(t.app.db, { publish: (event) => events.push(event) });
    const response = await whatsappReply(messageId, "  Hola Lucía, le envío la ficha de Chrysal RVB.  ");
    detach();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: messageId,
      status: "respondido",
      reply: "Hola Lucía, le envío la ficha de Chrysal RVB.",
      replyChannel: "whatsapp",
      repliedAt: expect.any(String),
    });
    expect(await replyEmails()).toEqual([]);

    const after = await detail();
    expect(after.pipeline.stage).toBe("contactado");
    expect(after.messages[0]).toMatchObject({ status: "respondido", replyChannel: "whatsapp" });

    const [stored] = await t.app.db.select().from(contactMessages).where(eq(contactMessages.id, messageId));
    expect(stored).toMatchObject({ replyChannel: "whatsapp", repliedBy: expect.any(Number), status: "respondido" });

    expect(events).toEqual([expect.objectContaining({ kind: "message_replied", clientId, messageId })]);

    const audit = (await get("/api/audit-log?size=1")).json() as { content: { action: string; details: object }[] };
    expect(audit.content[0]).toMatchObject({
      action: "message_replied",
      details: { clientId, messageId, channel: "whatsapp" },
    });
  });

  it("shows the reply on the timeline as a WhatsApp reply, and an email reply after it as email", async () => {
    await whatsappReply(messageId, "Le escribo por WhatsApp.");
    const timeline = async () =>
      ((await get(`/api/clients/${clientId}/timeline`)).json() as { events: TimelineEvent[] }).events;
    const replies = (await timeline()).filter((event) => event.kind === "reply_sent");
    expect(replies).toEqual([
      {
        kind: "reply_sent",
        at: expect.any(String),
        actor: expect.any(String),
        messageId,
        data: { reply: "Le escribo por WhatsApp.", channel: "whatsapp" },
      },
    ]);
    // The stage moved once, by the reply.
    const moves = (await timeline()).filter((event) => event.kind === "stage_changed");
    expect(moves).toEqual([expect.objectContaining({ data: { from: "nuevo", to: "contactado", byReply: true } })]);

    // "Responder de nuevo" by email: the channel follows the latest reply, and its email is queued.
    expect((await post(`/api/client-message/${messageId}/reply`, { reply: "Y por correo." })).json()).toMatchObject({
      replyChannel: "email",
    });
    expect(await replyEmails()).toHaveLength(1);
    const latest = (await timeline()).find((event) => event.kind === "reply_sent");
    expect(latest?.data).toEqual({ reply: "Y por correo.", channel: "email" });
  });

  it("has the email reply's limits: 400 with details for an empty or too long text, 404 for no message", async () => {
    for (const reply of ["   ", "", "x".repeat(CRM_LIMITS.reply + 1), 42, null, "Hola\u0000"]) {
      const response = await whatsappReply(messageId, reply);
      expect(response.statusCode, JSON.stringify(reply)).toBe(400);
      expect(response.json().details?.[0]?.path, JSON.stringify(reply)).toBe("reply");
    }
    const extra = await post(`/api/client-message/${messageId}/whatsapp-reply`, { reply: "Hola", channel: "email" });
    expect(extra.statusCode).toBe(400);
    expect((await whatsappReply(messageId, "x".repeat(CRM_LIMITS.reply))).statusCode).toBe(200);
    const missing = await whatsappReply(999_999, "Hola");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(/mensaje/i);
    const anonymous = await t.app.inject({
      method: "POST",
      url: `/api/client-message/${messageId}/whatsapp-reply`,
      payload: { reply: "Hola" },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
