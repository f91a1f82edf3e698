import { expect, test } from "./fixtures";
import { isMobile } from "./helpers/site";
import { createStaff, openCrmMenu, signInThroughPage } from "./helpers/staff";

// The CRM's frame (spec section 2): sidebar, user block, Dashboard and Mensajes screens.

test("the sidebar: open from 768 px, closed below, toggled by its button", async ({ page, request }, testInfo) => {
  const staff = await createStaff(request, testInfo);
  await signInThroughPage(page, staff);
  const menu = page.getByRole("complementary", { name: "Menú del CRM" });
  if (isMobile(page)) {
    await expect(menu).toBeHidden();
    const open = page.getByRole("button", { name: "Abrir menú" });
    await expect(open).toHaveAttribute("aria-expanded", "false");
    await open.click();
    await expect(menu).toBeVisible();
    await expect(page.getByRole("button", { name: "Cerrar menú" })).toHaveAttribute("aria-expanded", "true");
    // Choosing a page closes the panel on a phone.
    await menu.getByRole("link", { name: "Mensajes" }).click();
    await expect(page).toHaveURL("/crm/mensajes");
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Abrir menú" }).click();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
  } else {
    await expect(menu).toBeVisible();
    await page.getByRole("button", { name: "Cerrar menú" }).click();
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Abrir menú" }).click();
    await expect(menu).toBeVisible();
  }
});

test("the user block names the person and their role; the links lead to the screens", async ({
  page,
  request,
}, testInfo) => {
  const staff = await createStaff(request, testInfo);
  await signInThroughPage(page, staff);
  await expect(page).toHaveTitle(/^Dashboard \| CRM /);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  const menu = await openCrmMenu(page);
  await expect(menu.getByText("PP", { exact: true })).toBeVisible();
  await expect(menu.getByText("Pedro Personal", { exact: true })).toBeVisible();
  await expect(menu.getByText("Personal", { exact: true })).toBeVisible();
  await expect(menu.getByText("CRM v1.0")).toBeVisible();
  await expect(menu.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  await expect(menu.getByRole("button", { name: "Cerrar sesión" })).toBeVisible();

  await menu.getByRole("link", { name: "Mensajes" }).click();
  await expect(page).toHaveURL("/crm/mensajes");
  await expect(page.getByRole("heading", { level: 1, name: "Contactos" })).toBeVisible();
  await expect(page.getByText("Gestión de contactos y mensajes", { exact: true })).toBeVisible();

  await (await openCrmMenu(page)).getByRole("link", { name: "Cambiar contraseña" }).click();
  await expect(page).toHaveURL("/crm/cambiar-contrasena");
  await expect(page.getByRole("heading", { level: 1, name: "Cambiar contraseña" })).toBeVisible();
});

test("an administrator's block says Administrador and shows Usuarios and Auditoría", async ({
  page,
  request,
}, testInfo) => {
  const admin = await createStaff(request, testInfo, { role: "administrador" });
  await signInThroughPage(page, admin);
  const menu = await openCrmMenu(page);
  await expect(menu.getByText("Administrador", { exact: true })).toBeVisible();
  await expect(menu.getByText("AA", { exact: true })).toBeVisible();
  for (const name of ["Dashboard", "Mensajes", "Usuarios", "Auditoría"]) {
    await expect(menu.getByRole("link", { name })).toBeVisible();
  }
});

test("the CRM's touch targets are at least 44 px tall", async ({ page, request }, testInfo) => {
  const admin = await createStaff(request, testInfo, { role: "administrador" });
  await signInThroughPage(page, admin);
  const menu = await openCrmMenu(page);
  const controls = [
    page.getByRole("button", { name: /menú/ }),
    ...(await menu.getByRole("link").all()),
    menu.getByRole("button", { name: "Cerrar sesión" }),
  ];
  for (const control of controls) {
    const box = await control.boundingBox();
    expect(box?.height ?? 0, (await control.textContent()) ?? "").toBeGreaterThanOrEqual(44);
  }
});
