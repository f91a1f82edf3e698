import { expect, test } from "./fixtures";
import { visit, waitForScrollToSettle } from "./helpers/site";

test.beforeEach(async ({ page }) => {
  await visit(page, "/");
});

test("the landing shows its sections, statistics, testimonials and call-to-action band", async ({ page }) => {
  await test.step("sections with the spec's ids", async () => {
    for (const id of ["inicio", "productos", "servicios", "contacto", "socios"]) {
      await expect(page.locator(`#${id}`), `section #${id}`).toHaveCount(1);
    }
  });

  await test.step("statistics 15+, 5,000+, 98%, 24/7", async () => {
    const stats = page.getByRole("region", { name: "Nuestras cifras" });
    await expect(stats.locator("dd")).toHaveText(["15+", "5,000+", "98%", "24/7"]);
    await expect(stats.locator("dt")).toHaveText([
      "Años de experiencia",
      "Clientes satisfechos",
      "Tasa de renovación",
      "Soporte",
    ]);
  });

  await test.step("three testimonials rated 5, 4 and 5 stars", async () => {
    const section = page.getByRole("region", { name: "Lo que dicen nuestros clientes" });
    await expect(section.getByRole("figure")).toHaveCount(3);
    const ratings = section.getByRole("img", { name: /de 5 estrellas/ });
    await expect(ratings).toHaveCount(3);
    const names = await ratings.evaluateAll((elements) =>
      elements.map((element) => element.getAttribute("aria-label")),
    );
    expect(names).toEqual(["5 de 5 estrellas", "4 de 5 estrellas", "5 de 5 estrellas"]);
    // The stars drawn match the rating: 4 filled stars in the second testimonial.
    await expect(section.getByRole("img", { name: "4 de 5 estrellas" }).locator("svg.fill-amber-400")).toHaveCount(4);
  });

  await test.step("call-to-action band with a phone link and the four promises", async () => {
    const band = page.getByRole("region", { name: /Listo para proteger/ });
    await expect(band.getByRole("link", { name: /Llamar ahora/ })).toHaveAttribute("href", /^tel:\+\d{9,}$/);
    await expect(band.getByRole("link", { name: "Solicitar cotización" })).toHaveAttribute("href", "/contacto");
    await expect(band.getByRole("listitem")).toHaveText([
      "Asesoría gratuita y sin compromiso",
      "Respuesta en menos de 24 horas",
      "Soluciones personalizadas",
      "Acompañamiento en caso de siniestros",
    ]);
  });
});

