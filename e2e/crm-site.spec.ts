import { expect, type Page, test } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/axe";
import { visit } from "./helpers/site";
import { createStaff, openCrmMenu, signInThroughPage } from "./helpers/staff";

// `Sitio web` (issue 17): the role `Editor de contenido` works on the public site's content only;
// administrators see it beside the rest of the CRM; the sales staff do not.

const siteTable = (page: Page) => page.getByRole("table", { name: "Contenido del sitio web" });

test("a content editor signs in to Sitio web, sees where each item stands, and reaches nothing else of the CRM", async ({
  page,
  request,
}, testInfo) => {
  // Two axe runs and six page loads: 29-31 s on two loaded cores, past the default budget.
  test.slow();
  const editor = await createStaff(request, testInfo, { role: "editor" });
  await signInThroughPage(page, editor);
  await expect(page).toHaveURL("/crm/sitio");
  await expect(page.getByRole("heading", { level: 1, name: "Sitio web" })).toBeVisible();

  const table = siteTable(page);
  await expect(table.getByRole("rowheader", { name: "Datos de contacto" })).toBeVisible();
  const product = table.getByRole("row", { name: /^Bioestimulantes Producto/ });
  await expect(product.getByRole("cell").nth(1)).toHaveText("Publicado");
  // The header row, the contact details and today's 13 products (at least: tests share one database).
  expect(await table.getByRole("row").count()).toBeGreaterThanOrEqual(15);
  await expectNoAxeViolations(page);

  const menu = await openCrmMenu(page);
  const nav = menu.getByRole("navigation", { name: "CRM" });
  await expect(nav.getByRole("link")).toHaveText(["Sitio web"]);
  await expect(menu.getByRole("link", { name: "Seguridad de la cuenta" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Mi firma" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The contacts are not theirs: any CRM address leads back to the site's screen.
  for (const path of ["/crm", "/crm/mensajes", "/crm/embudo", "/crm/usuarios"]) {
    await visit(page, path);
    await expect(page, path).toHaveURL("/crm/sitio");
    await expect(page.getByRole("heading", { level: 1, name: "Sitio web" })).toBeVisible();
  }
  await visit(page, "/crm/seguridad");
  await expect(page.getByRole("heading", { level: 1, name: "Seguridad de la cuenta" })).toBeVisible();
});

test("administrators find Sitio web in the menu; the sales staff neither see it nor read it", async ({
  page,
  request,
}, testInfo) => {
  const admin = await createStaff(request, testInfo, { role: "administrador" });
  await signInThroughPage(page, admin);
  await (await openCrmMenu(page)).getByRole("link", { name: "Sitio web" }).click();
  await expect(page).toHaveURL("/crm/sitio");
  await expect(siteTable(page).getByRole("rowheader", { name: "Datos de contacto" })).toBeVisible();

  const staff = await createStaff(request, testInfo, { role: "personal" });
  await (await openCrmMenu(page)).getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL("/login");
  await signInThroughPage(page, staff);
  await expect((await openCrmMenu(page)).getByRole("link", { name: "Sitio web" })).toHaveCount(0);
  await visit(page, "/crm/sitio");
  await expect(page.getByRole("alert")).toContainText(
    "Solo los administradores y los editores de contenido pueden editar el sitio web.",
  );
  await expect(siteTable(page)).toHaveCount(0);
});

// Issue 31, item 3: `Volver a Sitio web` threw an edited description away without a word.
test("leaving a product's editor with an unsaved change asks; staying keeps it, discarding stores nothing", async ({
  page,
  request,
}, testInfo) => {
  // Two axe runs and six page loads: 29-31 s on two loaded cores, past the default budget.
  test.slow();
  const editor = await createStaff(request, testInfo, { role: "editor" });
  await signInThroughPage(page, editor);
  await siteTable(page)
    .getByRole("row", { name: /^Bioestimulantes Producto/ })
    .getByRole("link")
    .first()
    .click();
  const form = page.getByRole("form", { name: "Producto" });
  const description = form.getByRole("textbox", { name: "Descripción", exact: true });
  const stored = await description.inputValue();
  await description.fill(`${stored} Texto sin guardar.`);

  const back = page.getByRole("link", { name: "Volver a Sitio web" });
  const question = page.getByRole("alertdialog", { name: "¿Descartar los cambios sin guardar?" });
  await back.click();
  await expect(question).toBeVisible();
  await question.getByRole("button", { name: "Seguir editando" }).click();
  await expect(question).toBeHidden();
  await expect(page).toHaveURL(/\/crm\/sitio\/\d+$/);
  await expect(description).toHaveValue(`${stored} Texto sin guardar.`);

  await back.click();
  await question.getByRole("button", { name: "Descartar cambios" }).click();
  await expect(page).toHaveURL("/crm/sitio");
  await siteTable(page)
    .getByRole("row", { name: /^Bioestimulantes Producto/ })
    .getByRole("link")
    .first()
    .click();
  await expect(description).toHaveValue(stored);
  // Nothing typed: leaving asks nothing.
  await back.click();
  await expect(page).toHaveURL("/crm/sitio");
  await expect(question).toHaveCount(0);
});
