import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  contactDialog,
  createContact,
  listRegion,
  openContacts,
  rowOf,
  search,
  sendContactRequest,
  signInAsStaff,
  uniqueTag,
} from "./helpers/crm";
import { isMobile, visit } from "./helpers/site";
import { adminToken, bearer, createStaff, signInThroughPage } from "./helpers/staff";

// Issue 31, item 7: field staff work from a phone. Every CRM screen, at 375 px, scrolls only up
// and down: nothing of the page sits beside the screen (a wide table or board scrolls in its own
// region, with the page still).

/** Each CRM address an administrator can open, with the heading that says it is there. */
const SCREENS = [
  ["/crm", "Dashboard"],
  ["/crm/mensajes", "Contactos"],
  ["/crm/mensajes?vista=revisar", "Contactos"],
  ["/crm/empresas", "Empresas"],
  ["/crm/embudo", "Embudo"],
  ["/crm/cotizaciones", "Cotizaciones"],
  ["/crm/pedidos", "Pedidos"],
  ["/crm/precios", "Catálogo de precios"],
  ["/crm/tareas", "Tareas"],
  ["/crm/tareas?de=equipo", "Tareas"],
  ["/crm/usuarios", "Usuarios"],
  ["/crm/auditoria", "Auditoría"],
  ["/crm/plantillas", "Plantillas"],
  ["/crm/mi-firma", "Mi firma"],
  ["/crm/seguridad", "Seguridad de la cuenta"],
  ["/crm/cambiar-contrasena", "Cambiar contraseña"],
  ["/crm/sitio", "Sitio web"],
] as const;

/** A lead from the site answered by staff: the dashboard then shows its first-reply table. */
async function answerWebLead(request: APIRequestContext, tag: string) {
  const email = `respuesta.${tag}@floricolalosandes.test`;
  await sendContactRequest(request, { firstName: "Lead", lastName: `Respondido ${tag}`, email });
  const headers = bearer(await adminToken(request));
  const found = await request.post("/api/client-message/search", { headers, data: { keyword: email, size: 1 } });
  const [group] = ((await found.json()) as { content: { messages: { id: number }[] }[] }).content;
  const replied = await request.post(`/api/client-message/${group?.messages[0]?.id}/reply`, {
    headers,
    data: { reply: `Gracias por escribirnos ${tag}.` },
  });
  expect(replied.status(), "reply to the web lead").toBe(200);
}

/**
 * The screens of one thing, each with long words in it: a company, a quote and an order of the
 * contact `clientId`, and the first product of the site editor.
 */
async function detailScreens(request: APIRequestContext, clientId: number, tag: string) {
  const headers = bearer(await adminToken(request));
  const post = async <T>(url: string, data: object) => {
    const response = await request.post(url, { headers, data });
    expect(response.status(), `POST ${url}`).toBe(201);
    return (await response.json()) as T;
  };
  const company = await post<{ id: number; name: string }>("/api/companies", {
    name: `Agroindustrial Florícola Hermanos Villavicencio Santacruz ${tag}`,
  });
  const products = await request.get("/api/price-items/products", { headers });
  const [product] = (await products.json()) as { id: number }[];
  if (!product) throw new Error("the catalogue has no products");
  const item = await post<{ id: number }>("/api/price-items", {
    serviceTypeId: product.id,
    code: `TEL-${tag.toUpperCase()}`,
    size: "20",
    unit: "L",
    listPrice: "1249.99",
  });
  const lines = [{ priceItemId: item.id, quantity: "12" }];
  const validUntil = new Date(Date.now() + 15 * 86_400_000).toISOString().slice(0, 10);
  const quote = await post<{ id: number }>("/api/quotes", { clientId, validUntil, paymentTerms: "contado", lines });
  const order = await post<{ id: number; number: string }>("/api/orders", { clientId, paymentTerms: "contado", lines });
  const site = await request.get("/api/site/items", { headers });
  const siteProduct = ((await site.json()) as { id: number; kind: string; title: string }[]).find(
    (entry) => entry.kind === "product",
  );
  if (!siteProduct) throw new Error("the site has no products");
  return [
    [`/crm/empresas/${company.id}`, company.name],
    [`/crm/cotizaciones/${quote.id}`, "Cotización en borrador"],
    [`/crm/pedidos/${order.id}`, order.number],
    [`/crm/sitio/${siteProduct.id}`, siteProduct.title],
  ] as const;
}

/** How far the page itself can be scrolled sideways, in CSS pixels (0 when it fits). */
const sidewaysScroll = (page: import("@playwright/test").Page) =>
  page.evaluate(() => {
    window.scrollTo({ left: 10_000, top: window.scrollY, behavior: "instant" });
    const scrolled = window.scrollX;
    window.scrollTo({ left: 0, top: window.scrollY, behavior: "instant" });
    return Math.max(scrolled, document.documentElement.scrollWidth - document.documentElement.clientWidth);
  });

/**
 * The captions of the tables on screen that are wider than the box they scroll in: a column a
 * person has to find by swiping. Tables behind `Ver como tabla` are not on screen until opened.
 */
const clippedTables = (page: import("@playwright/test").Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("table")]
      .filter((table) => table.checkVisibility())
      .filter((table) => {
        const box = table.parentElement;
        return box !== null && box.scrollWidth > box.clientWidth + 1;
      })
      .map((table) => table.caption?.textContent ?? table.getAttribute("aria-label") ?? "a table"),
  );

