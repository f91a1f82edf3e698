import { readFileSync } from "node:fs";
import { test as base, expect, type Page } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/axe";
import {
  type AuthenticatorApp,
  addVirtualAuthenticator,
  apiLoginWithCode,
  closeRecoveryCodes,
  confirmAuthenticatorOnScreen,
  endAllSessions,
  enrolAuthenticatorThroughApi,
  expectInCrm,
  openSecondBrowser,
  openSecurity,
  PASSKEY_ORIGIN,
  recoveryCodesDialog,
  secondStep,
  securitySections,
  signOutThroughPage,
  startAuthenticatorOnScreen,
} from "./helpers/second-factor";
import { escapeRegExp } from "./helpers/site";
import {
  accountRow,
  apiLogin,
  bearer,
  createStaff,
  forgiveFailedApiCalls,
  openCrmMenu,
  openLogin,
  type StaffAccount,
  signInThroughPage,
  submitLogin,
} from "./helpers/staff";

// Staff sign-in with a second factor (issue 15): passkeys in Chromium's virtual authenticator,
// authenticator codes computed from the secret on screen, single-use recovery codes, the
// administrators' `Exigir segundo factor` and reset, and the signed-in devices. Nothing is mocked:
// the browser makes and signs real WebAuthn credentials and the server checks real TOTP codes.

// The words of packages/shared/src/second-factor-rules.ts, written out: the test checks them.
const CODE_WRONG = "El código no es correcto o ya se usó. Espera el siguiente e inténtalo de nuevo.";
const RECOVERY_WRONG = "Ese código de recuperación no es válido o ya se usó.";
const ENROL_REQUIRED =
  "Tu cuenta necesita un segundo factor. Agrega una llave de acceso o una aplicación de autenticación para continuar.";

const RECOVERY_CODE = /^[a-z0-9]{5}-[a-z0-9]{5}$/;
const REAUTHENTICATE = "Por seguridad, confirma tu contraseña para continuar.";

type PolicyAdministrator = StaffAccount & { app: AuthenticatorApp };

const test = base.extend<{ policyAdministrator: PolicyAdministrator }>({
  /**
   * An administrator with an authenticator app, for a test that turns `Exigir segundo factor` on: an
   * administrator without a factor would be held on the security screen by the policy they set. The
   * policy is off again when the test ends, whatever happened.
   */
  policyAdministrator: [
    async ({ request }, use, testInfo) => {
      const admin = await createStaff(request, testInfo, { role: "administrador" });
      const { app } = await enrolAuthenticatorThroughApi(request, admin);
      const { accessToken } = await apiLoginWithCode(request, admin, app);
      const setPolicy = async (required: boolean) => {
        const response = await request.put("/api/users/second-factor-policy", {
          headers: bearer(accessToken),
          data: { required },
        });
        expect(response.status(), `second-factor policy ${required ? "on" : "off"}`).toBe(200);
      };
      await setPolicy(false);
      await use({ ...admin, app });
      await setPolicy(false);
    },
    { timeout: 60_000 },
  ],
});

async function openUsers(page: Page) {
  await (await openCrmMenu(page)).getByRole("link", { name: "Usuarios" }).click();
  await expect(page).toHaveURL(/\/crm\/usuarios$/);
  await expect(page.getByRole("heading", { level: 1, name: "Usuarios" })).toBeVisible();
}

/** Signs in with the password and the app's next code. */
async function signInWithCode(page: Page, account: { username: string; password: string }, app: AuthenticatorApp) {
  await openLogin(page);
  await submitLogin(page, account.username, account.password);
  const step = secondStep(page);
  await expect(step.code).toBeFocused();
  await step.code.fill(await app.nextCode());
  await step.verify.click();
  await expectInCrm(page);
}

