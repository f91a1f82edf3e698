import type { APIRequestContext, TestInfo } from "@playwright/test";
import { expect, type Page, test } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/axe";
import { createContact, signInAsStaff, uniqueTag } from "./helpers/crm";
import { escapeRegExp, isMobile, visit } from "./helpers/site";
import { adminToken, bearer, forgiveFailedApiCalls } from "./helpers/staff";

// `Pedidos` (issue 33, point 5): an order's list and page, moved from `Confirmado` to `Despachado`
// and `Entregado`, its delivery date, the next order it makes us expect, and `Repetir pedido`. At a
// phone's width first: staff follow the deliveries from the road.

type Order = {
  id: number;
  number: string;
  version: number;
  total: string;
  ownerName: string | null;
  nextOrder: { expectedOn: string; gapDays: number; ordersCounted: number; remindOn: string } | null;
};

/** A contact, a presentation of the catalogue at $48,50 + IVA 15 %, and an order of two of it, by an administrator. */
async function makeOrder(request: APIRequestContext, testInfo: TestInfo) {
  const tag = uniqueTag(testInfo);
  const headers = bearer(await adminToken(request));
  const contact = await createContact(request, {
    firstName: "Lucía",
    lastName: `Andrango ${tag}`,
    email: `lucia.${tag}@finca.test`,
    company: `Finca La Esperanza ${tag}`,
  });
  const products = await request.get("/api/price-items/products", { headers });
  expect(products.ok(), "GET /api/price-items/products").toBe(true);
  const [product] = (await products.json()) as { id: number; title: string }[];
  if (!product) throw new Error("the catalogue has no products");
  const item = await request.post("/api/price-items", {
    headers,
    data: { serviceTypeId: product.id, code: `PED-${tag.toUpperCase()}`, size: "5", unit: "L", listPrice: "48.50" },
  });
  expect(item.status(), "POST /api/price-items").toBe(201);
  const { id: priceItemId } = (await item.json()) as { id: number };
  const created = await request.post("/api/orders", {
    headers,
    data: { clientId: contact.client.id, paymentTerms: "contado", lines: [{ priceItemId, quantity: "2" }] },
  });
  expect(created.status(), "POST /api/orders").toBe(201);
  const order = (await created.json()) as Order;
  return {
    order,
    clientId: contact.client.id,
    clientName: `Lucía Andrango ${tag}`,
    company: `Finca La Esperanza ${tag}`,
  };
}

/** "2027-02-28" -> "28 de febrero de 2027", as the page says it. */
const longDay = (day: string, withYear = true) =>
  new Intl.DateTimeFormat("es-EC", {
    day: "numeric",
    month: "long",
    ...(withYear ? { year: "numeric" } : {}),
    timeZone: "UTC",
  }).format(new Date(`${day}T00:00:00Z`));

/** How far the page itself can be scrolled sideways, in CSS pixels (0 when it fits). */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The page's message (role status) saying `text`; the totals are outputs, which are statuses too. */
const said = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

/** The order's card (phone) or its row's link (from tablet width): its name starts with the number. */
const orderLink = (page: Page, number: string) =>
  page.getByRole("link", { name: new RegExp(`^${escapeRegExp(number)}(?!\\d)`) });

