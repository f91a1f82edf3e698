import { expect, type Page, test } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/axe";
import { createContact, uniqueTag } from "./helpers/crm";
import { openSecondBrowser } from "./helpers/second-factor";
import {
  accountRow,
  apiLogin,
  bearer,
  changeStaff,
  createStaff,
  forgiveFailedApiCalls,
  loginForm,
  openCrmMenu,
  signInThroughPage,
  submitLogin,
  uniqueUsername,
} from "./helpers/staff";

// The "Usuarios" screen (issue 4): administrators list, create, change role, disable and set a
// temporary password; personal staff cannot reach it.

async function openUsers(page: Page) {
  await (await openCrmMenu(page)).getByRole("link", { name: "Usuarios" }).click();
  await expect(page).toHaveURL("/crm/usuarios");
  await expect(page.getByRole("heading", { level: 1, name: "Usuarios" })).toBeVisible();
}

test("an administrator creates an account, changes its role and disables it", async ({
  page,
  request,
  pageProblems,
}, testInfo) => {
  const admin = await createStaff(request, testInfo, { role: "administrador" });
  await signInThroughPage(page, admin);
  await openUsers(page);
  for (const title of ["Usuario", "Nombre", "Correo", "Rol", "Estado", "Último acceso", "Acciones"]) {
    await expect(page.getByRole("columnheader", { name: title, exact: true })).toBeVisible();
  }
  // On a laptop's 1280 px the table fits its card beside the menu; only a phone scrolls it sideways.
  if ((page.viewportSize()?.width ?? 0) >= 1280) {
    const table = page.getByRole("region", { name: "Cuentas del personal" });
    expect(await table.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  }

  await page.getByRole("button", { name: "Nuevo usuario" }).click();
  const dialog = page.getByRole("dialog", { name: "Nuevo usuario" });
  await expect(dialog).toBeVisible();
  // The shared schema judges the form before anything is sent.
  await dialog.getByRole("button", { name: "Crear usuario" }).click();
  await expect(dialog.getByRole("textbox", { name: "Usuario" })).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Contraseña temporal")).toHaveAccessibleDescription(
    /La contraseña debe tener al menos 8 caracteres/,
  );

  const username = uniqueUsername(testInfo, "nuevo");
  const email = `${username}@floraprotect.test`;
  await dialog.getByRole("textbox", { name: "Usuario" }).fill(username);
  await dialog.getByRole("textbox", { name: "Nombre" }).fill("Lucía Andrade");
  await dialog.getByRole("textbox", { name: "Correo electrónico" }).fill(email);
  await dialog.getByRole("combobox", { name: "Rol" }).selectOption({ label: "Personal" });
  await dialog.getByLabel("Contraseña temporal").fill("Temporal-de-prueba-2026");
  await dialog.getByRole("button", { name: "Crear usuario" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status")).toContainText(`Se creó la cuenta ${username}`);
  const row = await accountRow(page, username);
  await expect(row).toContainText("Lucía Andrade");
  await expect(row).toContainText(email);
  await expect(row).toContainText("Activo");
  await expect(row).toContainText("Debe cambiar la contraseña");
  await expect(row).toContainText("Nunca");
  await expect(row.getByRole("combobox", { name: `Rol de ${username}` })).toHaveValue("personal");

  // The same username again: the server's 409, in Spanish, under the field to change.
  await page.getByRole("button", { name: "Nuevo usuario" }).click();
  await dialog.getByRole("textbox", { name: "Usuario" }).fill(username);
  await dialog.getByRole("textbox", { name: "Nombre" }).fill("Otra persona");
  await dialog.getByLabel("Contraseña temporal").fill("Temporal-de-prueba-2026");
  await dialog.getByRole("button", { name: "Crear usuario" }).click();
  await expect(dialog.getByText("Ese nombre de usuario ya existe")).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "Usuario" })).toHaveAttribute("aria-invalid", "true");
  // What was typed is not thrown away by a stray Cancelar: it asks first, and staying keeps it.
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  const leave = page.getByRole("alertdialog", { name: "¿Descartar los cambios sin guardar?" });
  await leave.getByRole("button", { name: "Seguir editando" }).click();
  await expect(dialog.getByRole("textbox", { name: "Nombre" })).toHaveValue("Otra persona");
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await leave.getByRole("button", { name: "Descartar cambios" }).click();
  await expect(dialog).toBeHidden();

  await row.getByRole("combobox", { name: `Rol de ${username}` }).selectOption("administrador");
  await expect(page.getByRole("status")).toContainText(`${username} ahora tiene el rol Administrador.`);
  await page.reload();
  await expect((await accountRow(page, username)).getByRole("combobox", { name: `Rol de ${username}` })).toHaveValue(
    "administrador",
  );

  await (await accountRow(page, username)).getByRole("button", { name: `Desactivar ${username}` }).click();
  await expect(page.getByRole("status")).toContainText(`La cuenta ${username} está desactivada`);
  await expect(await accountRow(page, username)).toContainText("Inactivo");
  const refused = await request.post("/api/auth/login", { data: { username, password: "Temporal-de-prueba-2026" } });
  expect(refused.status()).toBe(403);

  await (await accountRow(page, username)).getByRole("button", { name: `Activar ${username}` }).click();
  await expect(await accountRow(page, username)).toContainText("Activo");

  // Administrators cannot lock themselves out from here.
  await expect(
    (await accountRow(page, admin.username)).getByRole("button", { name: `Desactivar ${admin.username}` }),
  ).toBeDisabled();
  forgiveFailedApiCalls(pageProblems, ["users"]);
});

