import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../../test/app.ts";
import { ADMIN, bearer, createAuthTestApp, signIn } from "../../../../test/auth.ts";
import { engines } from "../../../../test/database.ts";
import { startSmtpServer, type TestSmtp } from "../../../../test/smtp.ts";
import { queryRows } from "../../../db/client.ts";

describe.each(engines)("password reset by email on %s", (engine) => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createAuthTestApp(engine, {
      smtpUrl: smtp.url,
      emailPollMs: 100,
      publicUrl: "https://flores.example",
      passwordResetRateLimit: [{ max: 1000, windowMs: 60_000 }],
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const forgot = (email: string) =>
    t.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email } });
  const reset = (token: string, newPassword: string) =>
    t.app.inject({ method: "POST", url: "/api/auth/reset-password", payload: { token, newPassword } });
  /**
   * The reset emails that arrived after the first `before` emails, once there is one: another test's
   * emails (a sign-in's notice) may still be arriving.
   */
  const resetMailsAfter = async (before: number) => {
    const resets = () =>
      smtp.received.slice(before).filter((mail) => mail.mail.subject?.startsWith("Restablecer tu contraseña"));
    await expect.poll(() => resets().length, { timeout: 10_000 }).toBeGreaterThan(0);
    return resets();
  };
  const linkIn = (text: string) => /https:\/\/flores\.example\/restablecer-contrasena#token=([\w-]+)/.exec(text)?.[1];

  it("answers the same for known and unknown addresses; only the known one gets an email", async () => {
    // Only what this test queues counts (the other tests queue their own emails).
    const [queued] = await queryRows<{ last: number }>(
      t.db.database.db,
      sql`select coalesce(max(id), 0)::int as last from email_outbox`,
    );
    const last = queued?.last ?? 0;
    const before = smtp.received.length;
    const unknown = await forgot("nadie@floraprotect.test");
    const known = await forgot("ADMIN@floraprotect.test");
    expect(unknown.statusCode).toBe(202);
    expect(known.statusCode).toBe(202);
    expect(unknown.json()).toEqual(known.json());
    const [mail] = await resetMailsAfter(before);
    expect(mail?.envelopeTo).toEqual(["admin@floraprotect.test"]);
    expect(mail?.mail.subject).toMatch(/Restablecer tu contraseña/);
    expect(mail?.mail.text).toMatch(/10 minutos/);
    expect(linkIn(mail?.mail.text ?? "")).toBeDefined();
    // Both requests were answered, so whatever they queued is in the outbox: one email, sent once.
    // Nothing is left for the worker to deliver later.
    const outbox = () =>
      queryRows<{ to_address: string; status: string; attempts: number }>(
        t.db.database.db,
        sql`select to_address, status, attempts from email_outbox where id > ${last}`,
      );
    await expect.poll(outbox).toEqual([{ to_address: "admin@floraprotect.test", status: "sent", attempts: 1 }]);
    expect(await resetMailsAfter(before)).toHaveLength(1);
  });

  it("the link sets a new password once, ends every session, and the token is not kept after sending", async () => {
    const before = smtp.received.length;
    const session = await signIn(t.app, ADMIN);
    await forgot("admin@floraprotect.test");
    const mails = await resetMailsAfter(before);
    const token = linkIn(mails.at(-1)?.mail.text ?? "") as string;

    const weak = await reset(token, "password123");
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details[0].path).toBe("newPassword");

    const newPassword = "una-clave-nueva-para-el-crm";
    expect((await reset(token, newPassword)).statusCode).toBe(204);
    const again = await reset(token, "otra-clave-nueva-distinta");
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/no es válido o ya expiró/);

    const me = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: bearer(session.accessToken) });
    expect(me.statusCode).toBe(401);
    const old = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: ADMIN });
    expect(old.statusCode).toBe(401);
    await signIn(t.app, { username: "admin", password: newPassword });

    const rows = await t.db.database.db.execute(
      sql`select payload from email_outbox where kind = 'password_reset' and status = 'sent'`,
    );
    // The token was made as the email left: the outbox never held it.
    for (const row of (rows as unknown as { rows: { payload: unknown }[] }).rows)
      expect(row.payload).toEqual({ userId: expect.any(Number) });

    // Put the original password back for the other tests.
    const fresh = await signIn(t.app, { username: "admin", password: newPassword });
    await t.app.inject({
      method: "POST",
      url: "/api/auth/password",
      headers: bearer(fresh.accessToken),
      payload: { currentPassword: newPassword, newPassword: ADMIN.password },
    });
  });

  it("a link older than 10 minutes, or made up, does not work", async () => {
    const before = smtp.received.length;
    await forgot("admin@floraprotect.test");
    const mails = await resetMailsAfter(before);
    const token = linkIn(mails.at(-1)?.mail.text ?? "") as string;
    await t.db.database.db.execute(sql`update password_resets set expires_at = now() - interval '1 second'`);
    expect((await reset(token, "una-clave-nueva-para-el-crm")).statusCode).toBe(400);
    expect((await reset("inventado", "una-clave-nueva-para-el-crm")).statusCode).toBe(400);
  });

  it("refuses a malformed address with a 400", async () => {
    for (const email of ["", "no-es-correo", "a@b\r\nBcc: x@y.z"]) {
      expect((await forgot(email)).statusCode).toBe(400);
    }
  });
});
