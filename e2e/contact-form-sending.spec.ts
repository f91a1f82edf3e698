import type { Page, Route } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/axe";
import {
  contactForm,
  errorDialog,
  expectEmptyForm,
  expectFormHolds,
  FORM_TOKEN,
  fillContactForm,
  forgiveFailedContactCalls,
  formTokenField,
  MARIA,
  openContactForm,
  recordContactRequests,
  successDialog,
  UUID,
  validationDialog,
  waitForContactForm,
} from "./helpers/contact-form";
import { visit, waitForHydration } from "./helpers/site";

// Sending the contact form: POST /api/client, its dialogs (spec sections 4 and 8) and retries.

const THANKS = "¡Gracias, María! Hemos recibido tu mensaje y te responderemos en menos de 24 horas.";
const STATUS = "Hemos recibido tu mensaje. Te responderemos en menos de 24 horas.";
const CONNECTION_HINT =
  "Verifica tu conexión a internet o intenta nuevamente más tarde. Lo que escribiste sigue en el formulario.";
const TOO_MANY = "Has enviado demasiados mensajes en poco tiempo. Intenta nuevamente en 1 minuto.";
const DEFAULT_ERROR = "Ocurrió un error al enviar el mensaje. Por favor, intenta nuevamente.";

const CLIENT = "**/api/client";

const tooManyRequests = (route: Route) =>
  route.fulfill({
    status: 429,
    contentType: "application/json",
    headers: { "retry-after": "60" },
    body: JSON.stringify({ statusCode: 429, error: "Too Many Requests", message: TOO_MANY }),
  });

const keyOf = (request: { headers(): Record<string, string> }) => request.headers()["idempotency-key"];

async function submit(page: Page) {
  await contactForm(page).submit.click();
}

test("a valid form is sent once, thanks the person and starts again empty", async ({ page }) => {
  await openContactForm(page);
  const sent = recordContactRequests(page);
  await fillContactForm(page, { phone: "099 123 4567" });
  await submit(page);

  const dialog = successDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(THANKS, { exact: true })).toBeVisible();
  expect(sent).toHaveLength(1);
  const [first] = sent;
  if (!first) throw new Error("no request");
  expect((await first.response())?.status()).toBe(201);
  const body = first.postDataJSON();
  expect(body).toMatchObject({
    firstName: MARIA.firstName,
    lastName: MARIA.lastName,
    email: MARIA.email,
    countryCode: "+593",
    phone: "+5930991234567",
    company: MARIA.company,
    message: MARIA.message,
    serviceList: "Danisaraba, Chrysal HVB",
    consent: true,
    source: { page: "/contacto" },
  });
  expect(body.fillTimeMs).toBeGreaterThan(0);
  // The token the server wrote into the page it served (decision 046), kept through hydration.
  expect(body.formToken).toMatch(FORM_TOKEN);
  expect(body.formToken).toBe(await formTokenField(page).getAttribute("value"));
  expect(keyOf(first)).toMatch(UUID);
  expect(first.headers()["content-type"]).toContain("application/json");

  await dialog.getByRole("button", { name: "Aceptar" }).click();
  await expect(dialog).toBeHidden();
  await expectEmptyForm(page);
  const status = contactForm(page).form.getByRole("status").filter({ hasText: STATUS });
  await expect(status).toHaveText(STATUS);
  await expect(status).toBeInViewport();

  // A second message is a new request: a new idempotency key, stored again.
  await fillContactForm(page, { firstName: "Lucía", services: ["Sea Freight Service"] });
  await submit(page);
  await expect(successDialog(page).getByText(/^¡Gracias, Lucía! Hemos recibido tu mensaje/)).toBeVisible();
  expect(sent).toHaveLength(2);
  expect((await sent[1]?.response())?.status()).toBe(201);
  expect(keyOf(sent[1] as typeof first)).toMatch(UUID);
  expect(keyOf(sent[1] as typeof first)).not.toBe(keyOf(first));
  expect(sent[1]?.postDataJSON()).toMatchObject({ firstName: "Lucía", serviceList: "Sea Freight Service" });
});