test("a temporary password must be changed at the next sign-in", async ({ page, request }, testInfo) => {
  const admin = await createStaff(request, testInfo, { role: "administrador" });
  const staff = await createStaff(request, testInfo);
  await signInThroughPage(page, admin);
  await openUsers(page);
  await (await accountRow(page, staff.username))
    .getByRole("button", { name: `Contraseña temporal de ${staff.username}` })
    .click();
  const dialog = page.getByRole("dialog", { name: `Contraseña temporal de ${staff.username}` });
  await dialog.getByLabel("Contraseña temporal").fill("Provisional-para-pedro-7");
  await dialog.getByRole("button", { name: "Guardar contraseña temporal" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status")).toContainText(`Se guardó una contraseña temporal para ${staff.username}`);
  await expect(await accountRow(page, staff.username)).toContainText("Debe cambiar la contraseña");
  const old = await request.post("/api/auth/login", { data: { username: staff.username, password: staff.password } });
  expect(old.status(), "the old password no longer works").toBe(401);

  await (await openCrmMenu(page)).getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(loginForm(page).submit).toBeEnabled();
  await submitLogin(page, staff.username, "Provisional-para-pedro-7");
  await expect(page).toHaveURL("/crm/cambiar-contrasena");
  await expect(page.getByRole("heading", { level: 1, name: "Cambiar contraseña" })).toBeVisible();
  await expect(page.getByText("Debes cambiar tu contraseña temporal antes de continuar.")).toBeVisible();
  // Nothing else of the CRM opens before the change.
  const menu = await openCrmMenu(page);
  await expect(menu.getByRole("link", { name: "Mensajes" })).toHaveCount(0);
  await page.goto("/crm/mensajes");
  await expect(page).toHaveURL("/crm/cambiar-contrasena");

  const form = page.getByRole("form", { name: "Cambiar contraseña" });
  await form.getByLabel("Contraseña actual").fill("Provisional-para-pedro-7");
  await form.getByLabel("Nueva contraseña").fill("Girasoles-de-cayambe-2026");
  await form.getByLabel("Confirmar contraseña").fill("Girasoles-de-cayambe-2025");
  await form.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(form.getByLabel("Confirmar contraseña")).toHaveAccessibleDescription("Las contraseñas no coinciden");
  await form.getByLabel("Confirmar contraseña").fill("Girasoles-de-cayambe-2026");
  await form.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(page).toHaveURL("/crm");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect((await openCrmMenu(page)).getByRole("link", { name: "Mensajes" })).toBeVisible();
  const session = await apiLogin(request, staff.username, "Girasoles-de-cayambe-2026");
  expect(session.user.mustChangePassword).toBe(false);
});

test("an administrator signs someone out of every device", async ({
  page,
  request,
  browser,
  baseURL,
  pageProblems,
}, testInfo) => {
  const admin = await createStaff(request, testInfo, { role: "administrador" });
  const staff = await createStaff(request, testInfo);
  const theirs = await openSecondBrowser(browser, { baseURL, page, pageProblems, testInfo });
  await signInThroughPage(theirs.page, staff);

  await signInThroughPage(page, admin);
  await openUsers(page);
  await (await accountRow(page, staff.username))
    .getByRole("button", { name: `Cerrar sesiones de ${staff.username}` })
    .click();
  const confirm = page.getByRole("alertdialog", { name: `¿Cerrar las sesiones de ${staff.username}?` });
  await confirm.getByRole("button", { name: "Cerrar sesiones" }).click();
  await expect(page.getByRole("status")).toContainText(
    new RegExp(`Se cerr(ó|aron) \\d+ sesi(ón|ones) de ${staff.username}`),
  );
  // One's own sessions are ended from `Sesiones activas`, not from here.
  await expect((await accountRow(page, admin.username)).getByRole("button", { name: /^Cerrar sesiones/ })).toHaveCount(
    0,
  );

  // Their next step in the CRM leads to the sign-in page.
  await theirs.page.reload();
  await expect(theirs.page).toHaveURL(/\/login/);
  await theirs.context.close();
  forgiveFailedApiCalls(pageProblems, ["auth/refresh-token"]);
});

test("personal staff see no Usuarios or Auditoría link, the pages refuse, the API answers 403", async ({
  page,
  request,
}, testInfo) => {
  const staff = await createStaff(request, testInfo);
  const userCalls: string[] = [];
  page.on("request", (call) => {
    if (/\/api\/(users|audit-log)/.test(call.url())) userCalls.push(call.url());
  });
  await signInThroughPage(page, staff);
  const menu = await openCrmMenu(page);
  await expect(menu.getByRole("link", { name: "Dashboard" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Mensajes" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Usuarios" })).toHaveCount(0);
  await expect(menu.getByRole("link", { name: "Auditoría" })).toHaveCount(0);
  await expect(menu.getByText("Personal", { exact: true })).toBeVisible();

  for (const [path, title] of [
    ["/crm/usuarios", "Usuarios"],
    ["/crm/auditoria", "Auditoría"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole("alert")).toContainText("No tienes permiso para ver esta página.");
    await expect(page.getByRole("table")).toHaveCount(0);
  }
  expect(userCalls).toEqual([]);

  const { accessToken } = await apiLogin(request, staff.username, staff.password);
  for (const path of ["/api/users", "/api/audit-log"]) {
    expect((await request.get(path, { headers: bearer(accessToken) })).status(), path).toBe(403);
  }
});

test("the audit log shows sign-ins in Spanish, newest first, page by page", async ({ page, request }, testInfo) => {
  const admin = await createStaff(request, testInfo, { role: "administrador" });
  // Enough events of this account for two pages of 20.
  for (let index = 0; index < 21; index += 1) await apiLogin(request, admin.username, admin.password);
  await signInThroughPage(page, admin);
  await (await openCrmMenu(page)).getByRole("link", { name: "Auditoría" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Auditoría" })).toBeVisible();
  for (const title of ["Fecha", "Acción", "Usuario", "Afectado", "IP"]) {
    await expect(page.getByRole("columnheader", { name: title, exact: true })).toBeVisible();
  }
  // Other tests write events meanwhile: this account's many sign-ins are among the newest.
  const mine = page.getByRole("row").filter({ hasText: admin.username }).filter({ hasText: "Inicio de sesión" });
  await expect(mine.first()).toBeVisible();
  await expect(mine.first()).toContainText(/\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
  await expect(page.getByText(/^Mostrando 1 a 20 de \d+ resultados$/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Anterior" })).toBeDisabled();
  await page.getByRole("button", { name: "Siguiente" }).click();
  await expect(page).toHaveURL("/crm/auditoria?pagina=2");
  await expect(page.getByText(/^Mostrando 21 a \d+ de \d+ resultados$/)).toBeVisible();
  await expect(page.getByRole("button", { name: "2", exact: true })).toHaveAttribute("aria-current", "page");
});

// Issue 31, item 12: an entry says which contact and what changed, and the log filters.
test("the audit log names the contact and the change, and filters by group, person and day", async ({
  page,
  request,
}, testInfo) => {
  const admin = await createStaff(request, testInfo, { role: "administrador" });
  const { accessToken } = await apiLogin(request, admin.username, admin.password);
  const tag = uniqueTag(testInfo);
  const { client: contact } = await createContact(
    request,
    { firstName: "Rosa", lastName: `Chiriboga ${tag}`, email: `rosa.${tag}@fincalaesperanza.test` },
    accessToken,
  );
  const moved = await request.patch(`/api/clients/${contact.id}/stage`, {
    headers: bearer(accessToken),
    data: { stage: "cotizacion", version: 0 },
  });
  expect(moved.status()).toBe(200);

  await signInThroughPage(page, admin);
  await (await openCrmMenu(page)).getByRole("link", { name: "Auditoría" }).click();
  const filters = page.getByRole("form", { name: "Filtrar el registro" });
  await filters.getByRole("combobox", { name: "Acciones" }).selectOption({ label: "Contactos y mensajes" });
  await filters.getByRole("searchbox", { name: "Usuario" }).fill(admin.username.toUpperCase());
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Guayaquil" }).format(new Date());
  await filters.getByLabel("Desde").fill(today);
  await filters.getByLabel("Hasta").fill(today);
  await filters.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/grupo=contactos/);
  await expect(page.getByText(/^Mostrando 1 a 2 de 2 resultados$/)).toBeVisible();
  const stageRow = page.getByRole("row").filter({ hasText: "Etapa de contacto cambiada" });
  await expect(stageRow).toContainText("De Nuevo a Cotización enviada");
  await expect(page.getByRole("row").filter({ hasText: "Contacto creado" })).toHaveCount(1);
  await expectNoAxeViolations(page);

  // The contact's name leads to it.
  await stageRow.getByRole("link", { name: `Rosa Chiriboga ${tag}` }).click();
  await expect(page.getByRole("dialog", { name: new RegExp(`Rosa Chiriboga ${tag}`) })).toBeVisible();
  await page.goBack();
  await expect(
    page.getByRole("form", { name: "Filtrar el registro" }).getByRole("combobox", { name: "Acciones" }),
  ).toHaveValue("contactos");
  await page.getByRole("link", { name: "Quitar filtros" }).click();
  await expect(page).toHaveURL("/crm/auditoria");
  await expect(
    page.getByRole("form", { name: "Filtrar el registro" }).getByRole("searchbox", { name: "Usuario" }),
  ).toHaveValue("");
});

// Issue 31, item 5: the first administrator had no email, so new leads given to it told nobody.
test("an administrator without an email is asked for one on every screen until it is there", async ({
  page,
  request,
}, testInfo) => {
  const admin = await createStaff(request, testInfo, { role: "administrador" });
  await changeStaff(request, admin.id, { email: null });
  await signInThroughPage(page, admin);
  const notice = page.getByText(/^Tu cuenta no tiene correo electrónico/);
  await expect(notice).toBeVisible();
  await expect(page.getByRole("link", { name: "Agrega tu correo en Usuarios" })).toHaveAttribute(
    "href",
    "/crm/usuarios",
  );
  await changeStaff(request, admin.id, { email: admin.email });
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(notice).toHaveCount(0);
});

// Issue 31, item 3: every form that can hold unsaved work asks before it is thrown away.
test("a lead-assignment rule chosen and not saved: leaving Usuarios asks first", async ({
  page,
  request,
}, testInfo) => {
  const admin = await createStaff(request, testInfo, { role: "administrador" });
  await signInThroughPage(page, admin, { path: "/login?redirectTo=%2Fcrm%2Fusuarios" });
  await expect(page.getByRole("heading", { level: 1, name: "Usuarios" })).toBeVisible();
  const byProduct = page.getByRole("radio", { name: "Según el producto o servicio" });
  await byProduct.check();
  const leave = page.getByRole("alertdialog", { name: "¿Descartar los cambios sin guardar?" });
  await (await openCrmMenu(page)).getByRole("link", { name: "Dashboard" }).click();
  await leave.getByRole("button", { name: "Seguir editando" }).click();
  await expect(page).toHaveURL("/crm/usuarios");
  await expect(byProduct).toBeChecked();
  await (await openCrmMenu(page)).getByRole("link", { name: "Dashboard" }).click();
  await leave.getByRole("button", { name: "Descartar cambios" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
});
