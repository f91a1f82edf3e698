import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/app.ts";
import { ADMIN, bearer, createAuthTestApp, signIn } from "../../../test/auth.ts";
import { contactRequest, postContact } from "../../../test/contact.ts";
import { engines } from "../../../test/database.ts";
import { bounceEmail, type RawEmailOptions, rawEmail } from "../../../test/mail.ts";
import { type ReceivedMail, startSmtpServer, type TestSmtp } from "../../../test/smtp.ts";
import { queryRows } from "../../db/client.ts";
import { importEmail } from "./import-email.ts";
import { parseEmail } from "./parse-email.ts";

// What the independent security test found (issue 30): forged emails joined a contact's
// conversation as their answers, and anyone could mark our emails bounced. Real emails, parsed as
// the mailbox reader parses them, imported into a real database; staff emails read at a real SMTP peer.

const MAILBOX = "ventas@floricola.test";
const STAFF = "equipo@florapro.test";
/** Our receiving mail server (INBOUND_AUTHSERV_ID). */
const OUR_SERVER = "mx.floricola.test";
const CLIENT = "maria@rosasdelvalle.ec";
const STRANGER = "extrano@attacker.example";

type MessageRow = {
  id: number;
  client_id: number;
  message: string;
  status: string;
  review_reasons: string[];
  email_from: string | null;
};

