import { CSRF_HEADER } from "@app/shared/constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../app.ts";
import { ADMIN, bearer, createAuthTestApp, createReadyStaff, signIn } from "../auth.ts";
import { engines } from "../database.ts";
import { cookieSet } from "../second-factor.ts";

// The refresh token lives in an HttpOnly cookie so that no script on the page can read it (decision
// 014). The answers that set the cookie also carried it in their JSON, where any script of the page
// could read it and keep the session for 30 days: a browser's answers now leave it out, and API
// clients (no CSRF header) still get it in the body, as the contract says.

const BROWSER = { [CSRF_HEADER]: "1" };

describe.each(engines)("the refresh token and the page's scripts, on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createAuthTestApp(engine);
  });
  afterAll(() => t.close());

  it("a browser's sign-in, refresh and password change keep the refresh token in the cookie only", async () => {
    const admin = await signIn(t.app, ADMIN);
    const staff = await createReadyStaff(t.app, admin.accessToken);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: BROWSER,
      payload: { username: staff.username, password: staff.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).not.toHaveProperty("refreshToken");
    const cookie = cookieSet(login, "fp_refresh")?.split(";")[0] ?? "";
    expect(cookie).toMatch(/^fp_refresh=.+/);

    const refreshed = await t.app.inject({
      method: "POST",
      url: "/api/auth/refresh-token",
      headers: { ...BROWSER, cookie },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).not.toHaveProperty("refreshToken");
    expect(cookieSet(refreshed, "fp_refresh")).toBeDefined();

    const changed = await t.app.inject({
      method: "POST",
      url: "/api/auth/password",
      headers: { ...BROWSER, ...bearer(refreshed.json().accessToken) },
      payload: { currentPassword: staff.password, newPassword: "una frase nueva que nadie adivina" },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).not.toHaveProperty("refreshToken");
  });

  it("an API client still gets the refresh token in the body, and refreshes with it", async () => {
    const login = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: ADMIN });
    const { refreshToken } = login.json();
    expect(refreshToken).toEqual(expect.any(String));
    const refreshed = await t.app.inject({ method: "POST", url: "/api/auth/refresh-token", payload: { refreshToken } });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().refreshToken).toEqual(expect.any(String));
  });
});
