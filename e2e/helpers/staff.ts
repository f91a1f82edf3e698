import { CSRF_HEADER, USERNAME_KEY } from "@app/shared/constants";
import { type APIRequestContext, expect, type Page, type TestInfo } from "@playwright/test";
import type { PageProblems } from "../fixtures";
import { escapeRegExp, isMobile, visit } from "./site";

// Staff accounts and sign-in for the CRM's browser tests. All tests share one server and one
// database: each test makes its own accounts, with names no other test (or project) uses.

/** The first administrator, from the test server's ADMIN_* settings (playwright.config.ts). */
export const ADMIN = { username: "admin", password: "clave-de-pruebas-del-crm", email: "admin@floraprotect.test" };

export type StaffAccount = {
  id: number;
  username: string;
  displayName: string;
  email: string;
  role: "administrador" | "personal" | "editor";
  password: string;
};

type Session = { accessToken: string; user: { id: number; mustChangePassword: boolean } };

let sequence = 0;

/** A username no other test uses: the test's project, worker and a counter (3 to 64 characters). */
export function uniqueUsername(testInfo: TestInfo, prefix: string) {
  sequence += 1;
  const project = testInfo.project.name.slice(0, 1);
  return `${prefix}.${project}${testInfo.workerIndex}.${Date.now().toString(36)}${sequence}`.toLowerCase();
}

