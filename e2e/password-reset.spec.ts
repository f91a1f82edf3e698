import { expect, test } from "./fixtures";
import { waitForMailTo } from "./helpers/mail";
import { visit } from "./helpers/site";
import { createStaff, forgiveFailedApiCalls, loginForm, openLogin, submitLogin } from "./helpers/staff";

// Password reset by email, end to end through a real SMTP server (issue 4, docs/decisions/014).

const RESET_LINK = /https?:\/\/[^\s"'<>]+\/restablecer-contrasena#token=([\w-]+)/;

test("a forgotten password is reset from the emailed link; the old one stops working", async ({
  page,
  request,
  pageProblems,
}, testInfo) => {
  const staff = await createStaff(request, testInfo);
  const form = await openLogin(page);
  await form.forgot.click();
  await expect(page).toHaveURL("/recuperar-contrasena");
  await expect(page.getByRole("heading", { level: 1, name: "Recuperar contraseña" })).toBeVisible();
  const email = page.getByRole("textbox", { name: "Correo electrónico" });
  await email.fill("no-es-un-correo");
  await page.getByRole("button", { name: "Enviar enlace" }).click();
  await expect(email).toHaveAccessibleDescription("El correo electrónico es inválido");
  await email.fill(staff.email.toUpperCase());
  await page.getByRole("button", { name: "Enviar enlace" }).click();
  await expect(page.getByRole("status")).toContainText("El enlace vence en 10 minutos.");

  const [mail] = await waitForMailTo(staff.email);
  const token = RESET_LINK.exec(mail?.text ?? "")?.[1];
  expect(token, "the email carries the reset link").toBeTruthy();
  // The test server's PUBLIC_URL names another host: the same link, opened on this one.
  await visit(page, `/restablecer-contrasena#token=${token}`);
  await expect(page.getByRole("heading", { level: 1, name: "Restablecer contraseña" })).toBeVisible();
  const newPassword = page.getByLabel("Nueva contraseña", { exact: true });
  await expect(newPassword).toHaveAccessibleDescription(/al menos 15 caracteres/);
  await newPassword.fill("corto");
  await page.getByLabel("Confirmar contraseña", { exact: true }).fill("corto");
  await page.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(newPassword).toHaveAccessibleDescription(/La contraseña debe tener al menos 8 caracteres/);
  await newPassword.fill("Orquideas-del-oriente-2026");
  await page.getByLabel("Confirmar contraseña", { exact: true }).fill("Orquideas-del-oriente-2026");
  await page.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(page.getByRole("status")).toContainText("Ya puedes iniciar sesión con la nueva contraseña.");

  // The link was single use. (A fresh load: the same address with its fragment would not reload.)
  await page.goto("about:blank");
  await visit(page, `/restablecer-contrasena#token=${token}`);
  await page.getByLabel("Nueva contraseña", { exact: true }).fill("Otra-clave-mas-larga-2026");
  await page.getByLabel("Confirmar contraseña", { exact: true }).fill("Otra-clave-mas-larga-2026");
  await page.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(page.getByRole("alert")).toContainText("no es válido o ya expiró");
  await expect(page.getByRole("link", { name: "Solicitar un nuevo enlace" })).toHaveAttribute(
    "href",
    "/recuperar-contrasena",
  );

  await openLogin(page);
  await submitLogin(page, staff.username, staff.password);
  await expect(loginForm(page).errorDialog).toContainText("Usuario o contraseña incorrectos");
  await loginForm(page).retry.click();
  await submitLogin(page, staff.username, "Orquideas-del-oriente-2026");
  await expect(page).toHaveURL("/crm");
  forgiveFailedApiCalls(pageProblems, ["auth/reset-password", "auth/login"]);
});

test("an unknown address gets the same answer as a known one", async ({ page }) => {
  await visit(page, "/recuperar-contrasena");
  const email = page.getByRole("textbox", { name: "Correo electrónico" });
  await expect(page.getByRole("button", { name: "Enviar enlace" })).toBeEnabled();
  await email.fill(`nadie-${Date.now()}@floraprotect.test`);
  await page.getByRole("button", { name: "Enviar enlace" }).click();
  await expect(page.getByRole("status")).toContainText(
    "Si el correo pertenece a una cuenta del personal, recibirás un enlace para restablecer la contraseña.",
  );
  await expect(page.getByRole("link", { name: "Volver a iniciar sesión" })).toHaveAttribute("href", "/login");
});

test("the reset page without a token says the link is not valid", async ({ page }) => {
  await visit(page, "/restablecer-contrasena");
  await expect(page.getByRole("alert")).toContainText(
    "El enlace para restablecer la contraseña no es válido o ya expiró. Solicita uno nuevo.",
  );
  await expect(page.getByLabel("Nueva contraseña", { exact: true })).toHaveCount(0);
});

test("the recovery pages are kept out of search engines and the sitemap", async ({ page, request }) => {
  for (const path of ["/recuperar-contrasena", "/restablecer-contrasena"]) {
    await visit(page, path);
    await expect(page.locator('head meta[name="robots"]')).toHaveAttribute("content", "noindex");
  }
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).not.toContain("contrasena");
});
