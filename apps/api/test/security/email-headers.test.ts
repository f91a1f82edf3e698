import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../app.ts";
import { ADMIN, bearer, createAuthTestApp, signIn } from "../auth.ts";
import { contactRequest, countRows, postContact } from "../contact.ts";
import { engines } from "../database.ts";
import { startSmtpServer, type TestSmtp } from "../smtp.ts";

// Email header injection, end to end: what a visitor or staff type reaches a real SMTP server only
// as text. The mailer's own guard is tested in modules/email/outbox.test.ts ("mailer").

const STAFF_INBOX = "ventas@florapro.test";
const VICTIM = "victima@example.com";

/** Every way a field could try to start a new header line. */
const BREAKS = ["\r\n", "\n", "\r", "\u2028", "\u0000"];

/** Proves a received email has only the headers and recipients the application meant. */
function expectNoInjectedHeaders(raw: string, envelopeTo: string[], intended: string[]) {
  expect(envelopeTo).toEqual(intended);
  const headers = raw.slice(0, raw.indexOf("\r\n\r\n"));
  expect(headers).not.toMatch(/^(bcc|cc|x-injected|content-type: text\/html; charset=evil)/im);
  expect(raw).not.toContain(VICTIM.replace("@", "@\r\n"));
  for (const line of headers.split("\r\n")) expect(line.length).toBeLessThanOrEqual(998);
}

describe.each(engines)("email header injection on %s", (engine) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let token: string;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createAuthTestApp(engine, {
      smtpUrl: smtp.url,
      mailFrom: "FloraPro Ecuador <no-reply@florapro.test>",
      staffNotifyEmail: STAFF_INBOX,
      contactRateLimit: [{ max: 1_000_000, windowMs: 60_000 }],
      passwordResetRateLimit: [{ max: 1_000_000, windowMs: 60_000 }],
      emailPollMs: 50,
      emailRetryBaseMs: 50,
    });
    token = (await signIn(t.app, ADMIN)).accessToken;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("refuses a line break in every single-line field of the contact form, so no email is queued", async () => {
    const fields = ["firstName", "lastName", "email", "countryCode", "phone", "company", "serviceList"];
    const queued = await countRows(t.db.database.db, "email_outbox");
    const delivered = smtp.received.length;
    for (const field of fields) {
      for (const lineBreak of BREAKS) {
        const value = `${contactRequest()[field as "firstName"]}${lineBreak}Bcc: ${VICTIM}`;
        const response = await postContact(t.app, contactRequest({ [field]: value }));
        expect(response.statusCode, `${field} ${JSON.stringify(lineBreak)}`).toBe(400);
      }
    }
    for (const email of [`maria@finca.ec,${VICTIM}`, `maria@finca.ec;${VICTIM}`, `"${VICTIM}"<maria@finca.ec>`]) {
      expect((await postContact(t.app, contactRequest({ email }))).statusCode, email).toBe(400);
    }
    // Every refusal was answered, so anything it queued would be in the outbox by now: nothing is.
    expect(await countRows(t.db.database.db, "email_outbox")).toBe(queued);
    expect(smtp.received.slice(delivered)).toEqual([]);
  });

  it("sends what is accepted as text only: header-like words, encoded words and a multi-line message", async () => {
    const before = smtp.received.length;
    const response = await postContact(
      t.app,
      contactRequest({
        firstName: "=?UTF-8?Q?Mar=C3=ADa=0D=0ABcc:_victima@example.com?=",
        lastName: `Quishpe Bcc: ${VICTIM}`,
        company: "Rosas X-Injected: yes",
        email: "maria@finca.ec",
        message: `Hola\r\nBcc: ${VICTIM}\r\n\r\n--boundary\r\nContent-Type: text/html; charset=evil\r\n\r\n<script>x</script>`,
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const mails = (await smtp.waitFor(before + 2)).slice(before);
    const staff = mails.find((item) => item.envelopeTo.includes(STAFF_INBOX));
    const confirmation = mails.find((item) => item.envelopeTo.includes("maria@finca.ec"));
    expectNoInjectedHeaders(staff?.raw ?? "", staff?.envelopeTo ?? [], [STAFF_INBOX]);
    expectNoInjectedHeaders(confirmation?.raw ?? "", confirmation?.envelopeTo ?? [], ["maria@finca.ec"]);
    expect(staff?.mail.bcc).toBeUndefined();
    expect(staff?.mail.headers.has("x-injected")).toBe(false);
    expect(staff?.mail.replyTo?.value.map((address) => address.address)).toEqual(["maria@finca.ec"]);
    // The subject carries the name exactly as typed, not decoded into a second header.
    expect(staff?.mail.subject).toContain("=?UTF-8?Q?Mar=C3=ADa=0D=0ABcc:_victima@example.com?=");
    expect(staff?.mail.text).toContain(`Bcc: ${VICTIM}`);
    expect(staff?.mail.html).not.toContain("<script>");
    expect(staff?.mail.attachments).toEqual([]);
  });

  it("sends a staff reply with header lines in it as body text, to the client only", async () => {
    const before = smtp.received.length;
    // Another address than the test above's: an address is confirmed once a day (decision 045).
    expect((await postContact(t.app, contactRequest({ email: "lucia@finca.ec" }))).statusCode).toBe(201);
    const list = await t.app.inject({ method: "GET", url: "/api/client-message", headers: bearer(token) });
    const messageId = list.json().content[0].messages[0].id;
    // The staff notification and the confirmation of that request come first.
    await smtp.waitFor(before + 2);
    const reply = `Estimada María:\r\nBcc: ${VICTIM}\r\nSubject: otro\r\n\r\nGracias.`;
    const replied = await t.app.inject({
      method: "POST",
      url: `/api/client-message/${messageId}/reply`,
      headers: bearer(token),
      payload: { reply },
    });
    expect(replied.statusCode, replied.body).toBe(200);
    const [mail] = (await smtp.waitFor(before + 3)).slice(before + 2);
    expectNoInjectedHeaders(mail?.raw ?? "", mail?.envelopeTo ?? [], ["lucia@finca.ec"]);
    expect(mail?.mail.subject).toBe("Respuesta a tu solicitud - FloraPro Ecuador");
    expect(mail?.mail.text).toContain(`Bcc: ${VICTIM}`);
  });

  it("refuses a line break in the address of a password reset", async () => {
    for (const lineBreak of BREAKS) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/auth/forgot-password",
        payload: { email: `admin@floraprotect.test${lineBreak}Bcc: ${VICTIM}` },
      });
      expect(response.statusCode, JSON.stringify(lineBreak)).toBe(400);
    }
  });
});
