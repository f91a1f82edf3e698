import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../../test/app.ts";
import { ADMIN, bearer, createAuthTestApp, createReadyStaff, createStaff, signIn } from "../../../../test/auth.ts";
import { engines } from "../../../../test/database.ts";

describe.each(engines)("sign-in and sessions on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createAuthTestApp(engine);
  });
  afterAll(() => t.close());

  const refreshWith = (cookie: string | undefined, headers: Record<string, string> = { "x-csrf-protection": "1" }) =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/refresh-token",
      headers: { ...headers, ...(cookie ? { cookie } : {}) },
    });

  it("signs in with the spec's answer, a Bearer JWT and an HttpOnly Secure SameSite=Strict cookie on /api/auth", async () => {
    const session = await signIn(t.app, ADMIN);
    expect(session.type).toBe("Bearer");
    expect(session.username).toBe("admin");
    expect(session.expiresIn).toBe(900);
    expect(session.accessToken.split(".")).toHaveLength(3);
    expect(session.user).toMatchObject({ username: "admin", role: "administrador", mustChangePassword: false });
    expect(session.setCookie).toMatch(/HttpOnly/i);
    expect(session.setCookie).toMatch(/Secure/i);
    expect(session.setCookie).toMatch(/SameSite=Strict/i);
    expect(session.setCookie).toMatch(/Path=\/api\/auth/);
    // Without "Recordarme" the cookie ends with the browser.
    expect(session.setCookie).not.toMatch(/Max-Age|Expires/i);
    const me = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: bearer(session.accessToken) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: "admin", displayName: "Administrador" });
  });

  it("keeps a remembered session for 30 days", async () => {
    const session = await signIn(t.app, { ...ADMIN, remember: true });
    const maxAge = Number(/Max-Age=(\d+)/.exec(session.setCookie ?? "")?.[1]);
    expect(maxAge).toBeGreaterThan(29 * 24 * 3600);
    expect(maxAge).toBeLessThanOrEqual(30 * 24 * 3600);
  });

  it("accepts the username in any case and with spaces around it", async () => {
    const session = await signIn(t.app, { username: "  ADMIN ", password: ADMIN.password });
    expect(session.username).toBe("admin");
  });

  it("answers 401 in Spanish for a wrong password and for an unknown user alike", async () => {
    for (const payload of [
      { username: "admin", password: "no-es-la-clave" },
      { username: "nadie-se-llama-asi", password: "no-es-la-clave" },
    ]) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload,
        remoteAddress: "10.0.0.9",
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ statusCode: 401, message: "Usuario o contraseña incorrectos" });
      expect(response.headers["set-cookie"]).toBeUndefined();
    }
  });

  it("refuses bad login bodies with a 400 and details, never a 500", async () => {
    for (const payload of [{}, { username: "", password: "" }, { username: "admin" }, { username: 1, password: [] }]) {
      const response = await t.app.inject({ method: "POST", url: "/api/auth/login", payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().details.length).toBeGreaterThan(0);
    }
    const form = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "username=admin&password=x",
    });
    expect(form.statusCode).toBe(415);
  });

  it("answers 403 to a disabled account with the right password, 401 with a wrong one", async () => {
    const admin = await signIn(t.app, ADMIN);
    const staff = await createReadyStaff(t.app, admin.accessToken);
    await t.app.inject({
      method: "PATCH",
      url: `/api/users/${staff.id}`,
      headers: bearer(admin.accessToken),
      payload: { active: false },
    });
    const right = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: staff.username, password: staff.password },
    });
    expect(right.statusCode).toBe(403);
    expect(right.json().message).toBe("Tu cuenta no tiene permisos para acceder");
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: staff.username, password: "otra-cosa-distinta" },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it("rotates the refresh token at every use; the cookie needs the CSRF header", async () => {
    const session = await signIn(t.app, ADMIN);
    const withoutHeader = await refreshWith(session.cookie, {});
    expect(withoutHeader.statusCode).toBe(401);

    const first = await refreshWith(session.cookie);
    expect(first.statusCode).toBe(200);
    const next = [first.headers["set-cookie"]].flat().find((line) => line?.startsWith("fp_refresh="));
    expect(next?.split(";")[0]).not.toBe(session.cookie);
    const body = first.json();
    expect(body.accessToken).not.toBe(session.accessToken);
    const me = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: bearer(body.accessToken) });
    expect(me.statusCode).toBe(200);
  });

  it("API clients refresh with the body's token and get the next one in the body", async () => {
    const session = await signIn(t.app, ADMIN);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/refresh-token",
      payload: { refreshToken: session.refreshToken },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().refreshToken).not.toBe(session.refreshToken);
  });

  it("logout revokes the session: its refresh token and its access token stop working", async () => {
    const session = await signIn(t.app, ADMIN);
    const out = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie: session.cookie ?? "", "x-csrf-protection": "1" },
    });
    expect(out.statusCode).toBe(204);
    expect([out.headers["set-cookie"]].flat().join()).toMatch(/fp_refresh=;/);
    expect((await refreshWith(session.cookie)).statusCode).toBe(401);
    const me = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: bearer(session.accessToken) });
    expect(me.statusCode).toBe(401);
    // Logging out twice is harmless.
    const again = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      payload: { refreshToken: session.refreshToken },
    });
    expect(again.statusCode).toBe(204);
  });

  it("changing one's password ends the other sessions and keeps the current one going", async () => {
    const admin = await signIn(t.app, ADMIN);
    const staff = await createReadyStaff(t.app, admin.accessToken);
    const laptop = await signIn(t.app, staff);
    const phone = await signIn(t.app, staff);
    const newPassword = `${staff.password}-nueva`;
    const changed = await t.app.inject({
      method: "POST",
      url: "/api/auth/password",
      headers: bearer(phone.accessToken),
      payload: { currentPassword: staff.password, newPassword },
    });
    expect(changed.statusCode).toBe(200);
    for (const old of [laptop, phone]) {
      const me = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: bearer(old.accessToken) });
      expect(me.statusCode).toBe(401);
    }
    const me = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: bearer(changed.json().accessToken) });
    expect(me.statusCode).toBe(200);
    await signIn(t.app, { username: staff.username, password: newPassword });
  });

  it("refuses short, common and username-containing new passwords; accepts 64+ characters", async () => {
    const admin = await signIn(t.app, ADMIN);
    const staff = await createReadyStaff(t.app, admin.accessToken);
    const session = await signIn(t.app, staff);
    const attempt = (newPassword: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/password",
        headers: bearer(session.accessToken),
        payload: { currentPassword: staff.password, newPassword },
      });
    for (const [password, message] of [
      ["corta", /al menos 8/],
      ["password123", /demasiado común/],
      ["iloveyou", /demasiado común/],
      [`${staff.username}-2026!`, /nombre de usuario/],
    ] as const) {
      const response = await attempt(password);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(message);
      expect(response.json().details[0].path).toBe("newPassword");
    }
    const wrongCurrent = await t.app.inject({
      method: "POST",
      url: "/api/auth/password",
      headers: bearer(session.accessToken),
      payload: { currentPassword: "no-es-esta", newPassword: "una-clave-larga-y-rara" },
    });
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json().message).toBe("La contraseña actual no es correcta");
    const long = "ñandú-y-cóndor ".repeat(8).slice(0, 100);
    expect((await attempt(long)).statusCode).toBe(200);
    await signIn(t.app, { username: staff.username, password: long });
  });

  it("a temporary password allows only changing it", async () => {
    const admin = await signIn(t.app, ADMIN);
    const staff = await createStaff(t.app, admin.accessToken);
    const session = await signIn(t.app, staff);
    expect(session.user.mustChangePassword).toBe(true);
    const users = await t.app.inject({ method: "GET", url: "/api/audit-log", headers: bearer(session.accessToken) });
    expect(users.statusCode).toBe(403);
    expect(users.json().error).toBe("Password Change Required");
    const me = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: bearer(session.accessToken) });
    expect(me.json().mustChangePassword).toBe(true);
  });
});
