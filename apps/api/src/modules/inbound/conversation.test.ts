import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/app.ts";
import { ADMIN, bearer, createAuthTestApp, signIn } from "../../../test/auth.ts";
import { contactRequest, postContact } from "../../../test/contact.ts";
import { engines } from "../../../test/database.ts";
import { startImapServer, type TestImap } from "../../../test/imap.ts";
import { bounceEmail, rawEmail } from "../../../test/mail.ts";
import { startSmtpServer, type TestSmtp } from "../../../test/smtp.ts";
import type { InboundConfig } from "../../config.ts";
import { queryRows } from "../../db/client.ts";
import { attachLivePublisher, type LiveEvent } from "../live/live-event.ts";
import { MailboxReader } from "./mailbox-reader.ts";

/** Readiness shows the mailbox's state only to monitoring (HEALTH_TOKEN). */
const HEALTH_TOKEN = "monitoreo-del-buzon-Xr4Tq9Lm2Wv7Kp3Zs8";

async function waitUntil<T>(check: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error("condition not reached in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type MessageRow = {
  id: number;
  client_id: number;
  origin: string;
  message: string;
  quoted_text: string | null;
  status: string;
  review_reasons: string[];
};

const MAILBOX = "ventas@floricola.test";
/** A small JPEG's first bytes: enough for a file to be a file. */
const PHOTO = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2048, 7), Buffer.from([0xff, 0xd9])]);

