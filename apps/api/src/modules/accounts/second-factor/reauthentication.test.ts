import { SECOND_FACTOR_MESSAGES as M } from "@app/shared/constants";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../../test/app.ts";
import { ADMIN, bearer, createAuthTestApp, createReadyStaff, signIn } from "../../../../test/auth.ts";
import { engines } from "../../../../test/database.ts";
import { codeFor, enrolAuthenticator } from "../../../../test/second-factor.ts";
import { authSessions } from "../../../db/schema/index.ts";

// Changing how an account is protected asks for a recent proof of who is at the keyboard: a stolen
// access token alone, ten minutes after the sign-in, cannot add a passkey or remove a factor.

describe.each(engines)("changing factors asks for the password again after a while, on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createAuthTestApp(engine, { loginAccountLimit: [{ max: 5, windowMs: 15 * 60_000 }] });
  });
  afterAll(() => t.close());

  /** The session's sign-in as if it were `minutes` ago. */
  const age = (sessionId: string, minutes: number) =>
    t.app.db
      .update(authSessions)
      .set({ verifiedAt: sql`now() - make_interval(mins => ${minutes})` })
      .where(sql`${authSessions.id} = ${sessionId}`);
  /** The session an access token names (its `sid` claim). */
  const sessionOf = (accessToken: string) =>
    (JSON.parse(Buffer.from(accessToken.split(".")[1] ?? "", "base64url").toString("utf8")) as { sid: string }).sid;
  const call = (method: "POST" | "DELETE" | "PUT", url: string, accessToken: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(accessToken), ...(payload ? { payload } : {}) });

  it("refuses every factor change with 403 until the password is typed again, then allows it", async () => {
    const admin = await signIn(t.app, ADMIN);
    const staff = await createReadyStaff(t.app, admin.accessToken);
    const session = await signIn(t.app, staff);
    const { secret } = await enrolAuthenticator(t.app, session.accessToken);
    await age(sessionOf(session.accessToken), 11);

    for (const [method, url] of [
      ["POST", "/api/account/passkeys/options"],
      ["POST", "/api/account/authenticator"],
      ["DELETE", "/api/account/authenticator"],
      ["POST", "/api/account/recovery-codes"],
      ["DELETE", "/api/account/passkeys/una-llave"],
    ] as const) {
      const refused = await call(method, url, session.accessToken);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json()).toMatchObject({ error: "Reauthentication Required", message: M.reauthenticate });
    }

    const wrong = await call("POST", "/api/account/confirm-password", session.accessToken, {
      password: "no-es-la-clave",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([{ path: "password", message: "La contraseña actual no es correcta" }]);
    const right = await call("POST", "/api/account/confirm-password", session.accessToken, {
      password: staff.password,
    });
    // The account has an authenticator app: its code comes next (decision 039).
    expect(right.statusCode).toBe(200);
    expect(right.json().methods).toContain("authenticator");
    const code = await call("POST", "/api/account/confirm-second-factor", session.accessToken, {
      method: "authenticator",
      code: codeFor(secret),
    });
    expect(code.statusCode).toBe(204);
    const codes = await call("POST", "/api/account/recovery-codes", session.accessToken);
    expect(codes.statusCode).toBe(200);
    expect(codes.json().codes).toHaveLength(10);
  });

  it("asks administrators the same before the policy switch and a reset", async () => {
    const admin = await signIn(t.app, ADMIN);
    await age(sessionOf(admin.accessToken), 11);
    const policy = await call("PUT", "/api/users/second-factor-policy", admin.accessToken, { required: false });
    expect(policy.statusCode).toBe(403);
    expect(policy.json().error).toBe("Reauthentication Required");
    const reset = await call("POST", "/api/users/1/reset-second-factor", admin.accessToken);
    expect(reset.statusCode).toBe(403);
  });

  it("counts wrong passwords against the account's limit", async () => {
    const admin = await signIn(t.app, ADMIN);
    const staff = await createReadyStaff(t.app, admin.accessToken);
    const session = await signIn(t.app, staff);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await call("POST", "/api/account/confirm-password", session.accessToken, { password: "mal" });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});
