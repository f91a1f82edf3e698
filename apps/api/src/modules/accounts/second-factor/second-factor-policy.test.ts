import { SECOND_FACTOR_MESSAGES as M } from "@app/shared/constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../../test/app.ts";
import { ADMIN, bearer, createAuthTestApp, createReadyStaff, type LoggedIn, signIn } from "../../../../test/auth.ts";
import { engines } from "../../../../test/database.ts";
import { addPasskey, auditEntries, enrolAuthenticator, login, mailTo } from "../../../../test/second-factor.ts";
import { startSmtpServer, type TestSmtp } from "../../../../test/smtp.ts";
import { softwarePasskey } from "./test-authenticator.ts";

// The administrators' side of issue 15: a second factor required of everybody, and a reset of
// someone's factors. The policy is global, so it has its own app.

const PUBLIC_URL = "https://crm.floraprotect.test";

describe.each(engines)("second-factor policy and reset on %s", (engine) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let admin: LoggedIn;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createAuthTestApp(engine, { smtpUrl: smtp.url, emailPollMs: 100, publicUrl: PUBLIC_URL });
    admin = await signIn(t.app, ADMIN);
    // The administrator protects their own account first, as the policy screen advises.
    await enrolAuthenticator(t.app, admin.accessToken);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const call = (method: "GET" | "PUT" | "POST" | "DELETE", url: string, accessToken: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(accessToken), ...(payload ? { payload } : {}) });
  const setPolicy = (required: boolean, accessToken = admin.accessToken) =>
    call("PUT", "/api/users/second-factor-policy", accessToken, { required });
  const crm = (accessToken: string) => call("GET", "/api/client-message", accessToken);
  const heldBack = (response: { statusCode: number; json: () => { error: string; message: string } }) => {
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: "Second Factor Required", message: M.enrolRequired });
  };

  it("only administrators read and change the policy; the change is audited", async () => {
    const staff = await signIn(t.app, await createReadyStaff(t.app, admin.accessToken));
    expect((await call("GET", "/api/users/second-factor-policy", staff.accessToken)).statusCode).toBe(403);
    expect((await setPolicy(true, staff.accessToken)).statusCode).toBe(403);
    expect((await call("GET", "/api/users/second-factor-policy", admin.accessToken)).json()).toEqual({
      required: false,
    });
    expect(
      (await call("PUT", "/api/users/second-factor-policy", admin.accessToken, { required: "sí" })).statusCode,
    ).toBe(400);
    const on = await setPolicy(true);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ required: true });
    expect((await call("GET", "/api/users/second-factor-policy", admin.accessToken)).json()).toEqual({
      required: true,
    });
    const [entry] = await auditEntries(t.app, admin.accessToken, "second_factor_policy_changed");
    expect(entry).toMatchObject({ actorUsername: ADMIN.username, details: { required: true } });
    expect((await setPolicy(false)).json()).toEqual({ required: false });
  });

  it("when required, an account without a factor may only enrol one; then the CRM opens", async () => {
    const staff = await createReadyStaff(t.app, admin.accessToken);
    expect((await setPolicy(true)).statusCode).toBe(200);
    try {
      // No factor yet: the password alone gives a session, marked to enrol.
      const session = await signIn(t.app, staff);
      expect(session.user.mustAddSecondFactor).toBe(true);
      heldBack(await crm(session.accessToken));
      heldBack(await call("GET", "/api/staff", session.accessToken));
      const me = await call("GET", "/api/auth/me", session.accessToken);
      expect(me.json()).toMatchObject({ username: staff.username, mustAddSecondFactor: true });
      const security = await call("GET", "/api/account/security", session.accessToken);
      expect(security.statusCode).toBe(200);
      expect(security.json()).toMatchObject({ required: true, passkeys: [], authenticator: null });
      expect((await call("GET", "/api/account/sessions", session.accessToken)).statusCode).toBe(200);

      const { recoveryCodes } = await enrolAuthenticator(t.app, session.accessToken);
      expect(recoveryCodes).toHaveLength(10);
      // The same access token: the guard looks at the account on every call.
      expect((await crm(session.accessToken)).statusCode).toBe(200);
      const refreshed = await t.app.inject({
        method: "POST",
        url: "/api/auth/refresh-token",
        payload: { refreshToken: session.refreshToken },
      });
      expect(refreshed.json().user.mustAddSecondFactor).toBe(false);

      // The last factor cannot go while one is required; with a second one, the first can.
      const removeApp = () => call("DELETE", "/api/account/authenticator", session.accessToken);
      const last = await removeApp();
      expect(last.statusCode).toBe(409);
      expect(last.json().message).toBe(M.lastFactorRequired);
      const key = softwarePasskey(PUBLIC_URL);
      expect((await addPasskey(t.app, session.accessToken, key)).statusCode).toBe(201);
      expect((await removeApp()).statusCode).toBe(204);
      const lastKey = await call("DELETE", `/api/account/passkeys/${key.id}`, session.accessToken);
      expect(lastKey.statusCode).toBe(409);
      expect(lastKey.json().message).toBe(M.lastFactorRequired);
    } finally {
      await setPolicy(false);
    }
  });

  it("while an account must enrol, every route but /auth/me, /auth/password and /account/* answers 403", async () => {
    const session = await signIn(t.app, await createReadyStaff(t.app, admin.accessToken, "administrador"));
    expect((await setPolicy(true)).statusCode).toBe(200);
    try {
      const open = new Set(["GET /api/auth/me", "POST /api/auth/password"]);
      const guarded = t.app.routeSummaries.filter((route) => !route.public && route.method !== "HEAD");
      expect(guarded.length).toBeGreaterThan(30);
      for (const route of guarded) {
        const name = `${route.method} ${route.url}`;
        const response = await t.app.inject({
          method: route.method as "GET",
          url: route.url.replace(/:(\w+)/g, "1"),
          headers: bearer(session.accessToken),
          payload: route.method === "GET" ? undefined : {},
        });
        const refused = response.statusCode === 403 && response.json().error === "Second Factor Required";
        expect(refused, `${name}: ${response.statusCode}`).toBe(
          !open.has(name) && !route.url.startsWith("/api/account/"),
        );
      }
    } finally {
      await setPolicy(false);
    }
  });

  it("holds back an administrator without a factor too, except on their own security page", async () => {
    const other = await signIn(t.app, await createReadyStaff(t.app, admin.accessToken, "administrador"));
    expect((await setPolicy(true)).statusCode).toBe(200);
    try {
      heldBack(await call("GET", "/api/users", other.accessToken));
      heldBack(await setPolicy(false, other.accessToken));
      expect((await call("GET", "/api/account/security", other.accessToken)).statusCode).toBe(200);
      // The one who turned it on has a factor and goes on working.
      expect((await call("GET", "/api/users", admin.accessToken)).statusCode).toBe(200);
    } finally {
      await setPolicy(false);
    }
  });

  it("an administrator resets someone's factors: audited, the person emailed, no secret ever shown", async () => {
    const staff = await createReadyStaff(t.app, admin.accessToken);
    const session = await signIn(t.app, staff);
    const { secret, recoveryCodes } = await enrolAuthenticator(t.app, session.accessToken);
    const key = softwarePasskey(PUBLIC_URL);
    expect((await addPasskey(t.app, session.accessToken, key)).statusCode).toBe(201);

    const accountOf = async () => {
      const users = await call("GET", "/api/users", admin.accessToken);
      expect(users.statusCode).toBe(200);
      const text = users.body;
      // Whether the person has a factor, never which secrets.
      for (const hidden of [secret, key.id, ...(recoveryCodes ?? [])]) expect(text).not.toContain(hidden);
      return (users.json() as { id: number; hasSecondFactor: boolean }[]).find((user) => user.id === staff.id);
    };
    expect(await accountOf()).toMatchObject({ hasSecondFactor: true });

    const someone = await signIn(t.app, await createReadyStaff(t.app, admin.accessToken));
    expect((await call("POST", `/api/users/${staff.id}/reset-second-factor`, someone.accessToken)).statusCode).toBe(
      403,
    );
    expect((await call("POST", "/api/users/999999/reset-second-factor", admin.accessToken)).statusCode).toBe(404);
    expect((await call("POST", "/api/users/abc/reset-second-factor", admin.accessToken)).statusCode).toBe(400);

    const reset = await call("POST", `/api/users/${staff.id}/reset-second-factor`, admin.accessToken);
    expect(reset.statusCode).toBe(204);
    expect(await accountOf()).toMatchObject({ hasSecondFactor: false });
    const [entry] = await auditEntries(t.app, admin.accessToken, "second_factor_reset");
    expect(entry).toMatchObject({ actorUsername: ADMIN.username, targetUsername: staff.username });
    const mail = await mailTo(smtp, staff.email, "Se restablecieron tus factores de acceso");
    expect(mail.text).toContain("Administrador");

    const state = await call("GET", "/api/account/security", session.accessToken);
    expect(state.json()).toMatchObject({ passkeys: [], authenticator: null, recoveryCodes: null });
    // The password alone signs in again; while required, only to enrol a new factor.
    expect((await setPolicy(true)).statusCode).toBe(200);
    try {
      const again = await login(t.app, staff);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ user: { mustAddSecondFactor: true } });
      heldBack(await crm(again.json().accessToken));
    } finally {
      await setPolicy(false);
    }
  });
});
