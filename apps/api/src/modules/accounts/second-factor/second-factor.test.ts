import { SECOND_FACTOR_MESSAGES as M } from "@app/shared/constants";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { TestApp } from "../../../../test/app.ts";
import { ADMIN, bearer, createAuthTestApp, createReadyStaff, type LoggedIn, signIn } from "../../../../test/auth.ts";
import { engines } from "../../../../test/database.ts";
import {
  auditEntries,
  awayFromStepEdge,
  codeFor,
  completeStep,
  cookieSet,
  enrolAuthenticator,
  login,
  mailTo,
  securityNotices,
  sessionIdOf,
  startStep,
  wrongCode,
} from "../../../../test/second-factor.ts";
import { startSmtpServer, type TestSmtp } from "../../../../test/smtp.ts";
import { queryRows } from "../../../db/client.ts";
import { authenticatorCode } from "./authenticator-code.ts";

// Issue 15 through HTTP: the authenticator app, recovery codes, the step between password and
// second factor, the security emails and the signed-in devices. Passkeys: passkeys.test.ts; the
// administrators' policy and reset: second-factor-policy.test.ts.

const PUBLIC_URL = "https://crm.floraprotect.test";
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

describe.each(engines)("second factor with an authenticator app on %s", (engine) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let admin: LoggedIn;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createAuthTestApp(engine, {
      smtpUrl: smtp.url,
      emailPollMs: 100,
      publicUrl: PUBLIC_URL,
      // The default: 5 failed sign-ins (passwords or codes) per account in 15 minutes.
      loginAccountLimit: [{ max: 5, windowMs: 15 * 60_000 }],
    });
    admin = await signIn(t.app, ADMIN);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const get = (url: string, accessToken: string) => t.app.inject({ method: "GET", url, headers: bearer(accessToken) });
  const me = (accessToken: string) => get("/api/auth/me", accessToken);

  /** A staff member who signed in and enrolled an authenticator app. */
  async function staffWithAuthenticator() {
    const staff = await createReadyStaff(t.app, admin.accessToken);
    const session = await signIn(t.app, staff);
    const { secret, recoveryCodes } = await enrolAuthenticator(t.app, session.accessToken);
    return { staff, session, secret, recoveryCodes: recoveryCodes ?? [] };
  }

  it("enrols an app: a secret to scan, confirmed by a code, then 10 recovery codes; nothing stored in clear", async () => {
    const staff = await createReadyStaff(t.app, admin.accessToken);
    const { accessToken } = await signIn(t.app, staff);
    const setup = await t.app.inject({
      method: "POST",
      url: "/api/account/authenticator",
      headers: bearer(accessToken),
    });
    expect(setup.statusCode).toBe(200);
    expect(setup.headers["cache-control"]).toBe("no-store");
    const { secret, uri, qrSvg } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(new URL(uri).searchParams.get("secret")).toBe(secret);
    expect(qrSvg).toContain("<svg");

    // Until a code confirms it, it is no factor: the password alone still signs in.
    const before = await get("/api/account/security", accessToken);
    expect(before.json()).toEqual({ passkeys: [], authenticator: null, recoveryCodes: null, required: false });
    expect((await login(t.app, staff)).json().accessToken).toEqual(expect.any(String));

    const confirm = (code: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/account/authenticator/confirm",
        headers: bearer(accessToken),
        payload: { code },
      });
    await awayFromStepEdge();
    const wrong = await confirm(wrongCode(secret));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(M.codeWrong);
    expect((await confirm(codeFor(secret, -2))).statusCode).toBe(400);
    expect((await confirm("12 345")).statusCode).toBe(400);
    // The previous step's code is still good (a clock a little behind), spaces typed are ignored.
    const previous = codeFor(secret, -1);
    const confirmed = await confirm(`${previous.slice(0, 3)} ${previous.slice(3)}`);
    expect(confirmed.statusCode).toBe(200);
    const codes: string[] = confirmed.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);

    const after = (await get("/api/account/security", accessToken)).json();
    expect(after).toMatchObject({
      passkeys: [],
      authenticator: { confirmedAt: expect.any(String) },
      recoveryCodes: { remaining: 10, createdAt: expect.any(String) },
      required: false,
    });
    // The codes are shown once: nothing reads them back.
    expect(JSON.stringify(after)).not.toContain(codes[0]);
    const again = await t.app.inject({
      method: "POST",
      url: "/api/account/authenticator",
      headers: bearer(accessToken),
    });
    expect(again.statusCode).toBe(409);

    const [app] = await queryRows<{ secret: string }>(
      t.db.database.db,
      sql`select secret from authenticator_apps where user_id = ${staff.id}`,
    );
    expect(app?.secret).toMatch(/^v1:/);
    expect(app?.secret).not.toContain(secret);
    expect(app?.secret.toLowerCase()).not.toContain(secret.toLowerCase());
    const stored = await queryRows<{ code_hash: string }>(
      t.db.database.db,
      sql`select code_hash from recovery_codes where user_id = ${staff.id}`,
    );
    expect(stored).toHaveLength(10);
    for (const { code_hash } of stored) {
      expect(code_hash).toMatch(/^[0-9a-f]{64}$/);
      for (const code of codes) expect(code_hash).not.toContain(code.replace("-", ""));
    }
    const mail = await mailTo(smtp, staff.email, "Agregaste un segundo factor");
    expect(mail.text).toContain("la aplicación de autenticación");
  });

  it("signs in in two steps: the password gives a step token, the app's code the session", async () => {
    const { staff, secret } = await staffWithAuthenticator();
    const first = await login(t.app, { ...staff, remember: true });
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toBe("no-store");
    const step = first.json();
    expect(step).toEqual({
      step: "second_factor",
      stepToken: expect.any(String),
      expiresIn: 300,
      methods: ["authenticator", "recovery"],
    });
    expect(cookieSet(first, "fp_refresh")).toBeUndefined();
    expect(cookieSet(first, "fp_device")).toBeUndefined();
    // The step token opens nothing but the second step.
    const asAccess = await me(step.stepToken);
    expect(asAccess.statusCode).toBe(401);

    await awayFromStepEdge();
    const code = codeFor(secret);
    const done = await completeStep(t.app, { stepToken: step.stepToken, method: "authenticator", code });
    expect(done.statusCode).toBe(200);
    expect(done.headers["cache-control"]).toBe("no-store");
    const session = done.json();
    expect(session).toMatchObject({ type: "Bearer", username: staff.username, expiresIn: 900 });
    expect(session.user).toMatchObject({ id: staff.id, mustAddSecondFactor: false });
    expect((await me(session.accessToken)).statusCode).toBe(200);
    // "Recordarme" from the password step: a 30-day cookie.
    const refreshCookie = cookieSet(done, "fp_refresh") ?? "";
    expect(Number(/Max-Age=(\d+)/.exec(refreshCookie)?.[1])).toBeGreaterThan(29 * 24 * 3600);
    expect(cookieSet(done, "fp_device")).toMatch(/HttpOnly/);

    // The step is used once.
    const reused = await completeStep(t.app, {
      stepToken: step.stepToken,
      method: "authenticator",
      code: codeFor(secret, 1),
    });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe(M.stepExpired);

    // And so is the code: a new step with it fails, the app's next code works.
    const next = await startStep(t.app, staff);
    const replayed = await completeStep(t.app, { stepToken: next.stepToken, method: "authenticator", code });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().message).toBe(M.codeWrong);
    const later = await completeStep(t.app, {
      stepToken: next.stepToken,
      method: "authenticator",
      code: codeFor(secret, 1),
    });
    expect(later.statusCode).toBe(200);
    // Without "Recordarme" the cookie ends with the browser.
    expect(cookieSet(later, "fp_refresh")).not.toMatch(/Max-Age/);
    const [entry] = await auditEntries(t.app, admin.accessToken, "login");
    expect(entry).toMatchObject({
      actorUsername: staff.username,
      details: { remember: false, secondFactor: "authenticator" },
    });
  });

  it("accepts a code of the previous 30-second step and refuses one from two steps ago", async () => {
    const { staff, secret } = await staffWithAuthenticator();
    // The last code used was the previous step's (enrolAuthenticator). Two and a half steps later,
    // a code one step old is newer than it: only the clock window decides.
    const enrolledStep = Math.floor(Date.now() / 30_000) - 1;
    const now = (enrolledStep + 3) * 30_000 + 15_000;
    vi.useFakeTimers({ toFake: ["Date"], now });
    try {
      const step = await startStep(t.app, staff);
      const twoAgo = authenticatorCode(secret, now - 60_000);
      const refused = await completeStep(t.app, { stepToken: step.stepToken, method: "authenticator", code: twoAgo });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe(M.codeWrong);
      const previous = authenticatorCode(secret, now - 30_000);
      const accepted = await completeStep(t.app, {
        stepToken: step.stepToken,
        method: "authenticator",
        code: previous,
      });
      expect(accepted.statusCode).toBe(200);
      expect((await me(accepted.json().accessToken)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it("five wrong codes lock the step and count against the account: then 429 with Retry-After", async () => {
    const { staff, secret } = await staffWithAuthenticator();
    const locked = await startStep(t.app, staff);
    const spare = await startStep(t.app, staff);
    await awayFromStepEdge();
    const wrong = wrongCode(secret);
    const attempts = [];
    for (let i = 0; i < 5; i++)
      attempts.push(await completeStep(t.app, { stepToken: locked.stepToken, method: "authenticator", code: wrong }));
    expect(attempts.map((response) => response.statusCode)).toEqual([401, 401, 401, 401, 401]);
    expect(attempts.slice(0, 4).map((response) => response.json().message)).toEqual(Array(4).fill(M.codeWrong));
    expect(attempts[4]?.json().message).toBe(M.stepExpired);

    // Locked: even the right code is refused on it.
    const right = await completeStep(t.app, {
      stepToken: locked.stepToken,
      method: "authenticator",
      code: codeFor(secret),
    });
    expect(right.statusCode).toBe(401);
    expect(right.json().message).toBe(M.stepExpired);
    // The account has had its 5 failures from a device it never signed in from: another open step
    // and the password wait too, longer each time (decision 039).
    const throttled = await completeStep(t.app, {
      stepToken: spare.stepToken,
      method: "authenticator",
      code: codeFor(secret),
    });
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers["retry-after"])).toBeGreaterThan(20);
    expect(Number(throttled.headers["retry-after"])).toBeLessThanOrEqual(30);
    const password = await login(t.app, staff);
    expect(password.statusCode).toBe(429);
    expect(password.json().message).toMatch(/Intenta nuevamente en \d+ segundos/);

    const failures = (await auditEntries(t.app, admin.accessToken, "second_factor_failed")).filter(
      (entry) => entry.actorUsername === staff.username,
    );
    expect(failures).toHaveLength(5);
    expect(failures[0]?.details).toEqual({ method: "authenticator", locked: true, device: "desconocido" });
  });

  it("an expired step is refused; bad second-step bodies are 400s, never 5xx", async () => {
    const { staff, secret } = await staffWithAuthenticator();
    const step = await startStep(t.app, staff);
    await t.db.database.db.execute(
      sql`update auth_challenges set expires_at = now() - interval '1 second' where user_id = ${staff.id} and purpose = 'second_factor'`,
    );
    const expired = await completeStep(t.app, {
      stepToken: step.stepToken,
      method: "authenticator",
      code: codeFor(secret),
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(M.stepExpired);
    const options = await t.app.inject({
      method: "POST",
      url: "/api/auth/second-factor/passkey-options",
      payload: { stepToken: step.stepToken },
    });
    expect(options.statusCode).toBe(401);
    const unknown = await completeStep(t.app, { stepToken: "no-existe", method: "recovery", code: "abcde-23456" });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(M.stepExpired);

    const fresh = await startStep(t.app, staff);
    for (const [payload, message] of [
      [{}, undefined],
      [{ stepToken: fresh.stepToken, method: "authenticator", code: "12345" }, M.codeFormat],
      [{ stepToken: fresh.stepToken, method: "authenticator", code: "" }, M.codeRequired],
      [{ stepToken: fresh.stepToken, method: "recovery", code: "abc" }, M.recoveryFormat],
      [{ stepToken: fresh.stepToken, method: "sms", code: "123456" }, undefined],
      [{ stepToken: fresh.stepToken, method: "authenticator", code: "123456", extra: 1 }, undefined],
      [{ stepToken: fresh.stepToken, method: "passkey", credential: {} }, undefined],
      [{ stepToken: "x".repeat(201), method: "authenticator", code: "123456" }, undefined],
      [{ stepToken: fresh.stepToken, method: "authenticator", code: "12345\u0000" }, undefined],
    ] as const) {
      const response = await completeStep(t.app, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      if (message) expect(response.json().message).toContain(message);
    }
    // None of them counted as a try: the step still takes the right code.
    await awayFromStepEdge();
    const done = await completeStep(t.app, {
      stepToken: fresh.stepToken,
      method: "authenticator",
      code: codeFor(secret),
    });
    expect(done.statusCode).toBe(200);
  });

  it("a recovery code signs in once, the person is emailed; new codes retire the old ones", async () => {
    const { staff, session, recoveryCodes } = await staffWithAuthenticator();
    const [first = "", second = ""] = recoveryCodes;
    const step = await startStep(t.app, staff);
    // As typed from paper: capitals and no dash.
    const used = await completeStep(t.app, {
      stepToken: step.stepToken,
      method: "recovery",
      code: first.toUpperCase().replace("-", ""),
    });
    expect(used.statusCode).toBe(200);
    const mail = await mailTo(smtp, staff.email, "Se usó un código de recuperación");
    expect(mail.text).toContain("Te quedan 9");
    const security = await get("/api/account/security", used.json().accessToken);
    expect(security.json().recoveryCodes.remaining).toBe(9);

    const again = await completeStep(t.app, {
      stepToken: (await startStep(t.app, staff)).stepToken,
      method: "recovery",
      code: first,
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(M.recoveryWrong);

    const regenerated = await t.app.inject({
      method: "POST",
      url: "/api/account/recovery-codes",
      headers: bearer(session.accessToken),
    });
    expect(regenerated.statusCode).toBe(200);
    expect(regenerated.headers["cache-control"]).toBe("no-store");
    const fresh: string[] = regenerated.json().codes;
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => recoveryCodes.includes(code))).toEqual([]);
    const retired = await completeStep(t.app, {
      stepToken: (await startStep(t.app, staff)).stepToken,
      method: "recovery",
      code: second,
    });
    expect(retired.statusCode).toBe(401);
    const renewed = await completeStep(t.app, {
      stepToken: (await startStep(t.app, staff)).stepToken,
      method: "recovery",
      code: fresh[0] ?? "",
    });
    expect(renewed.statusCode).toBe(200);
    const [entry] = await auditEntries(t.app, admin.accessToken, "recovery_code_used");
    expect(entry).toMatchObject({ actorUsername: staff.username, details: { remaining: 9 } });
  });

  it("a code or a recovery code sent on two steps at once signs in once", async () => {
    const { staff, secret, recoveryCodes } = await staffWithAuthenticator();
    const both = async (payload: (stepToken: string) => object) => {
      const [a, b] = [await startStep(t.app, staff), await startStep(t.app, staff)];
      const responses = await Promise.all([
        completeStep(t.app, payload(a.stepToken)),
        completeStep(t.app, payload(b.stepToken)),
      ]);
      return responses.map((response) => response.statusCode).sort();
    };
    await awayFromStepEdge();
    const code = codeFor(secret);
    expect(await both((stepToken) => ({ stepToken, method: "authenticator", code }))).toEqual([200, 401]);
    const recovery = recoveryCodes[0] ?? "";
    expect(await both((stepToken) => ({ stepToken, method: "recovery", code: recovery }))).toEqual([200, 401]);
  });

  it("regenerating recovery codes needs a factor first", async () => {
    const staff = await createReadyStaff(t.app, admin.accessToken);
    const { accessToken } = await signIn(t.app, staff);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/account/recovery-codes",
      headers: bearer(accessToken),
    });
    expect(response.statusCode).toBe(409);
  });

  it("a password reset by email does not skip the second factor", async () => {
    const { staff, secret } = await staffWithAuthenticator();
    const forgot = await t.app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      payload: { email: staff.email },
    });
    expect(forgot.statusCode).toBe(202);
    const mail = await mailTo(smtp, staff.email, "Restablecer tu contraseña");
    const token = new RegExp(`${PUBLIC_URL}/restablecer-contrasena#token=([\\w-]+)`).exec(mail.text ?? "")?.[1];
    expect(token).toBeDefined();
    const newPassword = `${staff.password}-restablecida`;
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, newPassword },
    });
    expect(reset.statusCode).toBe(204);
    const after = await login(t.app, { username: staff.username, password: newPassword });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ step: "second_factor", methods: ["authenticator", "recovery"] });
    expect(after.json().accessToken).toBeUndefined();
    await awayFromStepEdge();
    const done = await completeStep(t.app, {
      stepToken: after.json().stepToken,
      method: "authenticator",
      code: codeFor(secret),
    });
    expect(done.statusCode).toBe(200);
  });

  it("emails 'Nuevo inicio de sesión' for a device never seen, not for one with its device cookie", async () => {
    const staff = await createReadyStaff(t.app, admin.accessToken);
    const from = { ip: "190.152.14.7", headers: { "user-agent": FIREFOX_LINUX } };
    const laptop = await login(t.app, staff, from);
    expect(laptop.statusCode).toBe(200);
    const device = cookieSet(laptop, "fp_device") ?? "";
    expect(device).toMatch(/HttpOnly/);
    expect(device).toMatch(/SameSite=Strict/);
    expect(device).toMatch(/Path=\/api\/auth/);
    expect(device).toMatch(/Max-Age=34560000/);
    expect(await securityNotices(t.app, staff.email)).toEqual(["new_device"]);
    const mail = await mailTo(smtp, staff.email, "Nuevo inicio de sesión");
    expect(mail.text).toContain("Firefox en Linux");
    expect(mail.text).toContain("190.152.14.0/24");

    // The same browser again, with the cookie it got: nothing to report, and no new cookie.
    const cookie = device.split(";")[0] ?? "";
    const again = await login(t.app, staff, { ...from, headers: { ...from.headers, cookie } });
    expect(again.statusCode).toBe(200);
    expect(cookieSet(again, "fp_device")).toBeUndefined();
    expect(await securityNotices(t.app, staff.email)).toEqual(["new_device"]);
    // Another browser is news.
    await login(t.app, staff, { ip: "186.46.9.3", headers: { "user-agent": SAFARI_IPHONE } });
    expect(await securityNotices(t.app, staff.email)).toEqual(["new_device", "new_device"]);
  });

  it("lists the signed-in devices; one can be ended, or all the others", async () => {
    const staff = await createReadyStaff(t.app, admin.accessToken);
    const signInFrom = async (ip: string, userAgent: string) => {
      const response = await login(t.app, staff, { ip, headers: { "user-agent": userAgent } });
      return response.json() as { accessToken: string; refreshToken: string };
    };
    const laptop = await signInFrom("190.152.14.7", FIREFOX_LINUX);
    const phone = await signInFrom("186.46.9.3", SAFARI_IPHONE);
    const list = async () => {
      const response = await get("/api/account/sessions", phone.accessToken);
      expect(response.statusCode).toBe(200);
      return response.json() as { id: string; current: boolean; browser: string; network: string; remember: boolean }[];
    };
    const sessions = await list();
    expect(sessions.filter((session) => session.current).map((session) => session.id)).toEqual([
      sessionIdOf(phone.accessToken),
    ]);
    expect(sessions.find((session) => session.id === sessionIdOf(phone.accessToken))).toMatchObject({
      browser: "Safari en iOS",
      network: "186.46.9.0/24",
      ip: "186.46.9.3",
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      remember: false,
    });
    // Two alike devices are told apart by their address and when they signed in.
    expect(sessions.find((session) => session.id === sessionIdOf(laptop.accessToken))).toMatchObject({
      current: false,
      browser: "Firefox en Linux",
      network: "190.152.14.0/24",
      ip: "190.152.14.7",
    });

    const end = (id: string) =>
      t.app.inject({ method: "DELETE", url: `/api/account/sessions/${id}`, headers: bearer(phone.accessToken) });
    expect((await end(sessionIdOf(laptop.accessToken))).statusCode).toBe(204);
    expect((await me(laptop.accessToken)).statusCode).toBe(401);
    const refreshed = await t.app.inject({
      method: "POST",
      url: "/api/auth/refresh-token",
      payload: { refreshToken: laptop.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
    expect((await list()).map((session) => session.id)).not.toContain(sessionIdOf(laptop.accessToken));
    expect((await end(sessionIdOf(laptop.accessToken))).statusCode).toBe(404);
    // Someone else's session is not theirs to end.
    expect((await end(sessionIdOf(admin.accessToken))).statusCode).toBe(404);
    expect((await me(admin.accessToken)).statusCode).toBe(200);
    expect((await end("no.valido")).statusCode).toBe(400);

    const tablet = await signInFrom("190.152.14.8", FIREFOX_LINUX);
    const open = (await list()).length;
    const others = await t.app.inject({
      method: "POST",
      url: "/api/account/sessions/end-others",
      headers: bearer(phone.accessToken),
    });
    expect(others.statusCode).toBe(200);
    expect(others.json()).toEqual({ ended: open - 1 });
    expect((await me(tablet.accessToken)).statusCode).toBe(401);
    expect((await me(phone.accessToken)).statusCode).toBe(200);
    expect((await list()).map((session) => session.id)).toEqual([sessionIdOf(phone.accessToken)]);
  });
});
