import { SECOND_FACTOR_MESSAGES as M } from "@app/shared/constants";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../app.ts";
import { ADMIN, bearer, createAuthTestApp, createReadyStaff, createStaff, signIn } from "../auth.ts";
import { engines } from "../database.ts";
import {
  awayFromStepEdge,
  codeFor,
  completeStep,
  enrolAuthenticator,
  securityNotices,
  sessionIdOf,
  startStep,
  wrongCode,
} from "../second-factor.ts";
import { startSmtpServer, type TestSmtp } from "../smtp.ts";

// Issue 30: "confirm it's you" asked only for the password, and account administration asked for
// nothing more than a session. Now every change of factors, accounts, roles, emails, passwords and
// lead assignment needs a recent proof, and the proof includes the second factor when the account
// has one (decisions 035 and 039).

const REAUTHENTICATE = "Reauthentication Required";

describe.each(engines)("recent proof of who is at the keyboard, on %s", (engine) => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createAuthTestApp(engine, { smtpUrl: smtp.url, emailPollMs: 100 });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const call = (method: "POST" | "PATCH" | "PUT" | "DELETE", url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  /** The session signed in (or proved itself) more than 10 minutes ago, its token refreshed since. */
  const ageSession = (token: string) =>
    t.db.database.db.execute(
      sql`update auth_sessions set verified_at = now() - interval '11 minutes' where id = ${sessionIdOf(token)}`,
    );

  it("a factor change asks for the password and then the second factor, in this session only", async () => {
    const admin = await signIn(t.app, ADMIN);
    const staff = await createReadyStaff(t.app, admin.accessToken);
    const session = await signIn(t.app, staff);
    const { secret, recoveryCodes } = await enrolAuthenticator(t.app, session.accessToken);
    await ageSession(session.accessToken);
    const removeApp = () => call("DELETE", "/api/account/authenticator", session.accessToken);
    expect((await removeApp()).json().error).toBe(REAUTHENTICATE);

    const password = await call("POST", "/api/account/confirm-password", session.accessToken, {
      password: staff.password,
    });
    expect(password.statusCode).toBe(200);
    expect(password.json()).toEqual({
      step: "second_factor",
      expiresIn: 300,
      methods: ["authenticator", "recovery"],
    });
    // The password alone proves nothing yet.
    expect((await removeApp()).json().error).toBe(REAUTHENTICATE);

    // Another session of the same person cannot answer this session's step.
    const other = await completeStep(t.app, {
      stepToken: (await startStep(t.app, staff)).stepToken,
      method: "recovery",
      code: recoveryCodes?.[1] ?? "",
    });
    expect(other.statusCode).toBe(200);
    await awayFromStepEdge();
    const elsewhere = await call("POST", "/api/account/confirm-second-factor", other.json().accessToken, {
      method: "authenticator",
      code: codeFor(secret),
    });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().message).toBe(M.reverifyExpired);

    const wrong = await call("POST", "/api/account/confirm-second-factor", session.accessToken, {
      method: "authenticator",
      code: wrongCode(secret),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0]).toMatchObject({ path: "code", message: M.codeWrong });

    const recovery = await call("POST", "/api/account/confirm-second-factor", session.accessToken, {
      method: "recovery",
      code: recoveryCodes?.[0] ?? "",
    });
    expect(recovery.statusCode).toBe(204);
    expect((await removeApp()).statusCode).toBe(204);
  });

  it("ending one's other sessions asks for the same recent proof", async () => {
    const admin = await signIn(t.app, ADMIN);
    const staff = await createReadyStaff(t.app, admin.accessToken);
    const session = await signIn(t.app, staff);
    await ageSession(session.accessToken);
    const refused = await call("POST", "/api/account/sessions/end-others", session.accessToken);
    expect(refused.json().error).toBe(REAUTHENTICATE);
    await call("POST", "/api/account/confirm-password", session.accessToken, { password: staff.password });
    expect((await call("POST", "/api/account/sessions/end-others", session.accessToken)).statusCode).toBe(200);
  });

  it("an account without a second factor is proven by its password alone", async () => {
    const admin = await signIn(t.app, ADMIN);
    const staff = await createReadyStaff(t.app, admin.accessToken);
    const session = await signIn(t.app, staff);
    await ageSession(session.accessToken);
    const confirmed = await call("POST", "/api/account/confirm-password", session.accessToken, {
      password: staff.password,
    });
    expect(confirmed.statusCode).toBe(204);
  });

  it("account administration and lead assignment need a recent proof", async () => {
    const admin = await signIn(t.app, ADMIN);
    const target = await createStaff(t.app, admin.accessToken);
    const rule = (
      await t.app.inject({ method: "GET", url: "/api/lead-assignment", headers: bearer(admin.accessToken) })
    ).json();
    await ageSession(admin.accessToken);
    const changes = [
      () =>
        call("POST", "/api/users", admin.accessToken, {
          username: "intruso",
          displayName: "Intruso",
          email: "intruso@attacker.example",
          role: "administrador",
          password: "una frase larga que nadie adivina",
        }),
      () => call("PATCH", `/api/users/${target.id}`, admin.accessToken, { role: "administrador" }),
      () => call("PATCH", `/api/users/${target.id}`, admin.accessToken, { email: "robo@attacker.example" }),
      () => call("PATCH", "/api/users/1", admin.accessToken, { email: "mio@attacker.example" }),
      () =>
        call("POST", `/api/users/${target.id}/password`, admin.accessToken, { password: "otra frase que nadie sabe" }),
      () => call("PUT", "/api/lead-assignment", admin.accessToken, { mode: "none", version: rule.version }),
    ];
    for (const change of changes) {
      const refused = await change();
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe(REAUTHENTICATE);
      expect(refused.headers["cache-control"]).toBe("no-store");
    }
    const proof = await call("POST", "/api/account/confirm-password", admin.accessToken, { password: ADMIN.password });
    expect(proof.statusCode).toBe(204);
    expect((await changes[0]?.())?.statusCode).toBe(201);
    expect((await changes[4]?.())?.statusCode).toBe(204);
    expect((await changes[5]?.())?.statusCode).toBe(200);
  });

  it("the other administrators are emailed when an administrator is created or a role is raised", async () => {
    const admin = await signIn(t.app, ADMIN);
    const second = await createStaff(t.app, admin.accessToken, "administrador");
    expect(await securityNotices(t.app, "admin@floraprotect.test")).toContain("admin_granted");
    const told = `dio el rol de administrador a la cuenta «${second.username}»`;
    await expect
      .poll(
        () =>
          smtp.received.some(
            (mail) => mail.envelopeTo.includes("admin@floraprotect.test") && mail.mail.text?.includes(told),
          ),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    expect(await securityNotices(t.app, second.email)).not.toContain("admin_granted");

    const before = (await securityNotices(t.app, second.email)).length;
    const raised = await createStaff(t.app, admin.accessToken, "personal");
    expect(
      (await call("PATCH", `/api/users/${raised.id}`, admin.accessToken, { role: "administrador" })).statusCode,
    ).toBe(200);
    const notices = await securityNotices(t.app, second.email);
    expect(notices.slice(before)).toEqual(["admin_granted"]);
    expect(await securityNotices(t.app, raised.email)).not.toContain("admin_granted");
  });
});
