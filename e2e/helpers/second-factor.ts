import { type APIRequestContext, type Browser, expect, type Page, type TestInfo } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import type { PageProblems } from "../fixtures";
import { apiLogin, bearer, openCrmMenu } from "./staff";

// The second factor of issue 15 as a person meets it: a passkey in Chromium's virtual authenticator
// (WebAuthn through the DevTools protocol: the browser makes and signs real credentials), and an
// authenticator app played by the test, which computes the codes from the secret the screen shows.

/**
 * Passkeys belong to the site of the server's PUBLIC_URL, `http://localhost:<port>` by default (the
 * test server sets none): a browser refuses them on `http://127.0.0.1`, an IP address being no RP ID.
 * Tests that make or use a passkey open the site by that name.
 */
export const PASSKEY_ORIGIN = `http://localhost:${process.env.E2E_PORT ?? 3100}`;

/**
 * Gives the page a platform authenticator (a fingerprint reader, say) that keeps discoverable
 * credentials, checks the person and answers at once. Returns its stored credentials' count.
 */
export async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
  };
}

const PERIOD_MS = 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An authenticator app holding one secret: SHA-1, 6 digits, 30-second steps (RFC 6238). The server
 * takes the step before and after the current one, each step once and never an earlier one; the app
 * gives each step at most once, so a test signs in three times in a row without waiting half a minute.
 */
export class AuthenticatorApp {
  readonly secret: string;
  private lastStep = Number.NEGATIVE_INFINITY;

  /** `secret` as base32; the spaces of the on-screen grouping are dropped. */
  constructor(secret: string) {
    this.secret = secret.replace(/\s/g, "");
  }

  codeAt(step: number) {
    return TOTP.generate({
      algorithm: "SHA1",
      digits: 6,
      period: PERIOD_MS / 1000,
      secret: Secret.fromBase32(this.secret),
      timestamp: step * PERIOD_MS,
    });
  }

  /** A code the server accepts now and that was not given before (waits for the next step if need be). */
  async nextCode() {
    for (;;) {
      const now = Date.now();
      const current = Math.floor(now / PERIOD_MS);
      const left = (current + 1) * PERIOD_MS - now;
      // The step before the current one leaves the window when this one ends: only with time to spare
      // for typing it and the server's answer on a slow machine.
      const earliest = left > 8_000 ? current - 1 : current;
      const step = Math.max(this.lastStep + 1, earliest);
      if (step <= current + 1) {
        this.lastStep = step;
        return this.codeAt(step);
      }
      await sleep(left + 100);
    }
  }

  /** Six digits no step near now gives: a mistyped code. */
  wrongCode() {
    const current = Math.floor(Date.now() / PERIOD_MS);
    const near = new Set([-2, -1, 0, 1, 2].map((offset) => this.codeAt(current + offset)));
    for (let candidate = 123_456; ; candidate += 111_111) {
      const code = String(candidate % 1_000_000).padStart(6, "0");
      if (!near.has(code)) return code;
    }
  }
}

type Session = { accessToken: string; refreshToken?: string };
type SecondFactorStep = { step: "second_factor"; stepToken: string; methods: string[] };

/**
 * Enrols an authenticator app through the API as the security screen does (set-up, then a code),
 * for tests about something else. Returns the app and the recovery codes shown.
 */
export async function enrolAuthenticatorThroughApi(
  request: APIRequestContext,
  account: { username: string; password: string },
) {
  const { accessToken } = await apiLogin(request, account.username, account.password);
  const started = await request.post("/api/account/authenticator", { headers: bearer(accessToken) });
  expect(started.status(), `authenticator set-up of ${account.username}`).toBe(200);
  const app = new AuthenticatorApp(((await started.json()) as { secret: string }).secret);
  const confirmed = await request.post("/api/account/authenticator/confirm", {
    headers: bearer(accessToken),
    data: { code: await app.nextCode() },
  });
  expect(confirmed.status(), `authenticator confirmation of ${account.username}`).toBe(200);
  const { recoveryCodes } = (await confirmed.json()) as { recoveryCodes: string[] | null };
  return { app, recoveryCodes: recoveryCodes ?? [] };
}

/** `POST /api/auth/login` then the app's code, as an API client of an account with a second factor. */
export async function apiLoginWithCode(
  request: APIRequestContext,
  account: { username: string; password: string },
  app: AuthenticatorApp,
) {
  const first = await request.post("/api/auth/login", {
    data: { username: account.username, password: account.password },
  });
  expect(first.status(), `password of ${account.username}`).toBe(200);
  const step = (await first.json()) as SecondFactorStep;
  expect(step.step).toBe("second_factor");
  const second = await request.post("/api/auth/second-factor", {
    data: { stepToken: step.stepToken, method: "authenticator", code: await app.nextCode() },
  });
  expect(second.status(), `second factor of ${account.username}`).toBe(200);
  return (await second.json()) as Session;
}

