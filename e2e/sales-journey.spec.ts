import { expect, test } from "./fixtures";
import { fillContactForm, openContactForm, successDialog, takeAPersonsTime } from "./helpers/contact-form";
import { openContacts, search, signInAsStaff, uniqueTag, viewContact } from "./helpers/crm";
import { waitForMailTo } from "./helpers/mail";
import { adminToken, bearer } from "./helpers/staff";

// Issue 33's whole way, as people take it: a grower writes through the public form; a salesperson
// makes their farm a company, quotes from the catalogue and sends it; the grower accepts from the
// email's link, in a browser that is not signed in and runs no JavaScript; the order is there, and
// its owner has the reminder of the next one among their tasks.

test("a lead becomes a company's quote, accepted from the email without an account, an order and a reminder", async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.slow();
  const tag = uniqueTag(testInfo);
  const email = `${tag}@flores.test`;
  const company = `Flores ${tag}`;
  const name = `Rosa ${tag}`;

  // The grower writes in, taking a person's time over it (a faster one waits for review).
  await page.clock.install();
  await openContactForm(page);
  await fillContactForm(page, { firstName: "Rosa", lastName: tag, email, company });
  await page.clock.fastForward(30_000);
  await takeAPersonsTime(page);
  await page.getByRole("button", { name: "Enviar mensaje" }).click();
  await expect(successDialog(page)).toBeVisible();

  // The catalogue has a presentation to offer (an administrator set it).
  const headers = bearer(await adminToken(request));
  const [product] = (await (await request.get("/api/price-items/products", { headers })).json()) as { id: number }[];
  const item = await request.post("/api/price-items", {
    headers,
    data: { serviceTypeId: product?.id, code: `${tag}-5L`.toUpperCase(), size: "5", unit: "L", listPrice: "42.50" },
  });
  expect(item.status()).toBe(201);
  const { id: itemId } = (await item.json()) as { id: number };

  // A salesperson opens the lead, makes the typed farm a company and starts a quote.
  await signInAsStaff(page, request, testInfo);
  await openContacts(page);
  await search(page, tag);
  const dialog = await viewContact(page, name);
  await dialog.getByRole("button", { name: `Crear empresa «${company}»` }).click();
  await expect(dialog.getByRole("link", { name: company })).toBeVisible();
  await dialog.getByRole("link", { name: "Nueva cotización" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Nueva cotización" })).toBeVisible();
  const line = page.getByRole("group", { name: "Línea 1", exact: true });
  await line.getByLabel("Presentación").selectOption(String(itemId));
  await line.getByLabel("Cantidad", { exact: true }).fill("4");
  await expect(page.getByRole("region", { name: "Totales" }).getByLabel("Total", { exact: true })).toHaveText(
    "$195,50",
  );
  await page.getByRole("button", { name: "Enviar cotización" }).click();
  const question = page.getByRole("alertdialog", { name: "¿Enviar la cotización?" });
  await expect(question).toContainText(email);
  await question.getByRole("button", { name: "Enviar cotización" }).click();
  const heading = page.getByRole("heading", { level: 1, name: /^COT-\d{4}-\d+$/ });
  await expect(heading).toBeVisible();
  const number = (await heading.textContent()) ?? "";

  // The email reaches the grower, in their conversation, with the links to answer.
  const mails = await waitForMailTo(email, 2);
  const quoteMail = mails.find((mail) => mail.subject.includes(number));
  expect(quoteMail?.inReplyTo, "threaded under the confirmation of their message").toBeTruthy();
  const accept = /https?:\/\/\S+\/cotizacion\/\S+\.a\.\S+/.exec(quoteMail?.text ?? "")?.[0];
  expect(accept, "the Aceptar cotización link").toBeTruthy();

  // The grower accepts, signed in nowhere and without JavaScript.
  const grower = await browser.newContext({ javaScriptEnabled: false });
  const growerPage = await grower.newPage();
  await growerPage.goto(accept ?? "");
  await expect(growerPage.getByRole("heading", { level: 1 })).toContainText(`¿Aceptas la cotización ${number}`);
  await growerPage.getByRole("button", { name: "Aceptar cotización" }).click();
  await expect(growerPage.getByRole("heading", { level: 1 })).toContainText(`Aceptaste la cotización ${number}`);
  const orderNumber = /PED-\d{4}-\d+/.exec((await growerPage.textContent("main")) ?? "")?.[0] ?? "";
  expect(orderNumber).not.toBe("");
  await grower.close();

  // The salesperson sees the order, its next one expected, and the reminder among their tasks.
  await page.goto("/crm/pedidos");
  await page.getByRole("link", { name: new RegExp(`^${orderNumber}\\b`) }).click();
  await expect(page.getByRole("heading", { level: 1, name: orderNumber })).toBeVisible();
  await expect(page.getByRole("region", { name: "Próximo pedido" })).toContainText("Esperamos el próximo pedido");
  // Money where people look: the orders' CSV for the accounting system, and the dashboard's Ventas.
  await page.goto("/crm/pedidos");
  const csv = page.waitForEvent("download");
  await page.getByRole("button", { name: "Exportar CSV" }).click();
  expect((await csv).suggestedFilename()).toMatch(/^pedidos-\d{4}-\d{2}-\d{2}\.csv$/);
  await page.goto("/crm");
  const sales = page.getByRole("region", { name: "Ventas" });
  await expect(sales).toContainText("Cotizaciones aceptadas");
  await expect(sales.getByRole("table", { name: "Valor de las oportunidades por etapa" })).toContainText("Ganado");
  await page.goto("/crm/tareas");
  await expect(
    page.getByText(new RegExp(`Pedido esperado de ${company}.*ofrecer repetir ${orderNumber}`)),
  ).toBeVisible();
});
