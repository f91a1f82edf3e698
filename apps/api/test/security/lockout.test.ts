import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { queryRows } from "../../src/db/client.ts";
import { endExpiredLocks } from "../../src/modules/accounts/auth/account-lock-job.ts";
import type { TestApp } from "../app.ts";
import { ADMIN, createAuthTestApp, createReadyStaff, signIn } from "../auth.ts";
import { engines } from "../database.ts";
import { auditEntries, cookieSet, login, mailTo, securityNotices } from "../second-factor.ts";
import { startSmtpServer, type TestSmtp } from "../smtp.ts";

// Issue 30: five wrong passwords from anywhere used to lock a staff member out for 15 minutes. Now a
// device that signed in to the account before keeps its own tries; strangers wait longer and longer;
// the lock and its end are audited and the owner is emailed (decision 039).

describe.each(engines)("an account strangers keep guessing, on %s", (engine) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let adminToken: string;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createAuthTestApp(engine, {
      loginAccountLimit: [{ max: 5, windowMs: 15 * 60_000 }],
      smtpUrl: smtp.url,
      emailPollMs: 100,
    });
    adminToken = (await signIn(t.app, ADMIN)).accessToken;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  afterEach(() => vi.useRealTimers());

  /** A staff member and the device cookie of the phone they signed in with. */
  async function staffWithDevice() {
    const staff = await createReadyStaff(t.app, adminToken);
    const first = await login(t.app, staff);
    const device = cookieSet(first, "fp_device")?.split(";")[0];
    if (first.statusCode !== 200 || !device) throw new Error(`no device cookie: ${first.statusCode}`);
    return { staff, device };
  }

  const wrongFromStrangers = async (username: string, times: number) => {
    for (let i = 0; i < times; i++) {
      const response = await login(t.app, { username, password: `adivinanza-${i}` }, { ip: `198.51.100.${i + 1}` });
      expect(response.statusCode).toBe(401);
    }
  };

  it("five wrong passwords from strangers never lock the person out of their own device", async () => {
    const { staff, device } = await staffWithDevice();
    await wrongFromStrangers(staff.username, 5);

    const stranger = await login(t.app, staff, { ip: "203.0.113.7" });
    expect(stranger.statusCode).toBe(429);
    expect(Number(stranger.headers["retry-after"])).toBeGreaterThan(20);
    expect(Number(stranger.headers["retry-after"])).toBeLessThanOrEqual(30);

    const own = await login(t.app, staff, { ip: "203.0.113.8", headers: { cookie: device } });
    expect(own.statusCode).toBe(200);
  });

  it("strangers wait longer after each wrong try: 30 s, then 1 min, never a hard lock", async () => {
    const staff = await createReadyStaff(t.app, adminToken);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now());
    await wrongFromStrangers(staff.username, 5);
    expect((await login(t.app, staff)).statusCode).toBe(429);

    vi.setSystemTime(Date.now() + 31_000);
    expect((await login(t.app, { username: staff.username, password: "otra-adivinanza" })).statusCode).toBe(401);
    const next = await login(t.app, staff);
    expect(next.statusCode).toBe(429);
    expect(Number(next.headers["retry-after"])).toBe(60);

    // Once the wait is over, the right password signs in, even from a stranger's device.
    vi.setSystemTime(Date.now() + 61_000);
    expect((await login(t.app, staff)).statusCode).toBe(200);
  });

  it("audits the lock and its end, and tells the account's owner by email", async () => {
    const staff = await createReadyStaff(t.app, adminToken);
    await wrongFromStrangers(staff.username, 5);
    const [locked] = (await auditEntries(t.app, adminToken, "account_locked")).filter(
      (entry) => entry.targetUsername === staff.username,
    );
    expect(locked?.details).toMatchObject({ failures: 5 });
    expect(await securityNotices(t.app, staff.email)).toContain("account_locked");
    const mail = await mailTo(smtp, staff.email, "Intentos fallidos de iniciar sesión en tu cuenta");
    expect(mail.text).toContain("hubo 5 intentos fallidos");
    expect(mail.text).toContain("En los dispositivos donde ya iniciaste sesión puedes entrar como siempre.");

    // More guesses move the lock's end on, and do not email again.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 31_000);
    await wrongFromStrangers(staff.username, 1);
    vi.useRealTimers();
    expect((await securityNotices(t.app, staff.email)).filter((event) => event === "account_locked")).toHaveLength(1);

    // Nobody tries any more: the lock runs out and its end is audited by the sweep.
    await t.db.database.db.execute(sql`update account_locks set until = now() - interval '1 second'`);
    expect(await endExpiredLocks(t.app.db)).toBeGreaterThanOrEqual(1);
    const [ended] = (await auditEntries(t.app, adminToken, "account_unlocked")).filter(
      (entry) => entry.targetUsername === staff.username,
    );
    expect(ended?.details).toMatchObject({ reason: "expired", failures: 6 });
    const rows = await queryRows<{ count: number }>(t.app.db, sql`select count(*)::int as count from account_locks`);
    expect(rows[0]?.count).toBe(0);
  });

  it("a stranger's right password after the wait ends the lock, audited as signed in", async () => {
    const staff = await createReadyStaff(t.app, adminToken);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now());
    await wrongFromStrangers(staff.username, 5);
    vi.setSystemTime(Date.now() + 31_000);
    expect((await login(t.app, staff, { ip: "203.0.113.9" })).statusCode).toBe(200);
    vi.useRealTimers();
    const [ended] = (await auditEntries(t.app, adminToken, "account_unlocked")).filter(
      (entry) => entry.targetUsername === staff.username,
    );
    expect(ended?.details).toMatchObject({ reason: "signed_in" });
  });

  it("an unknown name is slowed exactly like a real account: a 429 tells nothing", async () => {
    await wrongFromStrangers("nadie-con-este-nombre", 5);
    const unknown = await login(t.app, { username: "nadie-con-este-nombre", password: "otra" });
    expect(unknown.statusCode).toBe(429);
    expect(Number(unknown.headers["retry-after"])).toBeGreaterThan(20);
  });
});