describe.each(engines)("conversations by email through a real mailbox (%s)", (engine) => {
  let t: TestApp | undefined;
  let smtp: TestSmtp;
  let imap: TestImap;

  beforeEach(async () => {
    smtp = await startSmtpServer();
    imap = await startImapServer({ address: MAILBOX });
    t = await createAuthTestApp(engine, {
      smtpUrl: smtp.url,
      mailFrom: "FloraPro Ecuador <no-reply@florapro.test>",
      staffNotifyEmail: "equipo@florapro.test",
      contactRateLimit: [{ max: 1000, windowMs: 60_000 }],
      emailPollMs: 100,
      emailRetryBaseMs: 100,
      inbound: {
        url: imap.url,
        mailbox: "INBOX",
        address: MAILBOX,
        plusAddressing: true,
        pollMs: 300,
        authservIds: [],
      },
      healthToken: HEALTH_TOKEN,
    });
  });
  afterEach(async () => {
    await t?.close();
    t = undefined;
    await imap.stop();
    await smtp.close();
  });

  const messages = (app: TestApp) =>
    queryRows<MessageRow>(
      app.app.db,
      sql`select id::int as id, client_id, origin, message, quoted_text, status, review_reasons from client_messages order by id`,
    );

  it("threads the confirmation, the reply, the client's answer and the second reply", async () => {
    const app = t as TestApp;
    expect((await postContact(app.app, contactRequest({ consent: true, fillTimeMs: 40_000 }))).statusCode).toBe(201);
    const [token] = (await queryRows<{ reply_token: string }>(app.app.db, sql`select reply_token from clients`)).map(
      (row) => row.reply_token,
    );
    const conversation = `ventas+${token}@floricola.test`;

    // The confirmation: Reply-To the conversation's address, a Message-ID of ours.
    const first = await smtp.waitFor(2);
    const confirmation = first.find((item) => item.envelopeTo.includes("maria@rosasdelvalle.ec"));
    expect(confirmation?.mail.replyTo?.value[0]?.address).toBe(conversation);
    const confirmationId = confirmation?.mail.messageId ?? "";
    expect(confirmationId).toMatch(/^<[0-9a-f-]{36}@florapro\.test>$/);

    // Staff reply: threaded under the confirmation.
    const session = await signIn(app.app, ADMIN);
    const [asked] = await messages(app);
    // Open screens hear when the reply is sent (its message shows `Enviado`).
    const events: LiveEvent[] = [];
    attachLivePublisher(app.app.db, { publish: (event) => events.push(event) });
    const replied = await app.app.inject({
      method: "POST",
      url: `/api/client-message/${asked?.id}/reply`,
      headers: bearer(session.accessToken),
      payload: { reply: "Hola María, le enviamos la cotización de Chrysal RVB." },
    });
    expect(replied.statusCode).toBe(200);
    const [, , replyMail] = await smtp.waitFor(3);
    expect(replyMail?.mail.replyTo?.value[0]?.address).toBe(conversation);
    expect(replyMail?.mail.inReplyTo).toBe(confirmationId);
    expect(replyMail?.mail.references).toEqual(confirmationId);
    const replyId = replyMail?.mail.messageId ?? "";
    await waitUntil(async () => events.some((event) => event.kind === "email_status_changed"));
    expect(events.find((event) => event.kind === "email_status_changed")).toMatchObject({ messageId: asked?.id });

    // The grower answers from their phone: quoted history below, a photo attached.
    const answer = rawEmail({
      from: "María Quishpe <maria@rosasdelvalle.ec>",
      to: conversation,
      subject: "Re: Respuesta a tu solicitud - FloraPro Ecuador",
      inReplyTo: replyId,
      references: [confirmationId, replyId],
      text: `Gracias, ¿tienen también en presentación de 5 litros?\n\nEl jue, 26 nov 2026 a las 10:02, FloraPro Ecuador <${conversation}> escribió:\n> Hola María, le enviamos la cotización de Chrysal RVB.`,
      attachments: [{ filename: "botrytis en rosas.jpg", contentType: "image/jpeg", content: PHOTO }],
    });
    await imap.append(answer.raw);
    const received = await waitUntil(async () => (await messages(app)).find((row) => row.origin === "email"));
    expect(received).toMatchObject({
      client_id: asked?.client_id,
      status: "pendiente",
      message: "Gracias, ¿tienen también en presentación de 5 litros?",
      review_reasons: [],
    });
    expect(received.quoted_text).toContain("escribió:");

    // Staff hear of it; the file is listed and downloads as an attachment only.
    const notice = await smtp.waitFor(4);
    expect(notice[3]?.envelopeTo).toEqual(["equipo@florapro.test"]);
    expect(notice[3]?.mail.subject).toContain("María Quishpe");
    const emails = await app.app.inject({
      method: "GET",
      url: `/api/clients/${asked?.client_id}/emails`,
      headers: bearer(session.accessToken),
    });
    const detail = emails.json().messages.find((item: { messageId: number }) => item.messageId === received.id);
    expect(detail.attachments).toEqual([
      {
        id: expect.any(Number),
        filename: "botrytis en rosas.jpg",
        contentType: "image/jpeg",
        size: PHOTO.length,
        skippedReason: null,
      },
    ]);
    const file = await app.app.inject({
      method: "GET",
      url: `/api/attachments/${detail.attachments[0].id}`,
      headers: bearer(session.accessToken),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-disposition"]).toBe(
      `attachment; filename="botrytis en rosas.jpg"; filename*=UTF-8''botrytis%20en%20rosas.jpg`,
    );
    expect(file.rawPayload.equals(PHOTO)).toBe(true);
    expect(
      (await app.app.inject({ method: "GET", url: `/api/attachments/${detail.attachments[0].id}` })).statusCode,
    ).toBe(401);

    // The second reply answers the contact's email, and the thread names all three.
    const second = await app.app.inject({
      method: "POST",
      url: `/api/client-message/${received.id}/reply`,
      headers: bearer(session.accessToken),
      payload: { reply: "Sí, también en 5 litros." },
    });
    expect(second.statusCode).toBe(200);
    const all = await smtp.waitFor(5);
    const secondMail = all[4]?.mail;
    expect(secondMail?.inReplyTo).toBe(answer.id);
    expect(secondMail?.references).toEqual([confirmationId, replyId, answer.id]);
    expect(secondMail?.replyTo?.value[0]?.address).toBe(conversation);
  });

  it("makes a stranger's email a contact to review, records automatic answers, and marks bounces", async () => {
    const app = t as TestApp;
    await imap.append(
      rawEmail({
        from: "Juan Pablo Andrade <compras@flores-andinas.test>",
        to: MAILBOX,
        subject: "Cotización de Chrysal Clear",
        text: "Buenos días, necesitamos 200 litros para la próxima semana.",
      }).raw,
    );
    await imap.append(
      rawEmail({
        from: "Ana <ana@finca.test>",
        to: MAILBOX,
        subject: "Respuesta automática: fuera de la oficina",
        text: "Estoy de vacaciones hasta el lunes.",
        headers: { "Auto-Submitted": "auto-replied" },
      }).raw,
    );
    await imap.append("esto no es un correo\r\n\r\n\u0000\u0001");
    const stranger = await waitUntil(async () => (await messages(app)).find((row) => row.origin === "email"));
    expect(stranger.review_reasons).toEqual(["unknown_sender"]);
    const [contact] = await queryRows<{ first_name: string; last_name: string; email: string }>(
      app.app.db,
      sql`select first_name, last_name, email from clients where id = ${stranger.client_id}`,
    );
    expect(contact).toEqual({ first_name: "Juan Pablo", last_name: "Andrade", email: "compras@flores-andinas.test" });
    const ledger = await waitUntil(async () => {
      const rows = await queryRows<{ uid: number; outcome: string; reason: string | null }>(
        app.app.db,
        sql`select uid::int as uid, outcome, reason from inbound_emails order by uid`,
      );
      return rows.length === 3 ? rows : undefined;
    });
    expect(ledger.map((row) => row.outcome)).toEqual(["imported", "auto_reply", "set_aside"]);
    expect((await messages(app)).filter((row) => row.origin === "email")).toHaveLength(1);

    // A reply that bounces: the delivery report marks it Rebotado with the server's reason.
    const session = await signIn(app.app, ADMIN);
    await app.app.inject({
      method: "POST",
      url: `/api/client-message/${stranger.id}/reply`,
      headers: bearer(session.accessToken),
      payload: { reply: "Con gusto, le enviamos la cotización." },
    });
    const sent = await waitUntil(async () =>
      smtp.received.find((item) => item.envelopeTo.includes("compras@flores-andinas.test")),
    );
    await imap.append(
      bounceEmail({ to: MAILBOX, returnedId: sent.mail.messageId ?? "", recipient: "compras@flores-andinas.test" }),
    );
    const bounced = await waitUntil(async () => {
      const response = await app.app.inject({
        method: "GET",
        url: `/api/clients/${stranger.client_id}/emails`,
        headers: bearer(session.accessToken),
      });
      const delivery = response
        .json()
        .messages.find((item: { messageId: number }) => item.messageId === stranger.id)?.replyDelivery;
      return delivery?.status === "bounced" ? delivery : undefined;
    });
    expect(bounced.serverAnswer).toContain("550 5.1.1");

    // `Reintentar` queues it again.
    const retried = await app.app.inject({
      method: "POST",
      url: `/api/emails/${bounced.id}/retry`,
      headers: bearer(session.accessToken),
    });
    expect(retried.statusCode).toBe(200);
    await waitUntil(
      async () => smtp.received.filter((item) => item.envelopeTo.includes("compras@flores-andinas.test")).length === 2,
    );
    const again = await app.app.inject({
      method: "POST",
      url: `/api/emails/${bounced.id}/retry`,
      headers: bearer(session.accessToken),
    });
    expect(again.statusCode).toBe(409);
  });

  it("imports each email once, across a restart of the reader and a second one started beside it", async () => {
    const app = t as TestApp;
    for (let index = 0; index < 20; index += 1) {
      await imap.append(
        rawEmail({
          from: `Cliente ${index} <c${index}@finca.test>`,
          to: MAILBOX,
          subject: `Pedido ${index}`,
          text: `Pedido número ${index}`,
        }).raw,
      );
    }
    await waitUntil(async () => (await messages(app)).length === 20);
    // A second instance's reader finds the mailbox taken and stands by.
    const second = new MailboxReader({
      db: app.app.db,
      config: app.app.config.inbound as InboundConfig,
      settings: { mailboxAddress: MAILBOX, staffNotifyEmail: undefined, authservIds: [] },
      log: app.app.log,
      onImported: () => {},
    });
    second.start();
    await waitUntil(async () => second.status().state === "standby");
    await second.stop();
    await imap.restart();
    await imap.append(
      rawEmail({ from: "Tardío <tarde@finca.test>", to: MAILBOX, subject: "Uno más", text: "Después del reinicio" })
        .raw,
    );
    await waitUntil(async () => (await messages(app)).length === 21, 30_000);
    const [{ count } = { count: 0 }] = await queryRows<{ count: number }>(
      app.app.db,
      sql`select count(*)::int as count from inbound_emails`,
    );
    expect(count).toBe(21);
    const ready = await app.app.inject({
      method: "GET",
      url: "/api/health/ready",
      headers: { authorization: `Bearer ${HEALTH_TOKEN}` },
    });
    expect(ready.json().mailbox).toMatchObject({ state: "connected", imported: 21 });
  });
});

describe.each(engines)("a reply with nowhere for the answer to go (%s)", (engine) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("is refused before anything is stored, and the CRM knows it beforehand", async () => {
    t = await createAuthTestApp(engine, {
      admin: { username: ADMIN.username, password: ADMIN.password, email: undefined },
      contactRateLimit: [{ max: 1000, windowMs: 60_000 }],
    });
    expect((await postContact(t.app, contactRequest({ consent: true, fillTimeMs: 40_000 }))).statusCode).toBe(201);
    const session = await signIn(t.app, ADMIN);
    const [message] = await queryRows<{ id: number; client_id: number }>(
      t.app.db,
      sql`select id::int as id, client_id from client_messages`,
    );
    const emails = await t.app.inject({
      method: "GET",
      url: `/api/clients/${message?.client_id}/emails`,
      headers: bearer(session.accessToken),
    });
    expect(emails.json()).toEqual({ messages: [], canReplyByEmail: false });
    const reply = await t.app.inject({
      method: "POST",
      url: `/api/client-message/${message?.id}/reply`,
      headers: bearer(session.accessToken),
      payload: { reply: "Hola" },
    });
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toContain("no hay un buzón compartido configurado");
    const [stored] = await queryRows<{ reply: string | null }>(t.app.db, sql`select reply from client_messages`);
    expect(stored?.reply).toBeNull();
  });
});