test("every CRM screen fits a 375 px phone: the page never scrolls sideways", async ({ page, request }, testInfo) => {
  test.skip(!isMobile(page), "a phone's width");
  test.slow();
  const tag = uniqueTag(testInfo);
  const contact = await createContact(
    request,
    {
      firstName: "Maximiliano",
      lastName: `Villavicencio Santacruz ${tag}`,
      email: `maximiliano.villavicencio.${tag}@floricolalosandes.test`,
      company: "Florícola Los Andes del Cotopaxi S.A.S.",
      message: `Queremos cotizar Danisaraba y Chrysal RVB para 35 hectáreas de rosas ${tag}`,
    },
    await adminToken(request),
  );
  const admin = await createStaff(request, testInfo, { role: "administrador" });
  await signInThroughPage(page, admin);
  await answerWebLead(request, tag);
  const details = await detailScreens(request, contact.client.id, tag);
  const screens: (readonly [string, string])[] = [
    ...SCREENS,
    [`/crm/mensajes?contacto=${contact.client.id}`, "Contactos"],
    ...details,
  ];
  for (const [path, heading] of screens) {
    await test.step(path, async () => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      if (path.includes("contacto=")) await expect(page.getByRole("dialog")).toBeVisible();
      // Let the screen's data arrive and lay out.
      await page.waitForLoadState("networkidle");
      await testInfo.attach(`375 px ${path}`, {
        body: await page.screenshot({ fullPage: true }),
        contentType: "image/png",
      });
      expect.soft(await sidewaysScroll(page), `${path} scrolls sideways`).toBe(0);
      expect.soft(await clippedTables(page), `${path}: tables wider than their box`).toEqual([]);
    });
  }
});

test("on a phone the contacts list comes first: the filters past the chips wait behind Filtros", async ({
  page,
  request,
}, testInfo) => {
  test.skip(!isMobile(page), "a phone's width");
  const admin = await createStaff(request, testInfo, { role: "administrador" });
  await signInThroughPage(page, admin, { path: "/login?redirectTo=%2Fcrm%2Fmensajes%3Fetapa%3Dcotizacion" });
  await expect(page.getByRole("heading", { level: 1, name: "Contactos" })).toBeVisible();
  const filters = page.getByRole("region", { name: "Filtros de seguimiento" });
  // The chips stay in view; the stage filter in use is counted on the button.
  await expect(filters.getByRole("navigation", { name: "Responsable de los contactos" })).toBeVisible();
  const toggle = filters.getByRole("button", { name: "Filtros 1 activo" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  const stage = filters.getByRole("combobox", { name: "Etapa" });
  await expect(stage).toBeHidden();
  await expect(async () => {
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
    await expect(stage).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await expect(stage).toHaveValue("cotizacion");
  await toggle.click();
  await expect(stage).toBeHidden();
});

test("on a phone each contact is a card: its actions on screen, Nuevo Contacto always at hand", async ({
  page,
  request,
}, testInfo) => {
  test.skip(!isMobile(page), "a phone's width");
  const tag = uniqueTag(testInfo);
  const name = `Rosa Chiriboga ${tag}`;
  await createContact(
    request,
    { firstName: "Rosa", lastName: `Chiriboga ${tag}`, email: `rosa.${tag}@floricola.test` },
    await adminToken(request),
  );
  await signInAsStaff(page, request, testInfo);
  await openContacts(page);
  await search(page, tag);
  const width = page.viewportSize()?.width ?? 375;
  // Nothing of the card sits beside the screen: the list does not scroll sideways, `Ver` is in reach.
  const view = rowOf(page, name).getByRole("button", { name: `Ver ${name}`, exact: true });
  const box = await view.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= width, `Ver at ${JSON.stringify(box)}`).toBe(true);
  expect(await listRegion(page).evaluate((region) => region.scrollWidth - region.clientWidth)).toBe(0);
  await expect(rowOf(page, name).getByRole("cell", { name: `rosa.${tag}@floricola.test` })).toBeVisible();

  // The primary action floats: still on screen at the bottom of a long page.
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
  await expect(page.getByRole("button", { name: "Nuevo Contacto" })).toBeInViewport({ ratio: 1 });
  await view.click();
  await expect(contactDialog(page, name)).toBeVisible();
});

test("on a phone the board shows a stage at a time, and Ir a la etapa brings any stage up", async ({
  page,
  request,
}, testInfo) => {
  test.skip(!isMobile(page), "a phone's width");
  await signInAsStaff(page, request, testInfo);
  await visit(page, "/crm/embudo");
  const won = page.getByRole("region", { name: /^Ganado/ });
  await expect(won).toBeVisible();
  const width = page.viewportSize()?.width ?? 375;
  const leftOf = async () => (await won.boundingBox())?.x ?? Number.NaN;
  expect(await leftOf(), "Ganado starts off screen, past four stages").toBeGreaterThan(width);
  await page
    .getByRole("navigation", { name: "Ir a la etapa" })
    .getByRole("button", { name: /^Ganado/ })
    .click();
  await expect(won).toBeFocused();
  await expect.poll(leftOf).toBeGreaterThanOrEqual(0);
  await expect.poll(leftOf).toBeLessThan(width / 4);
});