test("the campaign and the site a visit came from travel with a request sent pages later", async ({ page }) => {
  // The first page of the visit: a campaign link followed from a search engine.
  await page.goto("/productos?utm_source=boletin&utm_campaign=san-valentin", {
    referer: "https://www.google.com/",
    waitUntil: "domcontentloaded",
  });
  await waitForHydration(page);
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem("visit_source")))
    .toBe(JSON.stringify({ utmSource: "boletin", utmCampaign: "san-valentin", referrer: "https://www.google.com/" }));
  // Another page of the same visit, with no campaign in its address: the first page's source stays.
  await openContactForm(page);
  const sent = recordContactRequests(page);
  await fillContactForm(page);
  await submit(page);
  await expect(successDialog(page)).toBeVisible();
  expect(sent[0]?.postDataJSON().source).toMatchObject({
    page: "/contacto",
    utmSource: "boletin",
    utmCampaign: "san-valentin",
    referrer: "https://www.google.com/",
  });
});

test("a form reached by a client-side navigation asks the server for its token", async ({ page }) => {
  await visit(page, "/productos");
  const asked = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/contact-form-token");
  // The footer's link: the app draws the contact page itself, without the server's HTML.
  await page.getByRole("contentinfo").getByRole("link", { name: "Contacto", exact: true }).click();
  await expect(page).toHaveURL(/\/contacto$/);
  expect((await asked).status()).toBe(200);
  await expect(formTokenField(page)).toHaveAttribute("value", FORM_TOKEN);
  const sent = recordContactRequests(page);
  await waitForContactForm(page);
  await fillContactForm(page);
  await submit(page);
  await expect(successDialog(page)).toBeVisible();
  expect(sent[0]?.postDataJSON().formToken).toBe(await formTokenField(page).getAttribute("value"));
});

test.describe("when sending fails", () => {
  test("a 429 from the server shows its message and keeps what was typed", async ({ page, pageProblems }) => {
    await openContactForm(page);
    const sent = recordContactRequests(page);
    await page.route(CLIENT, tooManyRequests, { times: 1 });
    const data = await fillContactForm(page);
    await submit(page);

    const dialog = errorDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(TOO_MANY, { exact: true })).toBeVisible();
    await expect(dialog.getByText(CONNECTION_HINT)).toBeVisible();
    // A 429 is not retried on its own: the person is told to wait.
    expect(sent).toHaveLength(1);
    await dialog.getByRole("button", { name: "Cerrar" }).click();
    await expect(dialog).toBeHidden();
    await expectFormHolds(page, data);
    await expect(successDialog(page)).toHaveCount(0);

    // Once the server accepts again, the same form goes through.
    await submit(page);
    await expect(successDialog(page).getByText(THANKS)).toBeVisible();
    expect(sent).toHaveLength(2);
    forgiveFailedContactCalls(pageProblems);
  });

  test("a network that never answers ends, after 3 retries, in the error dialog", async ({ page, pageProblems }) => {
    test.slow();
    await openContactForm(page);
    const sent = recordContactRequests(page);
    await page.route(CLIENT, (route) => route.abort("connectionrefused"));
    // Each attempt's time, taken in the page when it sends: the test process may hear of it late.
    await page.evaluate(() => {
      const clock = window as unknown as { attemptsAt: number[] };
      clock.attemptsAt = [];
      const send = window.fetch;
      window.fetch = (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        if (url.endsWith("/api/client")) clock.attemptsAt.push(performance.now());
        return send(input, init);
      };
    });
    const data = await fillContactForm(page, { countryCode: "+57", phone: "3001234567" });
    await submit(page);
    const f = contactForm(page);
    // While it retries the button stays busy and a status says so.
    await expect(f.submit).toBeDisabled();
    await expect(f.form.getByRole("status").filter({ hasText: "Enviando tu mensaje…" })).toHaveCount(1);

    const dialog = errorDialog(page);
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await expect(dialog.getByText(DEFAULT_ERROR, { exact: true })).toBeVisible();
    await expect(dialog.getByText(CONNECTION_HINT)).toBeVisible();
    const attempts = await page.evaluate(() => (window as unknown as { attemptsAt: number[] }).attemptsAt);
    expect(attempts).toHaveLength(4);
    const gaps = attempts.slice(1).map((at, index) => at - (attempts[index] ?? 0));
    expect(gaps[0]).toBeGreaterThanOrEqual(900);
    expect(gaps[1]).toBeGreaterThanOrEqual(1900);
    expect(gaps[2]).toBeGreaterThanOrEqual(3900);
    // Every attempt is the same request: one idempotency key.
    expect(new Set(sent.map(keyOf)).size).toBe(1);

    await dialog.getByRole("button", { name: "Cerrar" }).click();
    await expectFormHolds(page, data);
    await expect(f.submit).toBeEnabled();
    forgiveFailedContactCalls(pageProblems);
  });

  test("a 503 on the first try is retried with the same key and ends in success", async ({ page, pageProblems }) => {
    await openContactForm(page);
    const sent = recordContactRequests(page);
    await page.route(
      CLIENT,
      (route) =>
        route.fulfill({
          status: 503,
          contentType: "application/json",
          body: JSON.stringify({ statusCode: 503, error: "Service Unavailable", message: "En mantenimiento" }),
        }),
      { times: 1 },
    );
    await fillContactForm(page);
    await submit(page);
    await expect(successDialog(page).getByText(THANKS)).toBeVisible({ timeout: 10_000 });
    await expect(errorDialog(page)).toHaveCount(0);
    expect(sent).toHaveLength(2);
    expect((await sent[1]?.response())?.status()).toBe(201);
    expect(keyOf(sent[0] as NonNullable<(typeof sent)[0]>)).toMatch(UUID);
    expect(new Set(sent.map(keyOf)).size).toBe(1);
    expect(sent[1]?.postDataJSON()).toEqual(sent[0]?.postDataJSON());
    forgiveFailedContactCalls(pageProblems);
  });
});

