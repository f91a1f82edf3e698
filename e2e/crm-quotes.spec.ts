import type { APIRequestContext, Locator, TestInfo } from "@playwright/test";
import { expect, type Page, test } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/axe";
import {
  countStreams,
  createContact,
  openContacts,
  search,
  signInAsStaff,
  uniqueTag,
  viewContact,
} from "./helpers/crm";
import { adminToken, bearer, forgiveFailedApiCalls } from "./helpers/staff";

// `Cotizaciones` (issue 33): a quote made for a contact from the catalogue's presentations, with its
// line subtotals and totals computed while typing, saved as a draft, sent (numbered `COT-<year>-<n>`)
// and downloaded as a PDF. At a phone's width first: staff quote from the farm.

type PriceItem = { id: number };

/** Two presentations of the catalogue as an administrator sets them: one with IVA 15 %, one with 0 %. */
async function makePresentations(request: APIRequestContext, tag: string) {
  const headers = bearer(await adminToken(request));
  const products = await request.get("/api/price-items/products", { headers });
  expect(products.ok(), "GET /api/price-items/products").toBe(true);
  const [first, second] = (await products.json()) as { id: number; title: string }[];
  if (!first || !second) throw new Error("the catalogue has fewer than two products");
  const create = async (serviceTypeId: number, code: string, listPrice: string, ivaPercent: string) => {
    const response = await request.post("/api/price-items", {
      headers,
      data: { serviceTypeId, code, size: "5", unit: "L", listPrice, ivaPercent },
    });
    expect(response.status(), `POST /api/price-items ${code}`).toBe(201);
    return (await response.json()) as PriceItem;
  };
  const code = tag.toUpperCase();
  return {
    taxed: await create(first.id, `${code}-A`, "42.50", "15.00"),
    exempt: await create(second.id, `${code}-B`, "8", "0.00"),
  };
}

/** A contact to quote for, found by a word no other test uses. */
async function makeContact(request: APIRequestContext, testInfo: TestInfo) {
  const tag = uniqueTag(testInfo);
  const name = `Lucía ${tag}`;
  const created = await createContact(request, {
    firstName: "Lucía",
    lastName: tag,
    email: `${tag}@finca.test`,
    company: `Finca ${tag}`,
  });
  return { tag, name, email: `${tag}@finca.test`, id: created.client.id };
}

const sideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The page never scrolls sideways: at the test's width, and at a tablet's beside the CRM's menu. */
async function expectNoSideScroll(page: Page) {
  expect(await sideScroll(page), "sideways scroll").toBe(0);
  const size = page.viewportSize();
  if (!size || size.width <= 768) return;
  await page.setViewportSize({ width: 768, height: 1024 });
  expect(await sideScroll(page), "sideways scroll at 768 px").toBe(0);
  await page.setViewportSize(size);
}

const line = (page: Page, number: number) => page.getByRole("group", { name: `Línea ${number}`, exact: true });
const totals = (page: Page) => page.getByRole("region", { name: "Totales" });

async function fillLine(row: Locator, item: PriceItem, quantity: string, discount?: string) {
  await row.getByLabel("Presentación").selectOption(String(item.id));
  await row.getByLabel("Cantidad", { exact: true }).fill(quantity);
  if (discount !== undefined) await row.getByLabel("Descuento", { exact: true }).fill(discount);
}