test("the services section offers Fianzas and four insurance lines, each leading to its page", async ({ page }) => {
  const section = page.locator("#servicios");
  const cards = section.getByRole("listitem");
  await expect(cards).toHaveCount(5);
  await expect(section.getByRole("heading", { level: 3 })).toHaveText([
    "Fianzas",
    /^Seguro/,
    /^Seguro/,
    /^Seguro/,
    /^Seguro/,
  ]);
  await expect(section.getByRole("link", { name: /Fianzas/ })).toHaveAttribute("href", "/fianzas");
  const insuranceLinks = section.getByRole("link", { name: /Seguro/ });
  await expect(insuranceLinks).toHaveCount(4);
  for (const link of await insuranceLinks.all()) await expect(link).toHaveAttribute("href", "/seguros");

  await section.getByRole("link", { name: /Fianzas/ }).click();
  await expect(page).toHaveURL(/\/fianzas$/);
  await expect(page.getByRole("heading", { level: 1, name: "Fianzas" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Solicitar cotización" })).toHaveAttribute("href", "/contacto");

  await page.goBack();
  // Back on the home page, the router restores where it was left: click once it stands still, or
  // the click lands where the link was a moment before.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("#servicios")).toBeVisible();
  await waitForScrollToSettle(page);
  await page
    .locator("#servicios")
    .getByRole("link", { name: /Seguro de Vida/ })
    .click();
  await expect(page).toHaveURL(/\/seguros$/);
  await expect(page.getByRole("heading", { level: 1, name: "Seguros" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText([
    "Seguro Empresarial",
    "Seguro de Hogar",
    "Seguro de Auto",
    "Seguro de Vida",
  ]);
});

test("FAQ answers open and close, with aria-expanded and the + / - marker", async ({ page }) => {
  const section = page.getByRole("region", { name: "Resolvemos sus dudas" });
  const questions = section.getByRole("button");
  await expect(questions).toHaveCount(4);
  for (const question of await questions.all()) {
    await expect(question).toHaveAttribute("aria-expanded", "false");
    await expect(question.locator('[aria-hidden="true"]')).toHaveText("+");
  }

  const first = questions.first();
  const answer = page.locator(`#${await first.getAttribute("aria-controls")}`);
  await expect(answer).toBeHidden();
  await first.click();
  await expect(first).toHaveAttribute("aria-expanded", "true");
  await expect(first.locator('[aria-hidden="true"]')).toHaveText("-");
  await expect(answer).toBeVisible();
  await expect(answer).toContainText("Entregamos");
  // Opening one does not open the others.
  await expect(questions.nth(1)).toHaveAttribute("aria-expanded", "false");

  await first.click();
  await expect(first).toHaveAttribute("aria-expanded", "false");
  await expect(first.locator('[aria-hidden="true"]')).toHaveText("+");
  await expect(answer).toBeHidden();

  // The keyboard works too: Space and Enter toggle a question.
  const last = questions.last();
  await last.focus();
  await page.keyboard.press("Space");
  await expect(last).toHaveAttribute("aria-expanded", "true");
  await expect(last.locator('[aria-hidden="true"]')).toHaveText("-");
  await page.keyboard.press("Enter");
  await expect(last).toHaveAttribute("aria-expanded", "false");
});

test("the footer shows the partners, the 2025 copyright and the legal links", async ({ page }) => {
  const footer = page.locator("#socios");
  await expect(footer).toHaveJSProperty("tagName", "FOOTER");
  const group = (name: string) =>
    footer.getByRole("heading", { name }).locator("xpath=following-sibling::ul[1]").getByRole("listitem");
  await expect(group("Socio estratégico")).toHaveCount(1);
  await expect(group("Distribuidores autorizados")).toHaveCount(2);
  await expect(footer.getByText(/© 2025/)).toBeVisible();

  const terms = footer.getByRole("link", { name: "Términos y condiciones" });
  const privacy = footer.getByRole("link", { name: "Aviso de privacidad" });
  await expect(terms).toHaveAttribute("href", "/terminos");
  await expect(privacy).toHaveAttribute("href", "/privacidad");
  await expect(terms).not.toHaveAttribute("target");
  await expect(privacy).not.toHaveAttribute("target");

  await terms.click();
  await expect(page).toHaveURL(/\/terminos$/);
  await expect(page.getByRole("heading", { level: 1, name: "Términos y condiciones" })).toBeVisible();
  await page.locator("#socios").getByRole("link", { name: "Aviso de privacidad" }).click();
  await expect(page).toHaveURL(/\/privacidad$/);
  await expect(page.getByRole("heading", { level: 1, name: "Aviso de privacidad" })).toBeVisible();
});

test("the products showcase opens a product's dialog and links to the catalogue", async ({ page }) => {
  const section = page.locator("#productos");
  await expect(section.getByRole("article")).toHaveCount(4);
  await expect(section.getByRole("link", { name: "Ver todos los productos" })).toHaveAttribute("href", "/productos");
  const first = section.getByRole("article").first().getByRole("link");
  const title = (await first.textContent()) ?? "";
  await first.click();
  await expect(page).toHaveURL(/\/productos\/[a-z-]+$/);
  await expect(page.getByRole("dialog", { name: title })).toBeVisible();
});
