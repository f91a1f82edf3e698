import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { TestApp } from "../app.ts";
import { ADMIN, bearer, createAuthTestApp, createStaff, signIn } from "../auth.ts";
import { engines } from "../database.ts";
import { startSmtpServer, type TestSmtp } from "../smtp.ts";

// No secrets in logs, across a whole session's life at the most verbose level. The shorter check
// of sign-in and refresh alone is in modules/accounts/auth/security.test.ts ("logs").

const JWT_SECRET = "k3Y-para-firmar-tokens-9fQ2xLm7Wv4Zr8Tb1Nc6Hd0";
const SMTP_PASSWORD = "clave-del-correo-S3cr3ta";

describe.each(engines)("secrets stay out of the log on %s", (engine) => {
  let t: TestApp;
  let smtp: TestSmtp;
  const lines: string[] = [];
  beforeAll(async () => {
    smtp = await startSmtpServer();
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    t = await createAuthTestApp(
      engine,
      {
        logLevel: "trace",
        jwtSecret: JWT_SECRET,
        smtpUrl: smtp.url,
        emailPollMs: 50,
        publicUrl: "https://flores.example",
        passwordResetRateLimit: [{ max: 1000, windowMs: 60_000 }],
      },
      stream,
    );
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("a sign-in, refresh, password reset, password change and new account leave no password, token, cookie or key", async () => {
    const secrets: string[] = [JWT_SECRET, ADMIN.password, "clave-equivocada-del-log"];
    const session = await signIn(t.app, ADMIN);
    secrets.push(session.accessToken, session.refreshToken, String(session.cookie));
    await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "admin", password: "clave-equivocada-del-log" },
    });
    const refreshed = await t.app.inject({
      method: "POST",
      url: "/api/auth/refresh-token",
      headers: { cookie: session.cookie ?? "", "x-csrf-protection": "1" },
    });
    expect(refreshed.statusCode).toBe(200);
    const next = refreshed.json();
    secrets.push(next.accessToken);
    const rotated = [refreshed.headers["set-cookie"]].flat().find((line) => line?.startsWith("fp_refresh="));
    secrets.push(String(rotated?.split(";")[0]?.split("=")[1]));

    const staff = await createStaff(t.app, next.accessToken);
    secrets.push(staff.password);

    await t.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email: staff.email } });
    // The reset email to this account (the other tests send theirs to the same server).
    const resetMail = () => smtp.received.find((item) => item.envelopeTo.includes(staff.email));
    await expect.poll(resetMail, { timeout: 10_000 }).toBeDefined();
    const mail = resetMail();
    const resetToken = /#token=([\w-]+)/.exec(mail?.mail.text ?? "")?.[1] ?? "";
    expect(resetToken.length).toBeGreaterThan(20);
    const newPassword = "una-clave-nueva-solo-para-el-log";
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token: resetToken, newPassword },
    });
    expect(reset.statusCode).toBe(204);
    secrets.push(resetToken, newPassword);

    const own = await signIn(t.app, { username: staff.username, password: newPassword });
    const changedPassword = "y-otra-clave-mas-para-el-log";
    const changed = await t.app.inject({
      method: "POST",
      url: "/api/auth/password",
      headers: bearer(own.accessToken),
      payload: { currentPassword: newPassword, newPassword: changedPassword },
    });
    expect(changed.statusCode).toBe(200);
    secrets.push(own.accessToken, own.refreshToken, changedPassword);
    await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie: own.cookie ?? "" } });

    // A query that fails while it holds a token: the error is logged, the token is not.
    const victim = await signIn(t.app, ADMIN);
    secrets.push(victim.refreshToken);
    await t.app.db.execute(sql`alter table refresh_tokens rename to refresh_tokens_hidden`);
    try {
      const failed = await t.app.inject({
        method: "POST",
        url: "/api/auth/refresh-token",
        payload: { refreshToken: victim.refreshToken },
      });
      expect(failed.statusCode).toBe(500);
    } finally {
      await t.app.db.execute(sql`alter table refresh_tokens_hidden rename to refresh_tokens`);
    }

    const log = lines.join("");
    expect(log).toMatch(/"level":50.*refresh_tokens/);
    for (const secret of secrets) {
      expect(secret.length, "a real secret").toBeGreaterThan(8);
      expect(log, `secret ${secret.slice(0, 6)}…`).not.toContain(secret);
    }
    // The log still names every request, so it was not simply empty.
    for (const url of [
      "/api/auth/login",
      "/api/auth/refresh-token",
      "/api/auth/reset-password",
      "/api/auth/password",
    ]) {
      expect(log).toContain(`"url":"${url}"`);
    }
    expect(log).not.toMatch(/authorization|fp_refresh=/i);
  });

  it("logs each request's path and route, never its query string (searched names, emails, ?token=)", async () => {
    const from = lines.length;
    const email = "maria.busqueda@example.com";
    const linkToken = "tok3n-del-enlace-Qx81vLm";
    const { accessToken } = await signIn(t.app, ADMIN);
    const requests = [
      // A CSV export of a search: what staff looked for is in the query.
      { url: `/api/client-message/export?keyword=${encodeURIComponent(email)}&field=all`, auth: true },
      { url: `/api/clients/987654?q=${encodeURIComponent(email)}&token=${linkToken}`, auth: true },
      // Logged only at warn (a probe), but the same serializer would write it.
      { url: `/api/health?token=${linkToken}`, auth: false },
      { url: `/api/no-existe?q=${encodeURIComponent(email)}&token=${linkToken}`, auth: false },
    ];
    for (const { url, auth } of requests) {
      const response = await t.app.inject({ method: "GET", url, headers: auth ? bearer(accessToken) : {} });
      expect(response.statusCode, url).toBeLessThan(500);
    }
    const log = lines.slice(from).join("");
    for (const secret of [email, encodeURIComponent(email), "maria.busqueda", linkToken, "keyword="]) {
      expect(log, secret).not.toContain(secret);
    }
    const logged = lines
      .slice(from)
      .map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string; route?: string } })
      .filter((line) => line.msg === "incoming request")
      .map((line) => line.req);
    // What was asked for is still there: the path, and the route that answered it.
    expect(logged).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ url: "/api/client-message/export", route: "/api/client-message/export" }),
        expect.objectContaining({ url: "/api/clients/987654", route: "/api/clients/:id" }),
        expect.objectContaining({ url: "/api/no-existe" }),
      ]),
    );
  });

  it("an SMTP password in SMTP_URL never reaches the log, even when sending fails", async () => {
    const failing: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        failing.push(String(chunk));
        done();
      },
    });
    const down = await createAuthTestApp(
      engine,
      {
        logLevel: "trace",
        smtpUrl: `smtp://ventas:${SMTP_PASSWORD}@127.0.0.1:9`,
        emailPollMs: 50,
        emailRetryBaseMs: 50,
        passwordResetRateLimit: [{ max: 1000, windowMs: 60_000 }],
      },
      stream,
    );
    try {
      await down.app.inject({
        method: "POST",
        url: "/api/auth/forgot-password",
        payload: { email: "admin@floraprotect.test" },
      });
      await vi.waitFor(() => expect(failing.join("")).toMatch(/"level":(40|50)/), { timeout: 5000 });
      const log = failing.join("");
      expect(log).not.toContain(SMTP_PASSWORD);
    } finally {
      await down.close();
    }
  });
});