test("a quote with two lines: live totals, an error under Cantidad, saved, sent and downloaded", async ({
  page,
  request,
}, testInfo) => {
  const contact = await makeContact(request, testInfo);
  const { taxed, exempt } = await makePresentations(request, contact.tag);
  await signInAsStaff(page, request, testInfo, "/crm/cotizaciones");
  await expect(page.getByRole("heading", { level: 1, name: "Cotizaciones" })).toBeVisible();

  // `Nueva cotización` asks for whom first.
  await page.getByRole("button", { name: "Nueva cotización" }).click();
  const picker = page.getByRole("dialog", { name: "Nueva cotización" });
  await picker.getByRole("searchbox", { name: "Buscar contacto" }).fill(contact.tag);
  await expect(picker.getByRole("link", { name: new RegExp(contact.name) })).toBeVisible();
  await picker.getByRole("link", { name: new RegExp(contact.name) }).click();
  await expect(page).toHaveURL(/\/crm\/cotizaciones\/nueva\?contacto=\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Nueva cotización" })).toBeVisible();
  await expect(page.getByRole("link", { name: contact.name })).toBeVisible();

  // The list price comes with the presentation and stays editable; the subtotal follows each key.
  await fillLine(line(page, 1), taxed, "3", "10");
  await expect(line(page, 1).getByLabel("Precio unitario")).toHaveValue("42,50");
  await expect(line(page, 1).getByLabel("Subtotal")).toHaveText("$114,75");

  await page.getByRole("button", { name: "Agregar línea" }).click();
  await expect(line(page, 2).getByLabel("Presentación")).toBeFocused();
  await fillLine(line(page, 2), exempt, "1.234,5");
  const quantity = line(page, 2).getByLabel("Cantidad", { exact: true });
  await quantity.blur();
  await expect(quantity).toHaveAttribute("aria-invalid", "true");
  await expect(quantity).toHaveAccessibleDescription(/^Cantidad: Escribe un número sin signos ni separadores de miles/);
  await expect(line(page, 2).getByLabel("Subtotal")).toHaveText("—");
  await quantity.fill("2");
  await expect(quantity).not.toHaveAttribute("aria-invalid", "true");
  await expect(line(page, 2).getByLabel("Subtotal")).toHaveText("$16,00");

  // 114.75 at 15 % and 16.00 at 0 %: IVA 17.2125 rounds to 17.21.
  await expect(totals(page).getByLabel("Subtotal")).toHaveText("$130,75");
  await expect(totals(page).getByLabel("IVA", { exact: true })).toHaveText("$17,21");
  await expect(totals(page).getByLabel("Total", { exact: true })).toHaveText("$147,96");
  await expect(page.getByLabel("Válida hasta")).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await page.getByLabel("Condiciones de pago").selectOption({ label: "Crédito 30 días" });
  await expectNoSideScroll(page);
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Guardar borrador" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Borrador guardado." })).toBeVisible();
  await expect(page).toHaveURL(/\/crm\/cotizaciones\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Cotización en borrador" })).toBeVisible();

  // Sending asks first, naming where it goes; the quote then has its number and is `Enviada`.
  await page.getByRole("button", { name: "Enviar cotización" }).click();
  const question = page.getByRole("alertdialog", { name: "¿Enviar la cotización?" });
  await expect(question).toContainText(contact.email);
  await question.getByRole("button", { name: "Enviar cotización" }).click();
  const heading = page.getByRole("heading", { level: 1, name: /^COT-\d{4}-\d+$/ });
  await expect(heading).toBeVisible();
  const number = (await heading.textContent()) ?? "";
  await expect(page.getByText("Enviada", { exact: true })).toBeVisible();
  await expect(
    page.getByRole("status").filter({ hasText: `Cotización ${number} enviada a ${contact.email}.` }),
  ).toBeVisible();
  await expect(totals(page).getByLabel("Total", { exact: true })).toHaveText("$147,96");
  await expectNoSideScroll(page);
  await expectNoAxeViolations(page);

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Descargar PDF" }).click();
  expect((await downloading).suggestedFilename()).toBe(`${number}.pdf`);

  // The list, filtered by state in the address, leads back to it.
  await page.getByRole("link", { name: "Volver a Cotizaciones" }).click();
  await page
    .getByRole("navigation", { name: "Estado de las cotizaciones" })
    .getByRole("link", { name: "Enviada" })
    .click();
  await expect(page).toHaveURL(/\?estado=enviada$/);
  await expect(page.getByRole("link", { name: new RegExp(`^${number}\\b`) })).toBeVisible();
  await expectNoSideScroll(page);
  await expectNoAxeViolations(page);
});