test("staff find an order by its state, move it to Despachado and Entregado, read when the next one is expected and repeat it", async ({
  page,
  request,
}, testInfo) => {
  const { order, clientId, clientName, company } = await makeOrder(request, testInfo);
  await signInAsStaff(page, request, testInfo, "/crm/pedidos?estado=despachado");
  await expect(page.getByRole("heading", { level: 1, name: "Pedidos" })).toBeVisible();
  const filter = page.getByRole("navigation", { name: "Estado de los pedidos" });
  await expect(filter.getByRole("link")).toHaveText(["Todos", "Confirmado", "Despachado", "Entregado", "Cancelado"]);
  await expect(filter.getByRole("link", { name: "Despachado" })).toHaveAttribute("aria-current", "page");
  await expect(orderLink(page, order.number)).toHaveCount(0);

  // A new order is `Confirmado`: its chip lists it, with its client, company, total and no delivery date yet.
  await filter.getByRole("link", { name: "Confirmado" }).click();
  await expect(page).toHaveURL("/crm/pedidos?estado=confirmado");
  const link = orderLink(page, order.number);
  if (isMobile(page)) {
    await expect(link).toContainText(clientName);
    await expect(link).toContainText(company);
    await expect(link).toContainText("Total $111,55");
    await expect(link).toContainText("Entrega Sin fecha");
    await expect(link).toContainText("Confirmado");
    expect(await sidewaysScroll(page)).toBe(0);
  } else {
    const row = page.getByRole("row").filter({ has: link });
    for (const text of [clientName, company, "$111,55", "Sin fecha", "Confirmado"])
      await expect(row).toContainText(text);
  }
  await expectNoAxeViolations(page);

  await link.click();
  await expect(page).toHaveURL(`/crm/pedidos/${order.id}`);
  const heading = page.getByRole("heading", { level: 1, name: order.number });
  await expect(heading).toBeVisible();
  await expect(page.getByText("Confirmado", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: clientName })).toHaveAttribute(
    "href",
    `/crm/mensajes?contacto=${clientId}`,
  );
  await expect(page.getByText("Registrado por el personal, sin cotización")).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "Contado" })).toBeVisible();
  await expect(page.getByLabel("Subtotal", { exact: true })).toHaveText("$97,00");
  await expect(page.getByLabel("IVA", { exact: true })).toHaveText("$14,55");
  await expect(page.getByLabel("Total", { exact: true })).toHaveText("$111,55");

  // `Próximo pedido`, in words, with the API's own figures: a first order makes us expect 90 days.
  const next = order.nextOrder;
  expect(next, "the order's repeat expectation").not.toBeNull();
  if (!next) return;
  expect([next.gapDays, next.ordersCounted]).toEqual([90, 1]);
  const upcoming = page.getByRole("region", { name: "Próximo pedido" });
  await expect(upcoming).toContainText(
    `Esperamos el próximo pedido hacia el ${longDay(next.expectedOn)}: este cliente pide cada 90 días (con un solo pedido suponemos 90 días).`,
  );
  const sameYear = next.remindOn.slice(0, 4) === next.expectedOn.slice(0, 4);
  await expect(upcoming).toContainText(`Recordaremos a ${order.ownerName} el ${longDay(next.remindOn, !sameYear)}.`);
  if (isMobile(page)) expect(await sidewaysScroll(page)).toBe(0);
  await expectNoAxeViolations(page);

  // By keyboard: `Marcar como despachado`; the order's heading takes the focus the button leaves.
  await page.getByRole("button", { name: "Marcar como despachado" }).focus();
  await page.keyboard.press("Enter");
  await expect(said(page, `Pedido ${order.number} marcado como despachado.`)).toBeVisible();
  await expect(page.getByText("Despachado", { exact: true })).toBeVisible();
  await expect(heading).toBeFocused();
  await expect(page.getByRole("button", { name: "Marcar como despachado" })).toHaveCount(0);

  await page.getByRole("button", { name: "Marcar como entregado" }).click();
  await expect(said(page, `Pedido ${order.number} marcado como entregado.`)).toBeVisible();
  await expect(page.getByText("Entregado", { exact: true })).toBeVisible();
  // Delivered: it is no longer cancelled.
  await expect(page.getByRole("button", { name: "Cancelar pedido" })).toHaveCount(0);

  // The day it was delivered, in its dialog.
  const deliveredOn = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await page.getByRole("button", { name: "Cambiar fecha de entrega" }).click();
  const delivery = page.getByRole("dialog", { name: `Fecha de entrega de ${order.number}` });
  await delivery.getByLabel("Fecha de entrega").fill(deliveredOn);
  await delivery.getByRole("button", { name: "Guardar fecha" }).click();
  await expect(delivery).toBeHidden();
  await expect(said(page, "Fecha de entrega guardada.")).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: longDay(deliveredOn) })).toBeVisible();

  // `Repetir pedido` says what it makes before it makes it, then opens the new draft quote.
  await page.getByRole("button", { name: "Repetir pedido" }).click();
  const question = page.getByRole("alertdialog", { name: `¿Repetir el pedido ${order.number}?` });
  await expect(question).toContainText(
    "Se abrirá una nueva oportunidad y una cotización en borrador con los precios de hoy.",
  );
  await expectNoAxeViolations(page);
  await question.getByRole("button", { name: "Repetir pedido" }).click();
  await expect(page).toHaveURL(/\/crm\/cotizaciones\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Cotización en borrador" })).toBeVisible();
  await expect(page.getByText("Borrador", { exact: true })).toBeVisible();
  const quoteId = Number(new URL(page.url()).pathname.split("/").at(-1));
  const quote = await request.get(`/api/quotes/${quoteId}`, { headers: bearer(await adminToken(request)) });
  expect(quote.ok()).toBe(true);
  const stored = (await quote.json()) as { state: string; client: { id: number }; lines: { quantity: string }[] };
  expect([stored.state, stored.client.id, stored.lines.map((line) => Number(line.quantity))]).toEqual([
    "borrador",
    clientId,
    [2],
  ]);

  // Back on the list, the order is under `Entregado`.
  await visit(page, "/crm/pedidos?estado=entregado");
  await expect(orderLink(page, order.number)).toBeVisible();
});