describe.each(engines)("emails received in the shared mailbox, judged by who sent them (%s)", (engine) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let token = "";
  let clientId = 0;
  /** The Message-ID of the form's confirmation to María: ours, in her thread. */
  let confirmationId = "";
  let uid = 0;
  let adminToken = "";

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createAuthTestApp(engine, {
      smtpUrl: smtp.url,
      mailFrom: "FloraPro Ecuador <no-reply@florapro.test>",
      staffNotifyEmail: STAFF,
      contactRateLimit: [{ max: 1000, windowMs: 60_000 }],
      emailPollMs: 100,
      emailRetryBaseMs: 100,
    });
    expect((await postContact(t.app, contactRequest({ consent: true, fillTimeMs: 40_000 }))).statusCode).toBe(201);
    const [contact] = await queryRows<{ id: number; reply_token: string }>(
      t.app.db,
      sql`select id, reply_token from clients`,
    );
    token = contact?.reply_token ?? "";
    clientId = contact?.id ?? 0;
    const confirmation = (await smtp.waitFor(2)).find((item) => item.envelopeTo.includes(CLIENT));
    confirmationId = confirmation?.mail.messageId ?? "";
    expect(confirmationId).toMatch(/^<[0-9a-f-]{36}@florapro\.test>$/);
    adminToken = (await signIn(t.app, ADMIN)).accessToken;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** An email arriving in the mailbox, read and imported as the mailbox reader does. */
  async function receive(options: RawEmailOptions, authservIds = [OUR_SERVER]) {
    const { raw } = rawEmail(options);
    uid += 1;
    return importEmail(
      t.app.db,
      { mailbox: "INBOX", uidValidity: 1, uid, size: raw.length },
      await parseEmail(Buffer.from(raw)),
      { mailboxAddress: MAILBOX, staffNotifyEmail: STAFF, authservIds },
    );
  }

  async function message(id: number) {
    const [row] = await queryRows<MessageRow>(
      t.app.db,
      sql`select id::int as id, client_id, message, status, review_reasons, email_from from client_messages where id = ${id}`,
    );
    return row;
  }

  /** The staff email about the received message `messageId`, as the SMTP peer got it. */
  async function staffEmailAbout(text: string): Promise<ReceivedMail> {
    t.app.outbox.kick();
    const started = Date.now();
    for (;;) {
      const found = smtp.received.find((item) => item.envelopeTo.includes(STAFF) && item.mail.text?.includes(text));
      if (found) return found;
      if (Date.now() - started > 10_000) throw new Error(`no staff email saying ${text}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  const conversationAddress = () => `ventas+${token}@floricola.test`;
  const ourServer = (results: string) => `Authentication-Results: ${OUR_SERVER}; ${results}`;

  it("joins a client's answer from their own address as Pendiente; the staff email names the From", async () => {
    const result = await receive({
      from: `María Quishpe <${CLIENT}>`,
      to: conversationAddress(),
      subject: "Re: Gracias por escribirnos",
      inReplyTo: confirmationId,
      text: "Perfecto, espero la cotización.",
    });
    expect(result).toMatchObject({ outcome: "imported", clientId, newClient: false, inReview: false });
    const row = await message(result.outcome === "imported" ? result.messageId : 0);
    expect(row).toMatchObject({ client_id: clientId, status: "pendiente", review_reasons: [], email_from: CLIENT });
    const notice = await staffEmailAbout("Perfecto, espero la cotización.");
    expect(notice.mail.text).toContain(`María Quishpe <${CLIENT}> respondió por correo.`);
    expect(notice.mail.text).toContain(`De: ${CLIENT}`);
  });

  it("keeps the tester's three forgeries in Por revisar of the client's conversation, naming the real sender", async () => {
    // 1. The contact's address as From, without token or thread; our server says SPF and DMARC failed.
    const spoofed = await receive({
      from: `María Quishpe <${CLIENT}>`,
      to: MAILBOX,
      subject: "Nueva cuenta bancaria",
      text: "Por favor paguen la factura a la cuenta 0011223344 del Banco Ejemplo.",
      trace: [ourServer(`spf=fail smtp.mailfrom=${STRANGER}; dkim=none; dmarc=fail header.from=rosasdelvalle.ec`)],
    });
    // 2. A stranger writing to the conversation's plus address.
    const toToken = await receive({
      from: `María Quishpe <${STRANGER}>`,
      to: conversationAddress(),
      subject: "Re: Gracias por escribirnos",
      text: "Cambiamos de banco: transfieran a la cuenta 999.",
    });
    // 3. A stranger answering one of our Message-IDs.
    const toThread = await receive({
      from: STRANGER,
      to: MAILBOX,
      subject: "Re: Gracias por escribirnos",
      inReplyTo: confirmationId,
      references: [confirmationId],
      text: "Adjuntamos la factura actualizada.",
    });
    const rows = await Promise.all(
      [spoofed, toToken, toThread].map((result) => {
        expect(result).toMatchObject({ outcome: "imported", clientId, newClient: false, inReview: true });
        return message(result.outcome === "imported" ? result.messageId : 0);
      }),
    );
    expect(rows.map((row) => [row?.client_id, row?.review_reasons, row?.email_from])).toEqual([
      [clientId, ["sender_unverified"], CLIENT],
      [clientId, ["sender_mismatch"], STRANGER],
      [clientId, ["sender_mismatch"], STRANGER],
    ]);

    // Not in the main list as Pendiente: in Por revisar, where staff accept or discard them.
    const list = async (view: string) =>
      (
        await t.app.inject({
          method: "GET",
          url: `/api/client-message?view=${view}&clientId=${clientId}&size=50`,
          headers: bearer(adminToken),
        })
      ).json().content[0]?.messages as { id: number; inReview: boolean; reviewReasons: string[] }[];
    const ids = rows.map((row) => row?.id);
    expect((await list("main")).some((item) => ids.includes(item.id))).toBe(false);
    expect((await list("review")).filter((item) => ids.includes(item.id)).map((item) => item.reviewReasons)).toEqual(
      expect.arrayContaining([["sender_unverified"], ["sender_mismatch"], ["sender_mismatch"]]),
    );

    // The staff emails never say the contact answered, and name the address that wrote.
    const mismatch = await staffEmailAbout("Cambiamos de banco");
    expect(mismatch.mail.subject).toBe(`Correo por revisar de ${STRANGER}: Re: Gracias por escribirnos`);
    expect(mismatch.mail.text).toContain(
      `Llegó un correo de ${STRANGER} en la conversación con María Quishpe <${CLIENT}>, pero no lo envió la dirección del contacto: espera en Por revisar (remitente distinto).`,
    );
    expect(mismatch.mail.text).toContain(`De: ${STRANGER}`);
    expect(mismatch.mail.text).not.toContain("respondió por correo");
    const unverified = await staffEmailAbout("Banco Ejemplo");
    expect(unverified.mail.text).toContain("(remitente no verificado)");
    expect(unverified.mail.text).not.toContain("respondió por correo");

    // The existing actions work for them: accepting joins the main list, discarding keeps the contact.
    const accepted = await t.app.inject({
      method: "POST",
      url: `/api/client-message/${ids[2]}/accept`,
      headers: bearer(adminToken),
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ inReview: false, status: "pendiente" });
    const discarded = await t.app.inject({
      method: "DELETE",
      url: `/api/client-message/${ids[1]}`,
      headers: bearer(adminToken),
    });
    expect(discarded.statusCode).toBe(204);
    expect((await list("main")).map((item) => item.id)).toContain(ids[2]);
    expect(await message(ids[1] ?? 0)).toBeUndefined();
    const [{ count } = { count: 0 }] = await queryRows<{ count: number }>(
      t.app.db,
      sql`select count(*)::int as count from clients where id = ${clientId}`,
    );
    expect(count).toBe(1);
  });

  it("joins a sender-only match when our server vouches for the sender, never on a forged header", async () => {
    const fresh = (subject: string, trace: string[], authservIds?: string[]) =>
      receive({ from: `María Quishpe <${CLIENT}>`, to: MAILBOX, subject, text: subject, trace }, authservIds);
    const reasons = async (result: Awaited<ReturnType<typeof receive>>) =>
      (await message(result.outcome === "imported" ? result.messageId : 0))?.review_reasons;

    // Our server's DMARC pass, or an aligned DKIM pass where it does not evaluate DMARC.
    expect(
      await reasons(await fresh("Pedido de mayo", [ourServer("dmarc=pass header.from=rosasdelvalle.ec")])),
    ).toEqual([]);
    expect(await reasons(await fresh("Pedido de junio", [ourServer("dkim=pass header.d=rosasdelvalle.ec")]))).toEqual(
      [],
    );
    // The sender's own "dmarc=pass", written under our server's real header, and one naming another server.
    const forged = [
      ourServer(`spf=softfail smtp.mailfrom=${STRANGER}; dmarc=none`),
      "Received: from attacker.example by mx.floricola.test",
      ourServer("dmarc=pass header.from=rosasdelvalle.ec"),
    ];
    expect(await reasons(await fresh("Pedido falso 1", forged))).toEqual(["sender_unverified"]);
    expect(await reasons(await fresh("Pedido falso 2", ["Authentication-Results: mx.google.com; dmarc=pass"]))).toEqual(
      ["sender_unverified"],
    );
    // Without INBOUND_AUTHSERV_ID no sender is verified.
    expect(
      await reasons(
        await fresh("Pedido sin configuración", [ourServer("dmarc=pass header.from=rosasdelvalle.ec")], []),
      ),
    ).toEqual(["sender_unverified"]);
    // Nor when the token is right and the From's own domain says it is forged.
    const denied = await receive({
      from: CLIENT,
      to: conversationAddress(),
      subject: "Re: cotización",
      text: "Otra cuenta",
      trace: [ourServer("dmarc=fail header.from=rosasdelvalle.ec")],
    });
    expect(await reasons(denied)).toEqual(["sender_unverified"]);
  });

  it("marks a reply bounced only by an RFC 3464 report naming its recipient, with the report's reason", async () => {
    const [asked] = await queryRows<{ id: number }>(
      t.app.db,
      sql`select id::int as id from client_messages where client_id = ${clientId} and origin = 'web'`,
    );
    const replied = await t.app.inject({
      method: "POST",
      url: `/api/client-message/${asked?.id}/reply`,
      headers: bearer(adminToken),
      payload: { reply: "Le enviamos la cotización." },
    });
    expect(replied.statusCode).toBe(200);
    t.app.outbox.kick();
    const started = Date.now();
    let replyId: string | undefined;
    while (!replyId) {
      replyId = smtp.received.find(
        (item) => item.envelopeTo.includes(CLIENT) && item.mail.text?.includes("cotización."),
      )?.mail.messageId;
      if (Date.now() - started > 10_000) throw new Error("the reply was not sent");
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const delivery = async () => {
      const emails = await t.app.inject({
        method: "GET",
        url: `/api/clients/${clientId}/emails`,
        headers: bearer(adminToken),
      });
      return emails.json().messages.find((item: { messageId: number }) => item.messageId === asked?.id)?.replyDelivery;
    };
    await expect.poll(async () => (await delivery())?.status).toBe("sent");
    const deliveryReport = (options: Partial<Parameters<typeof bounceEmail>[0]>) => {
      uid += 1;
      const raw = bounceEmail({ to: MAILBOX, returnedId: replyId ?? "", recipient: CLIENT, ...options });
      return parseEmail(Buffer.from(raw)).then((email) =>
        importEmail(t.app.db, { mailbox: "INBOX", uidValidity: 1, uid, size: raw.length }, email, {
          mailboxAddress: MAILBOX,
          staffNotifyEmail: STAFF,
          authservIds: [OUR_SERVER],
        }),
      );
    };

    // The tester's fake: a bounce's subject, our Message-ID and a "reason" in its text.
    const fake = await receive({
      from: `Mail Delivery System <${STRANGER}>`,
      to: MAILBOX,
      subject: "Undelivered Mail Returned to Sender",
      text: `Message-ID: ${replyId}\nDiagnostic-Code: smtp; 550 Cuenta cerrada: pague a la cuenta 999`,
    });
    expect(fake).toMatchObject({ outcome: "imported", inReview: true });
    // A real-looking report about another address, and a report that the email is only late.
    expect(await deliveryReport({ recipient: "otra.persona@finca.test" })).toMatchObject({ outcome: "set_aside" });
    expect(await deliveryReport({ action: "delayed" })).toMatchObject({ outcome: "set_aside" });
    expect(await delivery()).toMatchObject({ status: "sent" });
    expect((await delivery()).serverAnswer).not.toContain("Cuenta cerrada");

    // The mail server's own report: Rebotado, with its Diagnostic-Code.
    expect(await deliveryReport({ returned: "message" })).toMatchObject({ outcome: "bounce", messageId: asked?.id });
    expect(await delivery()).toMatchObject({
      status: "bounced",
      serverAnswer: `550 5.1.1 <${CLIENT}>: Recipient address rejected: User unknown`,
    });
  });

  it("keeps the words of an HTML-only email that came with a file", async () => {
    const result = await receive({
      from: `María Quishpe <${CLIENT}>`,
      to: conversationAddress(),
      subject: "Foto",
      html: "<p>Buenos días,</p><p>adjunto la <b>foto</b> del cultivo.</p>",
      attachments: [{ filename: "cultivo.jpg", contentType: "image/jpeg", content: Buffer.from([0xff, 0xd8, 0xff]) }],
    });
    const row = await message(result.outcome === "imported" ? result.messageId : 0);
    expect(row?.message).toBe("Buenos días,\n\nadjunto la foto del cultivo.");
    expect(row?.review_reasons).toEqual([]);
  });

  it("forgets the senders of a contact's emails when the contact is anonymised", async () => {
    // A contact of its own: María's conversation stays for the other tests.
    const other = "jorge@claveles.ec";
    expect((await postContact(t.app, contactRequest({ email: other }))).statusCode).toBe(201);
    const [contact] = await queryRows<{ id: number; reply_token: string }>(
      t.app.db,
      sql`select id, reply_token from clients where email = ${other}`,
    );
    const otherId = contact?.id ?? 0;
    const answer = await receive({
      from: other,
      to: `ventas+${contact?.reply_token}@floricola.test`,
      subject: "Gracias",
      text: "Gracias",
    });
    expect(answer.outcome).toBe("imported");
    const anonymised = await t.app.inject({
      method: "POST",
      url: `/api/clients/${otherId}/anonymise`,
      headers: bearer(adminToken),
    });
    expect(anonymised.statusCode).toBe(200);
    expect((await message(answer.outcome === "imported" ? answer.messageId : 0))?.email_from).toBeNull();
    const [{ kept } = { kept: -1 }] = await queryRows<{ kept: number }>(
      t.app.db,
      sql`select count(*)::int as kept from client_messages where client_id = ${otherId} and email_from is not null`,
    );
    expect(kept).toBe(0);
  });
});