test("the contact's dialog starts a quote for them; leaving it with unsaved lines asks first", async ({
  page,
  request,
}, testInfo) => {
  const contact = await makeContact(request, testInfo);
  const { taxed } = await makePresentations(request, contact.tag);
  await signInAsStaff(page, request, testInfo);
  await openContacts(page);
  await search(page, contact.tag);
  const dialog = await viewContact(page, contact.name);
  await dialog.getByRole("link", { name: "Nueva cotización" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Nueva cotización" })).toBeVisible();
  await expect(page.getByRole("link", { name: contact.name })).toBeVisible();

  // Nothing saved without a presentation: the summary says what, and leads to the field.
  await page.getByRole("button", { name: "Guardar borrador" }).click();
  // A line starts with a quantity of 1: its presentation and price are what is missing.
  const summary = page.getByRole("alert").filter({ hasText: "Revisa 2 campos antes de guardar" });
  await expect(summary).toBeFocused();
  await summary.getByRole("button", { name: /Presentación: elige una presentación/ }).click();
  await expect(line(page, 1).getByLabel("Presentación")).toBeFocused();

  await fillLine(line(page, 1), taxed, "2");
  await expect(totals(page).getByLabel("Total", { exact: true })).toHaveText("$97,75");
  await page.getByRole("link", { name: "Volver a Cotizaciones" }).click();
  const leave = page.getByRole("alertdialog", { name: "¿Descartar los cambios sin guardar?" });
  await leave.getByRole("button", { name: "Seguir editando" }).click();
  await expect(page).toHaveURL(/\/crm\/cotizaciones\/nueva\?contacto=\d+$/);
  await expect(line(page, 1).getByLabel("Cantidad", { exact: true })).toHaveValue("2");
  await page.getByRole("link", { name: "Volver a Cotizaciones" }).click();
  await leave.getByRole("button", { name: "Descartar cambios" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Cotizaciones" })).toBeVisible();
});

test("a draft a colleague sends while it holds unsaved changes here keeps them on screen, and says why", async ({
  page,
  request,
  pageProblems,
}, testInfo) => {
  const contact = await makeContact(request, testInfo);
  const { taxed } = await makePresentations(request, contact.tag);
  const headers = bearer(await adminToken(request));
  const validUntil = new Date(Date.now() + 15 * 86_400_000).toISOString().slice(0, 10);
  const made = await request.post("/api/quotes", {
    headers,
    data: {
      clientId: contact.id,
      validUntil,
      paymentTerms: "contado",
      lines: [{ priceItemId: taxed.id, quantity: "2" }],
    },
  });
  expect(made.status(), made.statusText()).toBe(201);
  const draft = (await made.json()) as { id: number; version: number };
  const streams = countStreams(page);
  await signInAsStaff(page, request, testInfo, `/crm/cotizaciones/${draft.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Cotización en borrador" })).toBeVisible();
  // The page listens for colleagues' changes before one sends it.
  await expect.poll(streams).toBeGreaterThanOrEqual(1);
  const notes = page.getByLabel("Notas de entrega");
  await notes.fill("Entregar en la finca, puerta 2");

  // A colleague sends it meanwhile: the live update reloads the page's quote.
  const sent = await request.post(`/api/quotes/${draft.id}/send`, { headers, data: { version: draft.version } });
  expect(sent.status()).toBe(200);
  const number = ((await sent.json()) as { number: string }).number;
  await expect(page.getByText(`Otra persona envió esta cotización (${number}) mientras la editabas`)).toBeVisible();
  await expect(notes).toHaveValue("Entregar en la finca, puerta 2");
  await expectNoAxeViolations(page);
  // A save tried now is refused, and says so.
  await page.getByRole("button", { name: "Guardar borrador" }).click();
  await expect(
    page.getByText("Otra persona cambió esta cotización mientras la editabas: revisa la versión actual."),
  ).toBeVisible();
  forgiveFailedApiCalls(pageProblems, ["quotes/\\d+"]);
  await page.getByRole("button", { name: "Ver la cotización enviada" }).click();
  await expect(page.getByRole("heading", { level: 1, name: number })).toBeVisible();
  await expect(page.getByRole("button", { name: "Descargar PDF" })).toBeVisible();
});