/** Ends every session of the account (the ones creating it through the API left open). */
export async function endAllSessions(request: APIRequestContext, account: { username: string; password: string }) {
  const session = (await apiLogin(request, account.username, account.password)) as Session;
  const ended = await request.post("/api/account/sessions/end-others", { headers: bearer(session.accessToken) });
  expect(ended.status()).toBe(200);
  const out = await request.post("/api/auth/logout", { data: { refreshToken: session.refreshToken } });
  expect(out.status()).toBe(204);
}

/** The sign-in's second step, by the names people and screen readers know it by. */
export function secondStep(page: Page) {
  return {
    heading: page.getByRole("heading", { name: "Verificación en dos pasos" }),
    passkey: page.getByRole("button", { name: "Usar llave de acceso", exact: true }),
    code: page.getByRole("textbox", { name: "Código de verificación" }),
    recoveryCode: page.getByRole("textbox", { name: "Código de recuperación" }),
    useRecovery: page.getByRole("button", { name: "Usar un código de recuperación" }),
    verify: page.getByRole("button", { name: "Verificar", exact: true }),
    cancel: page.getByRole("button", { name: "Cancelar", exact: true }),
  };
}

/** Waits for the CRM after a sign-in. */
export async function expectInCrm(page: Page) {
  await expect(page).toHaveURL(/\/crm(\?|$)/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
}

/** `Cerrar sesión` from the sidebar, back on the sign-in page. */
export async function signOutThroughPage(page: Page) {
  await (await openCrmMenu(page)).getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("button", { name: "Iniciar sesión", exact: true })).toBeEnabled();
}

/** Opens `Seguridad de la cuenta` from the user block of the sidebar. */
export async function openSecurity(page: Page) {
  await (await openCrmMenu(page)).getByRole("link", { name: "Seguridad de la cuenta" }).click();
  await expect(page).toHaveURL(/\/crm\/seguridad$/);
  await expect(page.getByRole("heading", { level: 1, name: "Seguridad de la cuenta" })).toBeVisible();
}

/** The security screen's sections (each a region named by its heading). */
export function securitySections(page: Page) {
  return {
    passkeys: page.getByRole("region", { name: "Llaves de acceso" }),
    authenticator: page.getByRole("region", { name: "Aplicación de autenticación" }),
    recovery: page.getByRole("region", { name: "Códigos de recuperación" }),
    sessions: page.getByRole("region", { name: "Sesiones activas" }),
  };
}

/** The dialog that shows new recovery codes once. */
export const recoveryCodesDialog = (page: Page) => page.getByRole("dialog", { name: "Tus códigos de recuperación" });

/** Ticks "Los guardé en un lugar seguro" and closes the recovery codes' dialog. */
export async function closeRecoveryCodes(page: Page) {
  const dialog = recoveryCodesDialog(page);
  await dialog.getByRole("checkbox", { name: "Los guardé en un lugar seguro" }).check();
  await dialog.getByRole("button", { name: "Cerrar", exact: true }).click();
  await expect(dialog).toBeHidden();
}

/**
 * `Configurar aplicación de autenticación`: the QR code shows, and the secret is read off the screen
 * as a person types it into the app. Returns the app, which has not given a code yet.
 */
export async function startAuthenticatorOnScreen(page: Page) {
  const section = securitySections(page).authenticator;
  await section.getByRole("button", { name: "Configurar aplicación de autenticación" }).click();
  const qr = section.getByRole("img", { name: "Código QR para agregar esta cuenta a tu aplicación de autenticación" });
  await expect(qr).toBeVisible();
  // Drawn, not a broken image.
  await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  const shown = (await section.locator("code").innerText()).trim();
  expect(shown, "the secret, in groups of four").toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  return new AuthenticatorApp(shown);
}

/** Types the app's code into the set-up and confirms it. */
export async function confirmAuthenticatorOnScreen(page: Page, app: AuthenticatorApp) {
  const section = securitySections(page).authenticator;
  await section.getByRole("textbox", { name: "Código de verificación" }).fill(await app.nextCode());
  await section.getByRole("button", { name: "Confirmar", exact: true }).click();
}

/**
 * A second browser (another device of the same person, or a colleague's) shaped like the test's own:
 * same site, language, screen and touch. Its console errors and uncaught exceptions fail the test
 * as the `pageProblems` fixture does for the first (forgiveFailedApiCalls forgives them the same way).
 */
export async function openSecondBrowser(
  browser: Browser,
  {
    baseURL,
    page,
    pageProblems,
    testInfo,
  }: { baseURL: string | undefined; page: Page; pageProblems: PageProblems; testInfo: TestInfo },
) {
  const context = await browser.newContext({
    baseURL,
    locale: "es-EC",
    viewport: page.viewportSize(),
    hasTouch: testInfo.project.use.hasTouch ?? false,
  });
  context.on("console", (message) => {
    if (message.type() !== "error") return;
    const where = message.location().url;
    pageProblems.problems.push(`console.error (second browser): ${message.text()}${where ? ` (${where})` : ""}`);
  });
  context.on("weberror", (webError) => {
    pageProblems.problems.push(`page error (second browser): ${webError.error().stack ?? webError.error().message}`);
  });
  return { context, page: await context.newPage() };
}
