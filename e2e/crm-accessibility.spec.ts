import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/axe";
import { isMobile, visit } from "./helpers/site";
import {
  createStaff,
  forgiveFailedApiCalls,
  loginForm,
  openCrmMenu,
  openLogin,
  signInThroughPage,
  submitLogin,
} from "./helpers/staff";

// axe-core finds no violation on the sign-in pages and the CRM, on both widths.

test.describe("axe: sign-in pages", () => {
  for (const path of [
    "/login",
    "/recuperar-contrasena",
    "/restablecer-contrasena",
    "/restablecer-contrasena#token=abc",
  ]) {
    test(`${path} has no axe violations`, async ({ page }) => {
      await visit(page, path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test("/login with its error dialog open and invalid fields has no axe violations", async ({ page, pageProblems }) => {
    const form = await openLogin(page);
    await form.submit.click();
    await expect(form.username).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
    await page.route("**/api/auth/login", (route) => route.abort("connectionrefused"));
    await submitLogin(page, "alguien", "una-clave-cualquiera");
    await expect(loginForm(page).errorDialog).toBeVisible();
    await expectNoAxeViolations(page);
    forgiveFailedApiCalls(pageProblems, ["auth/login"]);
  });

  test("/recuperar-contrasena after sending has no axe violations", async ({ page }) => {
    await visit(page, "/recuperar-contrasena");
    await expect(page.getByRole("button", { name: "Enviar enlace" })).toBeEnabled();
    await page.getByRole("textbox", { name: "Correo electrónico" }).fill("nadie@floraprotect.test");
    await page.getByRole("button", { name: "Enviar enlace" }).click();
    await expect(page.getByRole("status")).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe("axe: CRM", () => {
  test("every CRM screen of an administrator has no axe violations", async ({ page, request }, testInfo) => {
    // Five screens, each loaded and audited: more than one test's usual time on a busy machine.
    test.slow();
    const admin = await createStaff(request, testInfo, { role: "administrador" });
    await signInThroughPage(page, admin);
    for (const [path, heading] of [
      ["/crm", "Dashboard"],
      ["/crm/mensajes", "Contactos"],
      ["/crm/usuarios", "Usuarios"],
      ["/crm/auditoria", "Auditoría"],
      ["/crm/cambiar-contrasena", "Cambiar contraseña"],
    ] as const) {
      await test.step(path, async () => {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
        await expectNoAxeViolations(page);
      });
    }
  });

  test("the Usuarios dialogs and the open sidebar have no axe violations", async ({ page, request }, testInfo) => {
    const admin = await createStaff(request, testInfo, { role: "administrador" });
    await signInThroughPage(page, admin, { path: "/login?redirectTo=%2Fcrm%2Fusuarios" });
    await page.getByRole("button", { name: "Nuevo usuario" }).click();
    const dialog = page.getByRole("dialog", { name: "Nuevo usuario" });
    await dialog.getByRole("button", { name: "Crear usuario" }).click();
    await expect(dialog.getByRole("textbox", { name: "Usuario" })).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Cancelar" }).click();

    await page.getByRole("button", { name: `Contraseña temporal de ${admin.username}` }).click();
    await expect(page.getByRole("dialog", { name: `Contraseña temporal de ${admin.username}` })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Cancelar" }).click();

    if (isMobile(page)) {
      await openCrmMenu(page);
      await expectNoAxeViolations(page);
    }
  });

  test("a personal account's refusal and the forced password change have no axe violations", async ({
    page,
    request,
  }, testInfo) => {
    const staff = await createStaff(request, testInfo, { temporary: true });
    await openLogin(page);
    await submitLogin(page, staff.username, staff.password);
    await expect(page).toHaveURL("/crm/cambiar-contrasena");
    await expect(page.getByText("Debes cambiar tu contraseña temporal antes de continuar.")).toBeVisible();
    await expectNoAxeViolations(page);

    const other = await createStaff(request, testInfo);
    await (await openCrmMenu(page)).getByRole("button", { name: "Cerrar sesión" }).click();
    // Let the sign-out finish: a reload in the middle would keep the old cookie and "username",
    // and the sign-in page would then try (and fail) to restore that ended session.
    await expect(page).toHaveURL(/\/login/);
    await signInThroughPage(page, other, { path: "/login?redirectTo=%2Fcrm%2Fusuarios" });
    await expect(page.getByRole("alert")).toContainText("No tienes permiso");
    await expectNoAxeViolations(page);
  });
});
