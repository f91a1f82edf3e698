import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../../test/app.ts";
import { ADMIN, bearer, createAuthTestApp, createStaff, signIn } from "../../../../test/auth.ts";
import { engines } from "../../../../test/database.ts";

describe.each(engines)("staff accounts (Usuarios) on %s", (engine) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createAuthTestApp(engine);
    token = (await signIn(t.app, ADMIN)).accessToken;
  });
  afterAll(() => t.close());

  const call = (method: "GET" | "POST" | "PATCH", url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });

  it("creates an account with a temporary password, lower-cases the username and lists it", async () => {
    const created = await call("POST", "/api/users", {
      username: "  Maria.Perez ",
      displayName: "María Pérez",
      email: "maria@floraprotect.test",
      role: "personal",
      password: "temporal-de-maria-2026",
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      username: "maria.perez",
      displayName: "María Pérez",
      role: "personal",
      active: true,
      mustChangePassword: true,
      lastLoginAt: null,
    });
    expect(created.json()).not.toHaveProperty("passwordHash");
    const list = await call("GET", "/api/users");
    expect(list.json().map((user: { username: string }) => user.username)).toEqual(
      expect.arrayContaining(["admin", "maria.perez"]),
    );
  });

  it("refuses a taken username or email (409) and bad fields (400 with details)", async () => {
    const first = await call("POST", "/api/users", {
      username: "lucia.toapanta",
      displayName: "Lucía Toapanta",
      email: "lucia@floraprotect.test",
      role: "personal",
      password: "temporal-de-lucia-2026",
    });
    expect(first.statusCode).toBe(201);
    const taken = await call("POST", "/api/users", {
      username: "LUCIA.TOAPANTA",
      displayName: "Otra",
      role: "personal",
      password: "temporal-de-otra-2026",
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details).toEqual([{ path: "username", message: "Ese nombre de usuario ya existe" }]);
    const sameEmail = await call("POST", "/api/users", {
      username: "segunda",
      displayName: "Otra",
      email: "Lucia@FloraProtect.test",
      role: "personal",
      password: "temporal-de-otra-2026",
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().details[0].path).toBe("email");
    const bad = await call("POST", "/api/users", {
      username: "a b",
      displayName: "",
      email: "x",
      role: "jefe",
      password: "123",
    });
    expect(bad.statusCode).toBe(400);
    const paths = bad.json().details.map((detail: { path: string }) => detail.path);
    expect(paths).toEqual(expect.arrayContaining(["username", "displayName", "email", "role", "password"]));
  });

  it("changes role and active flag; never leaves the system without an active administrator", async () => {
    const staff = await createStaff(t.app, token);
    const promoted = await call("PATCH", `/api/users/${staff.id}`, { role: "administrador" });
    expect(promoted.json().role).toBe("administrador");
    const demoted = await call("PATCH", `/api/users/${staff.id}`, { role: "personal", active: false });
    expect(demoted.json()).toMatchObject({ role: "personal", active: false });

    const me = (await call("GET", "/api/users")).json().find((user: { username: string }) => user.username === "admin");
    for (const role of ["personal", "editor"]) {
      const selfDemote = await call("PATCH", `/api/users/${me.id}`, { role });
      expect(selfDemote.statusCode, role).toBe(409);
      expect(selfDemote.json().message).toMatch(/propia cuenta/);
    }
    expect((await call("PATCH", "/api/users/999999", { active: false })).statusCode).toBe(404);
    expect((await call("PATCH", "/api/users/abc", { active: false })).statusCode).toBe(400);
  });

  it("a temporary password set by an administrator ends the person's sessions and must be changed", async () => {
    const staff = await createStaff(t.app, token);
    const session = await signIn(t.app, staff);
    const set = await call("POST", `/api/users/${staff.id}/password`, { password: "temporal-nueva-2026" });
    expect(set.statusCode).toBe(204);
    const me = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: bearer(session.accessToken) });
    expect(me.statusCode).toBe(401);
    const again = await signIn(t.app, { username: staff.username, password: "temporal-nueva-2026" });
    expect(again.user.mustChangePassword).toBe(true);
  });

  it("an administrator signs someone out of every device at once (ASVS 7.4.5)", async () => {
    const staff = await createStaff(t.app, token);
    const [phone, laptop] = [await signIn(t.app, staff), await signIn(t.app, staff)];
    const ended = await call("POST", `/api/users/${staff.id}/end-sessions`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ ended: 2 });
    for (const session of [phone, laptop]) {
      const me = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: bearer(session.accessToken) });
      expect(me.statusCode).toBe(401);
      const refreshed = await t.app.inject({
        method: "POST",
        url: "/api/auth/refresh-token",
        payload: { refreshToken: session.refreshToken },
      });
      expect(refreshed.statusCode).toBe(401);
    }
    expect((await call("POST", "/api/users/999999/end-sessions")).statusCode).toBe(404);
  });

  it("records account changes in the audit log, newest first, with who, whom and IP", async () => {
    const staff = await createStaff(t.app, token);
    expect((await call("PATCH", `/api/users/${staff.id}`, { displayName: "Nombre cambiado" })).statusCode).toBe(200);
    expect(
      (await call("POST", `/api/users/${staff.id}/password`, { password: "temporal-auditada-2026" })).statusCode,
    ).toBe(204);
    const audit = await call("GET", "/api/audit-log?page=0&size=50");
    expect(audit.statusCode).toBe(200);
    const body = audit.json();
    expect(body).toMatchObject({ pageNumber: 0, isFirstPage: true });
    const actions = body.content.map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(["login", "user_created", "user_updated", "user_password_set"]));
    const created = body.content.find((entry: { action: string }) => entry.action === "user_created");
    expect(created).toMatchObject({ actorUsername: "admin", ip: "127.0.0.1" });
    expect(JSON.stringify(body)).not.toMatch(/argon2|temporal-/);
    const times = body.content.map((entry: { at: string }) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
  });
});