test.describe("accessibility", () => {
  test("the form with its errors shown, and the validation dialog, have no axe violations", async ({ page }) => {
    const f = await openContactForm(page);
    await f.phone.fill("0991");
    await submit(page);
    const dialog = validationDialog(page);
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Entendido" }).click();
    await expect(dialog).toBeHidden();
    await expect(f.form.locator("[aria-invalid=true]")).toHaveCount(7);
    await expectNoAxeViolations(page);
  });

  test("the success dialog and the status after it have no axe violations", async ({ page }) => {
    await openContactForm(page);
    await fillContactForm(page);
    await submit(page);
    const dialog = successDialog(page);
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Aceptar" }).click();
    await expect(contactForm(page).form.getByText(STATUS)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the error dialog has no axe violations", async ({ page, pageProblems }) => {
    await openContactForm(page);
    await page.route(CLIENT, tooManyRequests);
    await fillContactForm(page);
    await submit(page);
    await expect(errorDialog(page)).toBeVisible();
    await expectNoAxeViolations(page);
    forgiveFailedContactCalls(pageProblems);
  });
});

// Issue 31, item 6: a refused try, then a sent one, left the emptied form saying "Selecciona al menos
// un producto o servicio" in red: a visitor would think it failed and send again.
test("after a refused try and a sent one, the form starts again empty and without errors", async ({ page }) => {
  await openContactForm(page);
  await submit(page);
  await expect(validationDialog(page)).toBeVisible();
  await validationDialog(page).getByRole("button", { name: "Entendido" }).click();
  await fillContactForm(page);
  await submit(page);
  const dialog = successDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Aceptar" }).click();
  await expectEmptyForm(page);
  // Give a late check of the emptied list the time to land: there must be none.
  await page.waitForTimeout(500);
  const { form } = contactForm(page);
  await expect(form.getByText("Selecciona al menos un producto o servicio")).toHaveCount(0);
  await expect(form.locator('[aria-invalid="true"]')).toHaveCount(0);
});