test("cancelling asks first, naming the order; a move someone else made meanwhile is said with the state it is in", async ({
  page,
  request,
  pageProblems,
}, testInfo) => {
  const { order } = await makeOrder(request, testInfo);
  await signInAsStaff(page, request, testInfo, `/crm/pedidos/${order.id}`);
  const heading = page.getByRole("heading", { level: 1, name: order.number });
  await expect(heading).toBeVisible();

  const cancel = page.getByRole("button", { name: "Cancelar pedido" });
  await cancel.click();
  const question = page.getByRole("alertdialog", { name: `¿Cancelar el pedido ${order.number}?` });
  await expect(question).toContainText("Quedará como Cancelado");
  // Volver leaves it as it was, and the focus where it was.
  await question.getByRole("button", { name: "Volver" }).click();
  await expect(question).toBeHidden();
  await expect(cancel).toBeFocused();

  // A colleague dispatches it just before this page's cancellation reaches the server (live
  // updates would otherwise show it first): the server refuses, and the page says what it is now.
  const address = `**/api/orders/${order.id}`;
  let colleagueDone = false;
  await page.route(address, async (route) => {
    if (route.request().method() === "PATCH" && !colleagueDone) {
      colleagueDone = true;
      const colleague = await request.patch(`/api/orders/${order.id}`, {
        headers: bearer(await adminToken(request)),
        data: { state: "despachado", version: order.version },
      });
      expect(colleague.status(), "the colleague's change").toBe(200);
    }
    await route.continue();
  });
  await cancel.click();
  await question.getByRole("button", { name: "Cancelar pedido" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Otra persona cambió este pedido mientras lo veías: revisa su estado actual. Estado actual: Despachado.",
  );
  await expect(page.getByText("Despachado", { exact: true })).toBeVisible();
  await page.unroute(address);
  forgiveFailedApiCalls(pageProblems, [`orders/${order.id}`]);

  // Now that the page shows what is stored, the cancellation goes through.
  await cancel.click();
  await question.getByRole("button", { name: "Cancelar pedido" }).click();
  await expect(said(page, `Pedido ${order.number} cancelado.`)).toBeVisible();
  await expect(page.getByText("Cancelado", { exact: true })).toBeVisible();
  await expect(heading).toBeFocused();
  await expect(page.getByRole("button", { name: /^Marcar como/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Repetir pedido" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Repetir pedido" })).toBeEnabled();
});
