import { expect, type Page, test } from "./fixtures";
import { expectInCrm, signOutThroughPage } from "./helpers/second-factor";
import { waitForHydration } from "./helpers/site";
import {
  accountRow,
  changeStaff,
  createStaff,
  forgiveFailedApiCalls,
  loginForm,
  openCrmMenu,
  openLogin,
  signInThroughPage,
  submitLogin,
} from "./helpers/staff";

// Staff sign-in (issue 4; spec sections 2, 4, 6, 7 and 8; docs/decisions/014).

/** Every call of the page to an auth path, from now on. */
function recordAuthCalls(page: Page, path: string) {
  const calls: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === `/api/auth/${path}`) calls.push(request.method());
  });
  return calls;
}

const storageDump = (page: Page) =>
  page.evaluate(() =>
    [localStorage, sessionStorage].flatMap((storage) =>
      Object.keys(storage).map((key) => `${key}=${storage.getItem(key) ?? ""}`),
    ),
  );

test.describe("the guard", () => {
  for (const path of ["/crm", "/crm/mensajes", "/crm/usuarios"]) {
    test(`${path} without a session goes to /login?redirectTo=…, asking the server nothing`, async ({ page }) => {
      const refreshes = recordAuthCalls(page, "refresh-token");
      await page.goto(path);
      await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(path)}`);
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1, name: "Acceso del personal" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Cerrar sesión" })).toHaveCount(0);
      // Nobody signed in on this browser: no refresh cookie is worth a call.
      expect(refreshes).toEqual([]);
    });
  }

  test("after signing in the person is back on the CRM page that sent them", async ({ page, request }, testInfo) => {
    const staff = await createStaff(request, testInfo);
    await page.goto("/crm/mensajes");
    await expect(page).toHaveURL("/login?redirectTo=%2Fcrm%2Fmensajes");
    await expect(loginForm(page).submit).toBeEnabled();
    await submitLogin(page, staff.username, staff.password);
    await expect(page).toHaveURL("/crm/mensajes");
    await expect(page.getByRole("heading", { level: 1, name: "Contactos" })).toBeVisible();
  });

  for (const target of ["https://evil.example/crm", "//evil.example/crm", "/login", "/crm-falso"]) {
    test(`redirectTo=${target} is not followed: the CRM opens`, async ({ page, request }, testInfo) => {
      const staff = await createStaff(request, testInfo);
      await signInThroughPage(page, staff, { path: `/login?redirectTo=${encodeURIComponent(target)}` });
      await expect(page).toHaveURL("/crm");
      await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    });
  }

  test("a session the server ends meanwhile leads to sign in, then back", async ({
    page,
    request,
    pageProblems,
  }, testInfo) => {
    const admin = await createStaff(request, testInfo, { role: "administrador" });
    // The live connection may notice the ended session on its own and send the person to sign in
    // from the page they are on (decision 029); this test is about their next click, so the page
    // gets no live connection and the only way out is the click.
    await page.route("**/api/events/ticket", (route) => route.fulfill({ status: 503, json: {} }));
    await signInThroughPage(page, admin, { path: "/login?redirectTo=%2Fcrm%2Fusuarios" });
    await expect(page.getByRole("heading", { level: 1, name: "Usuarios" })).toBeVisible();
    // Another administrator disables the account while its screen is open.
    await changeStaff(request, admin.id, { active: false });
    await (await openCrmMenu(page)).getByRole("link", { name: "Auditoría" }).click();
    await expect(page).toHaveURL("/login?redirectTo=%2Fcrm%2Fauditoria");
    await expect(page.getByRole("heading", { level: 1, name: "Acceso del personal" })).toBeVisible();
    forgiveFailedApiCalls(pageProblems, ["audit-log", "auth/refresh-token", "events/ticket"]);
  });
});

test.describe("the login form", () => {
  test("shows the contract's fields and links", async ({ page }) => {
    const form = await openLogin(page);
    await expect(form.username).toBeVisible();
    await expect(form.password).toHaveAttribute("type", "password");
    await expect(form.remember).not.toBeChecked();
    await expect(form.forgot).toHaveAttribute("href", "/recuperar-contrasena");
    await expect(form.home).toHaveAttribute("href", "/");
    // The spec's Google button appears only once Google sign-in is configured.
    await expect(page.getByRole("button", { name: /Google/ })).toHaveCount(0);
  });

  test("the page loads none of the CRM's code", async ({ page }) => {
    await openLogin(page);
    const loaded = await page.evaluate(() => {
      type Entry = { id: string; module: string; imports?: string[] };
      const manifest = (window as unknown as { __reactRouterManifest: { entry: Entry; routes: Record<string, Entry> } })
        .__reactRouterManifest;
      const modulesOf = (entry: Entry) => [entry.module, ...(entry.imports ?? [])];
      const routes = Object.values(manifest.routes);
      const isCrm = (route: Entry) => /crm/i.test(route.id);
      const shared = new Set([...modulesOf(manifest.entry), ...routes.filter((r) => !isCrm(r)).flatMap(modulesOf)]);
      const crmOnly = new Set(
        routes
          .filter(isCrm)
          .flatMap(modulesOf)
          .filter((module) => !shared.has(module)),
      );
      const requested = performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname);
      return { crmOnly: crmOnly.size, requested: requested.filter((path) => crmOnly.has(path)) };
    });
    expect(loaded.crmOnly, "the build has CRM-only modules").toBeGreaterThan(3);
    expect(loaded.requested).toEqual([]);
  });

  test("an empty submit marks both fields and does not call the server", async ({ page }) => {
    const logins = recordAuthCalls(page, "login");
    const form = await openLogin(page);
    await form.submit.click();
    await expect(form.username).toHaveAttribute("aria-invalid", "true");
    await expect(form.password).toHaveAttribute("aria-invalid", "true");
    await expect(form.username).toHaveAccessibleDescription("El usuario es requerido");
    await expect(form.password).toHaveAccessibleDescription("La contraseña es requerida");
    await form.username.fill("alguien");
    await form.submit.click();
    await expect(form.username).toHaveAttribute("aria-invalid", "false");
    await expect(form.password).toHaveAttribute("aria-invalid", "true");
    await expect(form.errorDialog).toHaveCount(0);
    expect(logins).toEqual([]);
  });

  test("a wrong password: loading state, then the 401 dialog", async ({ page, request, pageProblems }, testInfo) => {
    const staff = await createStaff(request, testInfo);
    const form = await openLogin(page);
    // Holds the answer back until the loading state has been seen, however slow the machine is.
    let answer = () => {};
    const loadingSeen = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route("**/api/auth/login", async (route) => {
      await loadingSeen;
      await route.continue();
    });
    await submitLogin(page, staff.username, "no-es-la-clave");
    await expect(form.submit).toBeDisabled();
    await expect(page.getByRole("status").filter({ hasText: "Iniciando sesión…" })).toBeAttached();
    answer();
    await expect(form.errorDialog).toBeVisible();
    await expect(form.errorDialog).toContainText("Usuario o contraseña incorrectos");
    await expect(form.errorDialog).toContainText("Verifica tu usuario y contraseña");
    await form.retry.click();
    await expect(form.errorDialog).toBeHidden();
    await expect(form.password).toBeFocused();
    await expect(page).toHaveURL("/login");
    forgiveFailedApiCalls(pageProblems, ["auth/login"]);
  });

  test("a disabled account gets the 403 message", async ({ page, request, pageProblems }, testInfo) => {
    const staff = await createStaff(request, testInfo);
    await changeStaff(request, staff.id, { active: false });
    const form = await openLogin(page);
    await submitLogin(page, staff.username, staff.password);
    await expect(form.errorDialog).toContainText("Tu cuenta no tiene permisos para acceder");
    await expect(page).toHaveURL("/login");
    forgiveFailedApiCalls(pageProblems, ["auth/login"]);
  });

  test("too many failures on one account: 429, saying when to try again", async ({
    page,
    request,
    playwright,
    baseURL,
    pageProblems,
  }, testInfo) => {
    const staff = await createStaff(request, testInfo);
    // Someone who never signed in to the account (`request` did, when it set the password).
    const stranger = await playwright.request.newContext({ baseURL });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await stranger.post("/api/auth/login", {
        data: { username: staff.username, password: "adivina" },
      });
      expect(response.status()).toBe(401);
    }
    await stranger.dispose();
    const form = await openLogin(page);
    // Even the right password waits on a device the account never used: the attempts are slowed
    // (30 s, then longer), not the person's guess judged.
    await submitLogin(page, staff.username, staff.password);
    await expect(form.errorDialog).toBeVisible();
    await expect(form.errorDialog).toContainText(/Intenta nuevamente en \d+ segundos\./);
    await expect(form.errorDialog).toContainText(/Podrás volver a intentarlo a las \d{2}:\d{2}\./);
    await expect(page).toHaveURL("/login");
    forgiveFailedApiCalls(pageProblems, ["auth/login"]);
  });

  test("a device that signed in before keeps its tries while strangers guess the password", async ({
    page,
    request,
    playwright,
    baseURL,
  }, testInfo) => {
    const staff = await createStaff(request, testInfo);
    await signInThroughPage(page, staff);
    await signOutThroughPage(page);
    // Strangers: a client that never signed in to the account (no device cookie of it).
    const stranger = await playwright.request.newContext({ baseURL });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await stranger.post("/api/auth/login", {
        data: { username: staff.username, password: "adivina" },
      });
      expect(response.status()).toBe(401);
    }
    const waiting = await stranger.post("/api/auth/login", {
      data: { username: staff.username, password: staff.password },
    });
    expect(waiting.status()).toBe(429);
    await stranger.dispose();

    // The person's own browser signs in as always.
    await submitLogin(page, staff.username, staff.password);
    await expectInCrm(page);
  });

  test("no connection: 'No se pudo conectar con el servidor'", async ({ page, pageProblems }) => {
    const form = await openLogin(page);
    await page.route("**/api/auth/login", (route) => route.abort("connectionrefused"));
    await submitLogin(page, "alguien", "una-clave-cualquiera");
    await expect(form.errorDialog).toContainText("No se pudo conectar con el servidor");
    forgiveFailedApiCalls(pageProblems, ["auth/login"]);
  });

  test("a server error shows the server's message", async ({ page, pageProblems }) => {
    const form = await openLogin(page);
    await page.route("**/api/auth/login", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({
          statusCode: 503,
          error: "Service Unavailable",
          message: "El servicio está en mantenimiento.",
        }),
      }),
    );
    await submitLogin(page, "alguien", "una-clave-cualquiera");
    await expect(form.errorDialog).toContainText("El servicio está en mantenimiento.");
    forgiveFailedApiCalls(pageProblems, ["auth/login"]);
  });
});

test.describe("the session", () => {
  test("Recordarme keeps the username and a 30-day cookie; without it, neither", async ({
    page,
    context,
    request,
  }, testInfo) => {
    const staff = await createStaff(request, testInfo);
    await signInThroughPage(page, staff, { remember: true });
    expect(await page.evaluate(() => localStorage.getItem("remember_user"))).toBe(staff.username);
    const remembered = (await context.cookies()).find((cookie) => cookie.name === "fp_refresh");
    expect(remembered).toMatchObject({ httpOnly: true, secure: true, sameSite: "Strict", path: "/api/auth" });
    expect(remembered?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);

    await (await openCrmMenu(page)).getByRole("button", { name: "Cerrar sesión" }).click();
    await expect(page).toHaveURL("/login");
    const form = loginForm(page);
    await expect(form.username).toHaveValue(staff.username);
    await expect(form.remember).toBeChecked();

    await form.remember.uncheck();
    await form.password.fill(staff.password);
    await form.submit.click();
    await expect(page).toHaveURL("/crm");
    expect(await page.evaluate(() => localStorage.getItem("remember_user"))).toBeNull();
    const workday = (await context.cookies()).find((cookie) => cookie.name === "fp_refresh");
    // A session cookie: it ends with the browser.
    expect(workday?.expires).toBe(-1);
  });

  test("no token is readable from storage; a reload restores the session through the cookie", async ({
    page,
    request,
  }, testInfo) => {
    const staff = await createStaff(request, testInfo);
    const login = page.waitForResponse((response) => response.url().endsWith("/api/auth/login"));
    await signInThroughPage(page, staff);
    const session = (await (await login).json()) as { accessToken: string; refreshToken?: string };
    // The refresh token is only in the HttpOnly cookie: the page's scripts never see it.
    expect(session.refreshToken, "no refresh token in a browser's answer").toBeUndefined();

    const stored = (await storageDump(page)).join("\n");
    expect(stored).not.toContain(session.accessToken);
    expect(stored, "no JWT anywhere in Web Storage").not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
    expect(await page.evaluate(() => document.cookie), "the refresh cookie is HttpOnly").not.toContain("fp_refresh");

    await (await openCrmMenu(page)).getByRole("link", { name: "Mensajes" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Contactos" })).toBeVisible();
    const refresh = page.waitForRequest((call) => call.url().endsWith("/api/auth/refresh-token"));
    await page.reload();
    const sent = await refresh;
    expect(sent.headers()["x-csrf-protection"]).toBe("1");
    expect(await (await sent.response())?.json()).not.toHaveProperty("refreshToken");
    await expect(page).toHaveURL("/crm/mensajes");
    await expect(page.getByRole("heading", { level: 1, name: "Contactos" })).toBeVisible();
    await expect(page.getByText("Gestión de contactos y mensajes")).toBeVisible();
  });

  test("someone still signed in who opens /login goes straight to the CRM", async ({ page, request }, testInfo) => {
    const staff = await createStaff(request, testInfo);
    await signInThroughPage(page, staff);
    await page.goto("/login");
    await expect(page).toHaveURL("/crm");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  });

  test("Cerrar sesión ends the session on the server and in the browser", async ({
    page,
    context,
    request,
  }, testInfo) => {
    const staff = await createStaff(request, testInfo);
    await signInThroughPage(page, staff);
    const cookie = (await context.cookies()).find((entry) => entry.name === "fp_refresh");
    expect(cookie).toBeDefined();

    await (await openCrmMenu(page)).getByRole("button", { name: "Cerrar sesión" }).click();
    await expect(page).toHaveURL("/login");
    await expect(page.getByRole("heading", { level: 1, name: "Acceso del personal" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("username"))).toBeNull();
    expect((await context.cookies()).some((entry) => entry.name === "fp_refresh")).toBe(false);
    // The refresh token itself is revoked, not only forgotten by this browser.
    const replay = await request.post("/api/auth/refresh-token", { data: { refreshToken: cookie?.value } });
    expect(replay.status()).toBe(401);

    await page.goto("/crm");
    await expect(page).toHaveURL("/login?redirectTo=%2Fcrm");
  });

  test("the API client refreshes an expired access token once and carries on", async ({
    page,
    request,
    pageProblems,
  }, testInfo) => {
    const admin = await createStaff(request, testInfo, { role: "administrador" });
    await signInThroughPage(page, admin);
    // The next CRM call presents a token the server refuses, as after 15 minutes.
    let refused = false;
    await page.route("**/api/users", async (route) => {
      if (refused) return route.continue();
      refused = true;
      await route.continue({ headers: { ...route.request().headers(), authorization: "Bearer caducado" } });
    });
    const refresh = page.waitForRequest((call) => call.url().endsWith("/api/auth/refresh-token"));
    await (await openCrmMenu(page)).getByRole("link", { name: "Usuarios" }).click();
    await refresh;
    await expect(page.getByRole("heading", { level: 1, name: "Usuarios" })).toBeVisible();
    await expect(await accountRow(page, admin.username)).toBeVisible();
    expect(refused).toBe(true);
    forgiveFailedApiCalls(pageProblems, ["users"]);
  });
});
