import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { contactRequest, postContact } from "../../../test/contact.ts";
import { engines } from "../../../test/database.ts";
import { freePort, startSmtpServer, type TestSmtp } from "../../../test/smtp.ts";
import { queryRows } from "../../db/client.ts";
import { createSmtpMailer } from "./mailer.ts";
import { retryDelayMs } from "./outbox.ts";

type OutboxRow = { kind: string; status: string; attempts: number; last_error: string | null };

const outboxRows = (t: TestApp) =>
  queryRows<OutboxRow>(t.app.db, sql`select kind, status, attempts, last_error from email_outbox order by kind`);

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error("condition not reached in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(engines)("email outbox with a real SMTP server (%s)", (engine) => {
  let t: TestApp | undefined;
  let smtp: TestSmtp | undefined;
  afterEach(async () => {
    await t?.close();
    await smtp?.close();
    t = undefined;
    smtp = undefined;
  });

  const appWith = (smtpUrl: string) =>
    createTestApp(engine, {
      smtpUrl,
      mailFrom: "FloraPro Ecuador <no-reply@florapro.test>",
      staffNotifyEmail: "ventas@florapro.test",
      contactRateLimit: [{ max: 1000, windowMs: 60_000 }],
      emailPollMs: 100,
      emailRetryBaseMs: 100,
    });

  it("notifies the staff with what they typed escaped, and confirms to the sender in our own words", async () => {
    smtp = await startSmtpServer();
    t = await appWith(smtp.url);
    const response = await postContact(
      t.app,
      contactRequest({
        message: "Necesito <b>precios</b> & fechas\npara la temporada de San Valentín.",
        consent: true,
        fillTimeMs: 40_000,
        source: { page: "/productos/danisaraba" },
      }),
    );
    expect(response.statusCode).toBe(201);
    const mails = await smtp.waitFor(2);
    const staff = mails.find((item) => item.envelopeTo.includes("ventas@florapro.test"));
    const confirmation = mails.find((item) => item.envelopeTo.includes("maria@rosasdelvalle.ec"));

    expect(staff?.envelopeTo).toEqual(["ventas@florapro.test"]);
    expect(staff?.mail.subject).toBe("Nueva solicitud de contacto: María Quishpe (Rosas del Valle)");
    expect(staff?.mail.replyTo?.text).toBe("maria@rosasdelvalle.ec");
    expect(staff?.mail.from?.text).toBe('"FloraPro Ecuador" <no-reply@florapro.test>');
    // As dialled in Ecuador, where staff read it (decision 048).
    expect(staff?.mail.text).toContain("Teléfono: 099 123 4567");
    expect(staff?.mail.text).toContain("Productos o servicios: Chrysal RVB y RVB Clear, Sea Freight Service");
    expect(staff?.mail.text).toContain("Enviado desde: /productos/danisaraba");
    expect(staff?.mail.html).toContain("Necesito &lt;b&gt;precios&lt;/b&gt; &amp; fechas<br>para la temporada");
    expect(staff?.mail.html).not.toContain("<b>precios</b>");

    expect(confirmation?.envelopeTo).toEqual(["maria@rosasdelvalle.ec"]);
    expect(confirmation?.mail.subject).toBe("Hemos recibido tu mensaje - FloraPro Ecuador");
    // Nothing the visitor typed goes back to the typed address (decision 045).
    expect(confirmation?.mail.text).toMatch(/^Hola:\n/);
    expect(confirmation?.mail.text).not.toContain("María");
    expect(confirmation?.mail.text).not.toContain("precios");
    expect(confirmation?.mail.text).toContain("te responderemos en menos de 24 horas");
    expect(confirmation?.mail.text).toContain(
      "Nos pediste información sobre: Chrysal RVB y RVB Clear, Sea Freight Service.",
    );

    await waitUntil(async () => (await outboxRows(t as TestApp)).every((row) => row.status === "sent"));
  });

  it("keeps emails while the mail server is down and delivers them once it is back: nothing lost", async () => {
    const port = await freePort();
    t = await appWith(`smtp://127.0.0.1:${port}`);
    expect((await postContact(t.app, contactRequest())).statusCode).toBe(201);

    // The submission succeeded although no email could go out; the outbox says why and will retry.
    await waitUntil(async () => (await outboxRows(t as TestApp)).every((row) => row.attempts >= 2));
    const waiting = await outboxRows(t);
    expect(waiting).toHaveLength(2);
    for (const row of waiting) {
      expect(["pending", "sending"]).toContain(row.status);
      expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
    }

    smtp = await startSmtpServer(port);
    const mails = await smtp.waitFor(2, 15_000);
    expect(mails.flatMap((item) => item.envelopeTo).sort()).toEqual(["maria@rosasdelvalle.ec", "ventas@florapro.test"]);
    await waitUntil(async () => (await outboxRows(t as TestApp)).every((row) => row.status === "sent"));
    expect(smtp.received).toHaveLength(2);
  });
});

describe("mailer", () => {
  it("cannot be made to add recipients or headers through a line break", async () => {
    const smtp = await startSmtpServer();
    const mailer = createSmtpMailer(smtp.url, "FloraPro <no-reply@florapro.test>");
    try {
      await mailer.send({
        to: "ventas@florapro.test",
        replyTo: "maria@finca.ec\r\nBcc: victima@example.com",
        messageId: "<3f2a@florapro.test>",
        inReplyTo: "<previo@finca.ec>\r\nX-Injected: yes",
        references: ["<previo@finca.ec>\r\nBcc: victima@example.com"],
        subject: "Hola\r\nBcc: victima@example.com\r\nX-Injected: yes",
        text: "cuerpo",
        html: "<p>cuerpo</p>",
      });
      const [received] = await smtp.waitFor(1);
      expect(received?.envelopeTo).toEqual(["ventas@florapro.test"]);
      expect(received?.mail.bcc).toBeUndefined();
      expect(received?.mail.headers.has("x-injected")).toBe(false);
      expect(received?.raw).not.toMatch(/^Bcc:/im);
      expect(received?.raw).not.toMatch(/^X-Injected:/im);
    } finally {
      mailer.close();
      await smtp.close();
    }
  });
});

describe("retry delays", () => {
  it("double from the base, with jitter, up to an hour", () => {
    const middle = () => 0.5;
    expect(retryDelayMs(1, 15_000, middle)).toBe(15_000);
    expect(retryDelayMs(2, 15_000, middle)).toBe(30_000);
    expect(retryDelayMs(5, 15_000, middle)).toBe(240_000);
    expect(retryDelayMs(30, 15_000, middle)).toBe(3_600_000);
    expect(retryDelayMs(1, 15_000, () => 0)).toBe(12_000);
    expect(retryDelayMs(1, 15_000, () => 1)).toBe(18_000);
  });
});
