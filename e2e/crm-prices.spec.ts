import { expect, type Page, test } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/axe";
import { uniqueTag } from "./helpers/crm";
import { isMobile } from "./helpers/site";
import { apiLogin, bearer, createStaff, openCrmMenu, signInThroughApi } from "./helpers/staff";

// `Catálogo de precios` (issue 33, point 3): an administrator adds a presentation, changes its price
// and reads who changed it; at a phone's width first (cards), at a desktop's a table.

const RVB = "Chrysal RVB y RVB Clear";

const productSection = (page: Page, title: string) =>
  page.getByRole("region", { name: new RegExp(`^${title} \\(\\d+\\)$`) });
const presentationRow = (page: Page, code: string) =>
  productSection(page, RVB)
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: code, exact: true }) });

/** How far the page itself scrolls sideways, in CSS pixels (0 when it fits). */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test("an administrator adds a presentation, changes its price and reads its history", async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const code = `E2E-${uniqueTag(testInfo).toUpperCase()}`;
  const admin = await createStaff(request, testInfo, { role: "administrador" });
  await signInThroughApi(page, admin);
  await (await openCrmMenu(page)).getByRole("link", { name: "Catálogo de precios" }).click();
  await expect(page).toHaveURL("/crm/precios");
  await expect(page.getByRole("heading", { level: 1, name: "Catálogo de precios" })).toBeVisible();
  await expect(productSection(page, RVB)).toBeVisible();
  await expectNoAxeViolations(page);

  // The shared schema judges the form before anything is sent, naming each field.
  await page.getByRole("button", { name: "Nueva presentación" }).click();
  const editor = page.getByRole("dialog", { name: "Nueva presentación" });
  await editor.getByRole("button", { name: "Guardar presentación" }).click();
  await expect(editor.getByRole("combobox", { name: "Producto" })).toHaveAccessibleDescription("Elige el producto");
  await expect(editor.getByRole("textbox", { name: "Código" })).toHaveAccessibleDescription(
    /Escribe el código de la presentación/,
  );
  await expect(editor.getByRole("textbox", { name: "Precio de lista (USD)" })).toHaveAttribute("aria-invalid", "true");
  await editor.getByRole("combobox", { name: "Producto" }).selectOption({ label: RVB });
  await editor.getByRole("textbox", { name: "Código" }).fill(code);
  await editor.getByRole("textbox", { name: "Tamaño" }).fill("3");
  await editor.getByRole("combobox", { name: "Unidad" }).selectOption("L");
  const price = editor.getByRole("textbox", { name: "Precio de lista (USD)" });
  await price.fill("12,1234567");
  await price.blur();
  await expect(price).toHaveAccessibleDescription(/El precio de lista admite hasta 6 decimales/);
  await price.fill("12,5");
  await expect(editor.getByRole("combobox", { name: "IVA" })).toHaveValue("15.00");
  await expectNoAxeViolations(page);
  await editor.getByRole("button", { name: "Guardar presentación" }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByRole("status")).toHaveText(`Se creó la presentación ${code}.`);
  const row = presentationRow(page, code);
  await expect(row).toContainText("3 L");
  await expect(row).toContainText("$12,50");
  await expect(row).toContainText("15 %");
  await expect(row).toContainText("Activa");
  if (isMobile(page)) expect(await sidewaysScroll(page)).toBe(0);
  else await expect(productSection(page, RVB).getByRole("columnheader", { name: "Precio de lista" })).toBeVisible();

  // A new price and IVA rate.
  await row.getByRole("button", { name: `Editar ${code}` }).click();
  const edit = page.getByRole("dialog", { name: "Editar presentación" });
  await expect(edit.getByRole("textbox", { name: "Precio de lista (USD)" })).toHaveValue("12,50");
  await edit.getByRole("textbox", { name: "Precio de lista (USD)" }).fill("13,75");
  await edit.getByRole("combobox", { name: "IVA" }).selectOption({ label: "0 %" });
  await edit.getByRole("button", { name: "Guardar presentación" }).click();
  await expect(page.getByRole("status")).toHaveText(`Se guardó la presentación ${code}.`);
  await expect(row).toContainText("$13,75");
  await expect(row).toContainText("0 %");

  // Who changed it, when, from what to what: newest first.
  await row.getByRole("button", { name: `Historial de precios de ${code}` }).click();
  const history = page.getByRole("dialog", { name: "Historial de precios" });
  await expect(history).toHaveAccessibleDescription(`${code} · ${RVB} · 3 L`);
  const lines = history.getByRole("listitem");
  await expect(lines).toHaveCount(2);
  await expect(lines.first()).toContainText(admin.displayName);
  await expect(lines.first()).toContainText(/Precio de lista: de \$12,50\s*→?\s*a \$13,75/);
  await expect(lines.first()).toContainText(/IVA: de 15 %\s*→?\s*a 0 %/);
  await expect(lines.nth(1)).toContainText("Creada con precio de lista $12,50 e IVA 15 %");
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(history).toBeHidden();
  await expect(row.getByRole("button", { name: `Historial de precios de ${code}` })).toBeFocused();
  if (isMobile(page)) expect(await sidewaysScroll(page)).toBe(0);
});

test("an edit not saved is asked about before it is thrown away; prices stay with staff", async ({
  page,
  request,
}, testInfo) => {
  const code = `E2E-${uniqueTag(testInfo).toUpperCase()}`;
  const admin = await createStaff(request, testInfo, { role: "administrador" });
  const { accessToken } = await apiLogin(request, admin.username, admin.password);
  const products = (await (
    await request.get("/api/price-items/products", { headers: bearer(accessToken) })
  ).json()) as { id: number; title: string }[];
  const created = await request.post("/api/price-items", {
    headers: bearer(accessToken),
    data: {
      serviceTypeId: products.find((product) => product.title === RVB)?.id,
      code,
      size: "1",
      unit: "kg",
      listPrice: "27.4",
    },
  });
  expect(created.status()).toBe(201);
  // Nobody outside the staff reads a price.
  expect((await request.get("/api/price-items")).status()).toBe(401);

  await signInThroughApi(page, admin, "/crm/precios");
  const row = presentationRow(page, code);
  await expect(row).toContainText("$27,40");
  // By keyboard: the edit button, a change, then Escape asks before throwing it away.
  await row.getByRole("button", { name: `Editar ${code}` }).focus();
  await page.keyboard.press("Enter");
  const edit = page.getByRole("dialog", { name: "Editar presentación" });
  await expect(edit.getByRole("textbox", { name: "Código" })).toHaveValue(code);
  await edit.getByRole("textbox", { name: "Precio de lista (USD)" }).fill("30");
  await page.keyboard.press("Escape");
  const question = page.getByRole("alertdialog", { name: "¿Descartar los cambios sin guardar?" });
  await question.getByRole("button", { name: "Seguir editando" }).click();
  await expect(edit.getByRole("textbox", { name: "Precio de lista (USD)" })).toHaveValue("30");
  await edit.getByRole("button", { name: "Cancelar" }).click();
  await question.getByRole("button", { name: "Descartar cambios" }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText("$27,40");

  // The sales staff quote with the prices but do not set them: the screen says so.
  const staff = await createStaff(request, testInfo);
  await (await openCrmMenu(page)).getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL("/login");
  await signInThroughApi(page, staff, "/crm/precios");
  await expect(page.getByRole("heading", { level: 1, name: "Catálogo de precios" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("No tienes permiso para ver esta página.");
  await expect((await openCrmMenu(page)).getByRole("link", { name: "Catálogo de precios" })).toHaveCount(0);
});