/** `POST /api/auth/login` from the test itself; returns the session body. */
export async function apiLogin(request: APIRequestContext, username: string, password: string) {
  const response = await request.post("/api/auth/login", { data: { username, password } });
  expect(response.status(), `API sign-in of ${username}`).toBe(200);
  return (await response.json()) as Session;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The administrator's access token, for setting up accounts through the API. */
export async function adminToken(request: APIRequestContext) {
  return (await apiLogin(request, ADMIN.username, ADMIN.password)).accessToken;
}

export type NewStaff = {
  role?: StaffAccount["role"];
  /** Keep the temporary password the administrator gave (the person must change it first). */
  temporary?: boolean;
};

const PREFIXES = { administrador: "adm", personal: "per", editor: "edi" } as const;
const DISPLAY_NAMES = {
  administrador: "Ana Administradora",
  personal: "Pedro Personal",
  editor: "Elena Editora",
} as const;

/**
 * Creates an account through the API as the administrator would, then (unless `temporary`) lets
 * its owner replace the temporary password, so the account can sign in straight to the CRM.
 */
export async function createStaff(request: APIRequestContext, testInfo: TestInfo, options: NewStaff = {}) {
  const { role = "personal", temporary = false } = options;
  const username = uniqueUsername(testInfo, PREFIXES[role]);
  const email = `${username}@floraprotect.test`;
  const displayName = DISPLAY_NAMES[role];
  const temporaryPassword = "Temporal-de-prueba-2026";
  const created = await request.post("/api/users", {
    headers: bearer(await adminToken(request)),
    data: { username, displayName, email, role, password: temporaryPassword },
  });
  expect(created.status(), `create ${username}`).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const account: StaffAccount = { id, username, displayName, email, role, password: temporaryPassword };
  if (temporary) return account;

  const finalPassword = "Rosas-rojas-en-el-valle-2026";
  const session = await apiLogin(request, username, temporaryPassword);
  const changed = await request.post("/api/auth/password", {
    headers: bearer(session.accessToken),
    data: { currentPassword: temporaryPassword, newPassword: finalPassword },
  });
  expect(changed.status(), `first password of ${username}`).toBe(200);
  return { ...account, password: finalPassword };
}

/** `PATCH /api/users/:id` as the administrator. */
export async function changeStaff(request: APIRequestContext, id: number, change: Record<string, unknown>) {
  const response = await request.patch(`/api/users/${id}`, {
    headers: bearer(await adminToken(request)),
    data: change,
  });
  expect(response.status(), `change account ${id}`).toBe(200);
}

/** The login form's controls, by their accessible names (what screen readers read: keep them). */
export function loginForm(page: Page) {
  return {
    username: page.getByRole("textbox", { name: "Usuario", exact: true }),
    password: page.getByLabel("Contraseña", { exact: true }),
    remember: page.getByRole("checkbox", { name: "Recordarme" }),
    submit: page.getByRole("button", { name: "Iniciar sesión", exact: true }),
    forgot: page.getByRole("link", { name: "¿Olvidaste tu contraseña?" }),
    home: page.getByRole("link", { name: "Volver al inicio" }),
    errorDialog: page.getByRole("dialog", { name: "Error de autenticación" }),
    retry: page.getByRole("button", { name: "Intentar de nuevo" }),
  };
}

/** Opens /login (or `path`) and waits until the form's code runs (its button is enabled). */
export async function openLogin(page: Page, path = "/login") {
  await visit(page, path);
  const form = loginForm(page);
  await expect(form.submit).toBeEnabled({ timeout: 10_000 });
  return form;
}

/** Fills and sends the login form. */
export async function submitLogin(page: Page, username: string, password: string, remember = false) {
  const form = loginForm(page);
  await form.username.fill(username);
  await form.password.fill(password);
  await form.remember.setChecked(remember);
  await form.submit.click();
  return form;
}

/** Signs in through the page and waits for the CRM to show. */
export async function signInThroughPage(
  page: Page,
  account: { username: string; password: string },
  options: { remember?: boolean; path?: string } = {},
) {
  await openLogin(page, options.path);
  await submitLogin(page, account.username, account.password, options.remember);
  await expect(page).toHaveURL(/\/crm(\/|\?|$)/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

/**
 * Signs in as the login form does, without its page: the form's own `POST /api/auth/login`, sent by
 * the page (so the browser keeps the refresh cookie) and the username the form leaves in storage.
 * Then opens `path` (the CRM's start by default) and waits for it. For tests of what comes after
 * signing in; the sign-in itself is tested through the page (signInThroughPage).
 */
const BLANK_PAGE = "/__e2e-blank";

export async function signInThroughApi(page: Page, account: { username: string; password: string }, path = "/crm") {
  // A blank page of the site's origin, made by the browser itself: the cookie and the storage
  // belong to the origin, and no page of the site is loaded for nothing.
  await page.route(BLANK_PAGE, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: '<!doctype html><title>e2e</title><link rel="icon" href="data:,">',
    }),
  );
  await page.goto(BLANK_PAGE);
  await page.unroute(BLANK_PAGE);
  const status = await page.evaluate(
    async ({ username, password, csrfHeader, usernameKey }) => {
      const response = await fetch("/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json", [csrfHeader]: "1" },
        body: JSON.stringify({ username, password }),
      });
      if (response.ok) localStorage.setItem(usernameKey, username);
      return response.status;
    },
    { username: account.username, password: account.password, csrfHeader: CSRF_HEADER, usernameKey: USERNAME_KEY },
  );
  expect(status, `sign-in of ${account.username}`).toBe(200);
  await visit(page, path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

/** The CRM's sidebar, opened first on a narrow screen where it starts closed (spec section 2). */
export async function openCrmMenu(page: Page) {
  const menu = page.getByRole("complementary", { name: "Menú del CRM" });
  if (isMobile(page)) {
    const toggle = page.getByRole("button", { name: "Abrir menú" });
    // A click that lands before the page has hydrated does nothing: click again until it opens.
    await expect(async () => {
      if (await toggle.isVisible()) await toggle.click();
      await expect(menu).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 10_000 });
  }
  await expect(menu).toBeVisible();
  return menu;
}

/**
 * The row of `username` on Usuarios, searched for first: the table shows one page of accounts,
 * and the test server holds hundreds of them.
 */
export async function accountRow(page: Page, username: string) {
  await page.getByRole("searchbox", { name: "Buscar usuario" }).fill(username);
  return page
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: new RegExp(`^${escapeRegExp(username)}`) }) });
}

/**
 * The browser logs a refused or failed API call (401, 403, 429, a dropped connection) as a console
 * error: expected when a test provokes it. Only those lines, for these paths, are forgiven.
 */
export function forgiveFailedApiCalls(pageProblems: PageProblems, paths: string[]) {
  const pattern = new RegExp(
    `Failed to load resource.*/api/(${paths.map((path) => path.replace(/[/.]/g, "\\$&")).join("|")})(\\?[^)]*)?\\)?$`,
  );
  pageProblems.problems = pageProblems.problems.filter((problem) => !pattern.test(problem));
}