/** `Agregar llave de acceso` with a name; the virtual authenticator answers the browser's prompt. */
async function addPasskeyOnScreen(page: Page, name: string) {
  await securitySections(page).passkeys.getByRole("button", { name: "Agregar llave de acceso" }).click();
  const dialog = page.getByRole("dialog", { name: "Agregar llave de acceso" });
  await dialog.getByRole("textbox", { name: "Nombre de la llave" }).fill(name);
  await dialog.getByRole("button", { name: "Continuar" }).click();
  await expect(dialog).toBeHidden();
}

test.describe("with a passkey", () => {
  // The site by the name passkeys are made for (PASSKEY_ORIGIN).
  test.use({ baseURL: PASSKEY_ORIGIN });

  test("a passkey added from Seguridad de la cuenta signs in after the password, and alone from /login", async ({
    page,
    request,
  }, testInfo) => {
    const staff = await createStaff(request, testInfo);
    const authenticator = await addVirtualAuthenticator(page);
    await signInThroughPage(page, staff);
    await openSecurity(page);
    const sections = securitySections(page);
    await expect(sections.passkeys).toContainText("Aún no tienes llaves de acceso.");
    await expect(sections.recovery).toContainText("Aún no tienes códigos de recuperación.");

    await addPasskeyOnScreen(page, "Laptop oficina");
    expect(await authenticator.credentials(), "the browser made one discoverable credential").toEqual([
      expect.objectContaining({ isResidentCredential: true }),
    ]);

    // The recovery codes, shown this once.
    const codesDialog = recoveryCodesDialog(page);
    await expect(codesDialog).toBeVisible();
    const codes = await codesDialog.getByRole("listitem").allInnerTexts();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(RECOVERY_CODE);
    expect(new Set(codes).size).toBe(10);

    const downloading = page.waitForEvent("download");
    await codesDialog.getByRole("button", { name: "Descargar códigos" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^codigos-recuperacion-${escapeRegExp(staff.username)}-\\d{4}-\\d{2}-\\d{2}\\.txt$`),
    );
    const file = readFileSync(await download.path(), "utf8");
    expect(file).toContain(`Usuario: ${staff.username}`);
    codes.forEach((code, index) => {
      expect(file).toContain(`${String(index + 1).padStart(2, " ")}. ${code}\n`);
    });

    // Neither Escape nor `Cerrar` loses them before the person says they are kept.
    const close = codesDialog.getByRole("button", { name: "Cerrar", exact: true });
    await expect(close).toBeDisabled();
    await page.keyboard.press("Escape");
    await expect(codesDialog).toBeVisible();
    await closeRecoveryCodes(page);

    await expect(sections.passkeys).toContainText("Se agregó la llave de acceso Laptop oficina.");
    const listed = sections.passkeys.getByRole("listitem");
    await expect(listed).toHaveCount(1);
    await expect(listed).toContainText("Laptop oficina");
    await expect(listed).toContainText("Último uso: nunca");
    await expect(sections.recovery).toContainText("Te quedan 10 códigos de 10");

    // The password, then the passkey.
    await signOutThroughPage(page);
    await submitLogin(page, staff.username, staff.password);
    const step = secondStep(page);
    await expect(step.heading).toBeVisible();
    await expect(step.code, "no authenticator app: no code field").toHaveCount(0);
    await expect(step.useRecovery).toBeVisible();
    await step.passkey.click();
    await expectInCrm(page);

    // The passkey alone: no username, the browser offers the one it holds for this site.
    await signOutThroughPage(page);
    await page.getByRole("button", { name: "Iniciar sesión con llave de acceso" }).click();
    await expectInCrm(page);
    await openSecurity(page);
    await expect(listed).toContainText("Laptop oficina");
    await expect(listed).not.toContainText("Último uso: nunca");
  });
});

test.describe("a sign-in older than ten minutes", () => {
  test.use({ baseURL: PASSKEY_ORIGIN });

  test("adding a passkey asks for the password again, then goes on", async ({
    page,
    request,
    pageProblems,
  }, testInfo) => {
    const staff = await createStaff(request, testInfo);
    await addVirtualAuthenticator(page);
    await signInThroughPage(page, staff);
    await openSecurity(page);
    // The server's clock cannot be moved from here: its first answer is the one it gives a session
    // signed in more than ten minutes ago (the API tests age a real session and get the same).
    let refusedOnce = false;
    await page.route("**/api/account/passkeys/options", async (route) => {
      if (refusedOnce) return route.continue();
      refusedOnce = true;
      await route.fulfill({
        status: 403,
        json: { statusCode: 403, error: "Reauthentication Required", message: REAUTHENTICATE },
      });
    });
    await securitySections(page).passkeys.getByRole("button", { name: "Agregar llave de acceso" }).click();
    const nameDialog = page.getByRole("dialog", { name: "Agregar llave de acceso" });
    await nameDialog.getByRole("textbox", { name: "Nombre de la llave" }).fill("Teléfono");
    await nameDialog.getByRole("button", { name: "Continuar" }).click();

    const confirm = page.getByRole("dialog", { name: "Confirma tu contraseña" });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText(REAUTHENTICATE);
    const password = confirm.getByLabel("Contraseña", { exact: true });
    await password.fill("no-es-la-clave");
    await confirm.getByRole("button", { name: "Confirmar" }).click();
    await expect(confirm.getByText("La contraseña actual no es correcta")).toBeVisible();
    await password.fill(staff.password);
    await confirm.getByRole("button", { name: "Confirmar" }).click();
    await expect(confirm).toBeHidden();
    // The passkey is made as if nothing had happened, and it is the first factor: its codes follow.
    await expect(recoveryCodesDialog(page)).toBeVisible();
    expect(refusedOnce).toBe(true);
    await closeRecoveryCodes(page);
    await expect(securitySections(page).passkeys.getByRole("listitem")).toContainText("Teléfono");
    // The refusal and the wrong password were answered on purpose.
    forgiveFailedApiCalls(pageProblems, ["account/passkeys/options", "account/confirm-password"]);
  });
});

test("confirming it's you with an authenticator app: the password, then the app's code", async ({
  page,
  request,
  pageProblems,
}, testInfo) => {
  const staff = await createStaff(request, testInfo);
  const { app } = await enrolAuthenticatorThroughApi(request, staff);
  await openLogin(page);
  await submitLogin(page, staff.username, staff.password);
  const step = secondStep(page);
  await step.code.fill(await app.nextCode());
  await step.verify.click();
  await expectInCrm(page);
  await openSecurity(page);
  // As in the passkey test above: the server's answer to a session signed in over ten minutes ago.
  let refusedOnce = false;
  await page.route("**/api/account/recovery-codes", async (route) => {
    if (refusedOnce) return route.continue();
    refusedOnce = true;
    await route.fulfill({
      status: 403,
      json: { statusCode: 403, error: "Reauthentication Required", message: REAUTHENTICATE },
    });
  });
  await securitySections(page).recovery.getByRole("button", { name: "Generar códigos nuevos" }).click();
  await page
    .getByRole("alertdialog", { name: "¿Reemplazar tus códigos de recuperación?" })
    .getByRole("button", { name: "Reemplazar códigos" })
    .click();

  const password = page.getByRole("dialog", { name: "Confirma tu contraseña" });
  await password.getByLabel("Contraseña", { exact: true }).fill(staff.password);
  await password.getByRole("button", { name: "Confirmar" }).click();
  // The password alone is not enough for an account with a second factor.
  const confirm = page.getByRole("dialog", { name: "Confirma que eres tú" });
  const code = confirm.getByRole("textbox", { name: "Código de verificación" });
  await expect(code).toBeFocused();
  await expectNoAxeViolations(page);
  await code.fill(app.wrongCode());
  await confirm.getByRole("button", { name: "Verificar", exact: true }).click();
  await expect(confirm.getByText(CODE_WRONG)).toBeVisible();
  await code.fill(await app.nextCode());
  await confirm.getByRole("button", { name: "Verificar", exact: true }).click();
  await expect(confirm).toBeHidden();
  // And what was being done carries on: the new codes are shown.
  await expect(recoveryCodesDialog(page)).toBeVisible();
  expect(refusedOnce).toBe(true);
  forgiveFailedApiCalls(pageProblems, ["account/recovery-codes", "account/confirm-second-factor"]);
});

test("an authenticator app: QR and secret, a code to confirm; its codes at sign-in; a recovery code works once", async ({
  page,
  request,
  pageProblems,
}, testInfo) => {
  const staff = await createStaff(request, testInfo);
  await signInThroughPage(page, staff);
  await openSecurity(page);
  const sections = securitySections(page);

  const app = await startAuthenticatorOnScreen(page);
  await confirmAuthenticatorOnScreen(page, app);
  const codesDialog = recoveryCodesDialog(page);
  await expect(codesDialog).toBeVisible();
  const codes = await codesDialog.getByRole("listitem").allInnerTexts();
  expect(codes).toHaveLength(10);
  await closeRecoveryCodes(page);
  await expect(sections.authenticator).toContainText("Tu aplicación de autenticación quedó configurada.");
  await expect(sections.authenticator).toContainText(/Configurada el /);
  await expect(
    sections.authenticator.getByRole("button", { name: "Quitar aplicación de autenticación" }),
  ).toBeVisible();

  // A wrong code is refused in Spanish, under the field; the app's code lets the person in.
  await signOutThroughPage(page);
  await submitLogin(page, staff.username, staff.password);
  const step = secondStep(page);
  await expect(step.heading).toBeVisible();
  await expect(step.passkey, "no passkey: no passkey button").toHaveCount(0);
  await expect(step.code).toBeFocused();
  await step.code.fill(app.wrongCode());
  await step.verify.click();
  await expect(step.code).toHaveAttribute("aria-invalid", "true");
  await expect(step.code).toHaveAccessibleDescription(new RegExp(escapeRegExp(CODE_WRONG)));
  await expect(step.code).toBeFocused();
  await step.code.fill(await app.nextCode());
  await step.verify.click();
  await expectInCrm(page);

  // A recovery code, typed as a person might (capitals), works once.
  await signOutThroughPage(page);
  await submitLogin(page, staff.username, staff.password);
  await step.useRecovery.click();
  await expect(step.recoveryCode).toBeFocused();
  await step.recoveryCode.fill(codes[0]?.toUpperCase() ?? "");
  await step.verify.click();
  await expectInCrm(page);
  await openSecurity(page);
  await expect(sections.recovery).toContainText("Te quedan 9 códigos de 10");

  await signOutThroughPage(page);
  await submitLogin(page, staff.username, staff.password);
  await step.useRecovery.click();
  await step.recoveryCode.fill(codes[0] ?? "");
  await step.verify.click();
  await expect(step.recoveryCode).toHaveAccessibleDescription(new RegExp(escapeRegExp(RECOVERY_WRONG)));
  await expect(page).toHaveURL(/\/login$/);
  // Another of the codes still opens the CRM.
  await step.recoveryCode.fill(codes[1] ?? "");
  await step.verify.click();
  await expectInCrm(page);
  // Each refused code is a 401 the browser logs.
  forgiveFailedApiCalls(pageProblems, ["auth/second-factor"]);
});

test.describe("required by the administrators", () => {
  // Tagged @site-setting: the policy holds for every account (the `admin` that creates the other
  // tests' accounts too), so it runs after every other browser test, by itself (playwright.config.ts).
  test("without a factor only Seguridad de la cuenta opens, until an authenticator app is added @site-setting", async ({
    page,
    browser,
    baseURL,
    request,
    pageProblems,
    policyAdministrator: admin,
  }, testInfo) => {
    const staff = await createStaff(request, testInfo);
    // The administrator's browser at Usuarios, the staff member's at the sign-in form: the policy
    // is on only for what must happen while it is.
    await signInWithCode(page, admin, admin.app);
    await openUsers(page);
    const policy = page.getByRole("checkbox", { name: "Exigir segundo factor" });
    await expect(policy).not.toBeChecked();
    const staffBrowser = await openSecondBrowser(browser, { baseURL, page, pageProblems, testInfo });
    const staffPage = staffBrowser.page;
    await openLogin(staffPage);

    await policy.check();
    await expect(page.getByText("Ahora se exige un segundo factor.", { exact: false })).toBeVisible();
    await expect(policy).toBeChecked();

    await submitLogin(staffPage, staff.username, staff.password);
    await expect(staffPage).toHaveURL(/\/crm\/seguridad$/);
    await expect(staffPage.getByText(ENROL_REQUIRED)).toBeVisible();
    const menu = await openCrmMenu(staffPage);
    await expect(menu.getByRole("navigation", { name: "CRM" }), "no other CRM page to go to").toHaveCount(0);
    await expect(menu.getByRole("link", { name: "Seguridad de la cuenta" })).toBeVisible();

    // Typing another CRM address leads back here.
    await staffPage.goto("/crm/mensajes");
    await expect(staffPage).toHaveURL(/\/crm\/seguridad$/);
    await expect(staffPage.getByText(ENROL_REQUIRED)).toBeVisible();
    await expect(staffPage.getByRole("heading", { level: 1, name: "Contactos" })).toHaveCount(0);

    const app = await startAuthenticatorOnScreen(staffPage);
    await confirmAuthenticatorOnScreen(staffPage, app);
    await expect(recoveryCodesDialog(staffPage)).toBeVisible();
    await closeRecoveryCodes(staffPage);
    await expect(staffPage.getByText(ENROL_REQUIRED)).toBeHidden();
    await (await openCrmMenu(staffPage)).getByRole("link", { name: "Mensajes" }).click();
    await expect(staffPage).toHaveURL(/\/crm\/mensajes$/);
    await expect(staffPage.getByRole("heading", { level: 1, name: "Contactos" })).toBeVisible();

    await policy.uncheck();
    await expect(page.getByText("Ya no se exige un segundo factor.", { exact: false })).toBeVisible();
    await staffBrowser.context.close();
  });
});

test("Sesiones activas lists both devices and Cerrar las demás ends the other one", async ({
  page,
  browser,
  baseURL,
  request,
  pageProblems,
}, testInfo) => {
  const staff = await createStaff(request, testInfo);
  // Creating the account through the API left a session open: only the two browsers' remain.
  await endAllSessions(request, staff);
  await signInThroughPage(page, staff);
  const other = await openSecondBrowser(browser, { baseURL, page, pageProblems, testInfo });
  await signInThroughPage(other.page, staff);

  await openSecurity(page);
  const sessions = securitySections(page).sessions;
  const devices = sessions.getByRole("listitem");
  await expect(devices).toHaveCount(2);
  await expect(devices.first()).toContainText("Este dispositivo");
  await expect(devices.nth(1)).not.toContainText("Este dispositivo");
  for (const device of await devices.all())
    await expect(device).toContainText(/Chrome en \S+.*Inició sesión el .+ desde \S+ · Red: Red local/s);

  const problemsBefore = pageProblems.problems.length;
  await sessions.getByRole("button", { name: "Cerrar las demás" }).click();
  await expect(sessions).toContainText("Se cerró 1 sesión.");
  await expect(devices).toHaveCount(1);
  await expect(devices).toContainText("Este dispositivo");
  await expect(sessions.getByRole("button", { name: "Cerrar las demás" })).toHaveCount(0);

  // The other browser's next step in the CRM leads to the sign-in page.
  await (await openCrmMenu(other.page)).getByRole("link", { name: "Mensajes" }).click();
  await expect(other.page).toHaveURL(/\/login\?redirectTo=/);
  await expect(other.page.getByRole("button", { name: "Iniciar sesión", exact: true })).toBeVisible();
  // This one goes on.
  await (await openCrmMenu(page)).getByRole("link", { name: "Mensajes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Contactos" })).toBeVisible();
  await other.context.close();
  // From then on the other browser's calls are refused (401): which ones depends on what its CRM
  // screen was fetching. Only those, after the session ended, are expected.
  pageProblems.problems = pageProblems.problems.filter(
    (problem, index) =>
      index < problemsBefore ||
      !problem.startsWith(
        "console.error (second browser): Failed to load resource: the server responded with a status of 401",
      ),
  );
});

test("an administrator's Restablecer segundo factor lets the person sign in with the password alone", async ({
  page,
  request,
}, testInfo) => {
  const staff = await createStaff(request, testInfo);
  await enrolAuthenticatorThroughApi(request, staff);
  const before = await request.post("/api/auth/login", {
    data: { username: staff.username, password: staff.password },
  });
  expect(await before.json(), "the password alone is not enough").toMatchObject({ step: "second_factor" });

  const admin = await createStaff(request, testInfo, { role: "administrador" });
  await signInThroughPage(page, admin);
  await openUsers(page);
  const row = await accountRow(page, staff.username);
  await row.getByRole("button", { name: `Restablecer segundo factor de ${staff.username}` }).click();
  const confirm = page.getByRole("alertdialog", { name: `¿Restablecer el segundo factor de ${staff.username}?` });
  await confirm.getByRole("button", { name: "Restablecer", exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(
    page.getByText(
      `Se quitaron las llaves de acceso, la aplicación de autenticación y los códigos de recuperación de ${staff.username}.`,
      { exact: false },
    ),
  ).toBeVisible();
  await expect(row.getByRole("button", { name: /^Restablecer segundo factor/ })).toHaveCount(0);

  await signOutThroughPage(page);
  await submitLogin(page, staff.username, staff.password);
  await expectInCrm(page);
  await expect(secondStep(page).heading).toHaveCount(0);
  await openSecurity(page);
  await expect(
    securitySections(page).authenticator.getByRole("button", { name: "Configurar aplicación de autenticación" }),
  ).toBeVisible();
  await expect(securitySections(page).recovery).toContainText("Aún no tienes códigos de recuperación.");
  expect((await apiLogin(request, staff.username, staff.password)).accessToken).toBeTruthy();
});

test.describe("accessibility", () => {
  test.use({ baseURL: PASSKEY_ORIGIN });

  test("axe finds nothing on Seguridad de la cuenta (set-up, codes dialog, both factors) nor on the second step", async ({
    page,
    request,
    pageProblems,
  }, testInfo) => {
    // Seven axe runs of a few seconds each, and two sign-ins: over 30 s on a busy machine.
    test.slow();
    const staff = await createStaff(request, testInfo);
    await addVirtualAuthenticator(page);
    await signInThroughPage(page, staff);
    await openSecurity(page);
    await expectNoAxeViolations(page);

    await addPasskeyOnScreen(page, "Laptop oficina");
    await expect(recoveryCodesDialog(page)).toBeVisible();
    await expectNoAxeViolations(page);
    await closeRecoveryCodes(page);

    const app = await startAuthenticatorOnScreen(page);
    await expectNoAxeViolations(page);
    await confirmAuthenticatorOnScreen(page, app);
    const sections = securitySections(page);
    await expect(sections.authenticator).toContainText("Tu aplicación de autenticación quedó configurada.");
    // Not the first factor: no new codes.
    await expect(recoveryCodesDialog(page)).toHaveCount(0);
    await expect(sections.passkeys.getByRole("listitem")).toHaveCount(1);
    await expectNoAxeViolations(page);

    await signOutThroughPage(page);
    await submitLogin(page, staff.username, staff.password);
    const step = secondStep(page);
    await expect(step.passkey).toBeVisible();
    await expect(step.code).toBeVisible();
    await expectNoAxeViolations(page);
    await step.code.fill(app.wrongCode());
    await step.verify.click();
    await expect(step.code).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
    await step.useRecovery.click();
    await expect(step.recoveryCode).toBeVisible();
    await expectNoAxeViolations(page);
    // The wrong code's 401, logged by the browser.
    forgiveFailedApiCalls(pageProblems, ["auth/second-factor"]);
  });
});
