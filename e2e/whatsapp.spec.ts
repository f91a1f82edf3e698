import { expect, type Page, test } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/axe";
import { contactDetails, products } from "./helpers/catalogue";
import { signInAsStaff } from "./helpers/crm";
import { visit } from "./helpers/site";

// A product's `WhatsApp` link (dialog and page `/productos/<slug>`), and its taps counted on the
// dashboard's `Clics en WhatsApp`. WhatsApp itself is never reached: wa.me answers from the test.

const SUPPLIER_DIGITS = contactDetails.whatsapp.replace(/\D/g, "");

function productNamed(slug: string) {
  const product = products.find((item) => item.slug === slug);
  if (!product) throw new Error(`no product ${slug}`);
  return product;
}

const whatsappLink = (page: Page, title: string) =>
  page.getByRole("dialog", { name: title }).getByRole("link", { name: "WhatsApp", exact: true });

/** The link opens the supplier's chat, in a new tab, with a first message that names the product. */
async function expectChatLink(page: Page, title: string) {
  const link = whatsappLink(page, title);
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", /\bnoopener\b/);
  const href = new URL((await link.getAttribute("href")) ?? "");
  expect(`${href.origin}${href.pathname}`).toBe(`https://wa.me/${SUPPLIER_DIGITS}`);
  const text = href.searchParams.get("text") ?? "";
  expect(text).toMatch(/^Hola, me interesa /);
  expect(text).toContain(title);
}

/** The taps the dashboard shows for a product (0 when it is not listed). */
async function dashboardClicks(page: Page, title: string) {
  const card = page.getByRole("region", { name: "Clics en WhatsApp", exact: true });
  await expect(card).toBeVisible();
  const row = card.getByRole("row").filter({ has: page.getByRole("rowheader", { name: title, exact: true }) });
  if ((await row.count()) === 0) return 0;
  return Number(await row.getByRole("cell").innerText());
}

test.describe("the WhatsApp link of a product", () => {
  test("is in the product dialog opened from the catalogue and on the product page", async ({ page }) => {
    const danisaraba = productNamed("danisaraba");
    await visit(page, "/productos");
    await page.getByRole("tabpanel").getByRole("link", { name: danisaraba.title, exact: true }).click();
    await expectChatLink(page, danisaraba.title);
    await expectNoAxeViolations(page);

    const rvb = productNamed("chrysal-rvb");
    await visit(page, `/productos/${rvb.slug}`);
    await expectChatLink(page, rvb.title);
    await expectNoAxeViolations(page);
  });

  test("is a plain link in the prerendered page, with no script needed", async ({ request }) => {
    const rvb = productNamed("chrysal-rvb");
    const html = await (await request.get(`/productos/${rvb.slug}`)).text();
    const anchor = /<a [^>]*href="(https:\/\/wa\.me\/[^"]+)"[^>]*>WhatsApp<\/a>/.exec(html);
    expect(anchor, "the WhatsApp anchor in the HTML").not.toBeNull();
    expect(new URL(anchor?.[1] ?? "").searchParams.get("text")).toContain(rvb.title);
    expect(anchor?.[0]).toContain('target="_blank"');
    expect(anchor?.[0]).toContain('rel="noopener"');
  });
});

test("a tap on the link is counted for its product on the dashboard", async ({ page, context, request }, testInfo) => {
  // Each project taps its own product: the two run at once against one database.
  const product = productNamed(testInfo.project.name === "mobile" ? "chrysal-essential" : "chrysal-freshliner");
  await context.route("https://wa.me/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>WhatsApp</title>" }),
  );

  await signInAsStaff(page, request, testInfo);
  await visit(page, "/crm");
  const before = await dashboardClicks(page, product.title);

  const shop = await context.newPage();
  await visit(shop, `/productos/${product.slug}`);
  const counted = shop.waitForResponse(
    (response) => response.url().endsWith("/api/whatsapp-clicks") && response.request().method() === "POST",
  );
  const chat = context.waitForEvent("page");
  await whatsappLink(shop, product.title).click();
  expect((await counted).status()).toBe(204);
  const popup = await chat;
  await popup.waitForLoadState("domcontentloaded");
  expect(popup.url()).toMatch(new RegExp(`^https://wa\\.me/${SUPPLIER_DIGITS}\\?text=`));
  // The page with the product stays where it was: the chat opened beside it.
  await expect(shop).toHaveURL(new RegExp(`/productos/${product.slug}$`));
  await popup.close();
  await shop.close();

  await page.reload();
  await expect.poll(() => dashboardClicks(page, product.title)).toBe(before + 1);
  const card = page.getByRole("region", { name: "Clics en WhatsApp", exact: true });
  await expect(card.getByText(/^\d+ clics? en total\.$/)).toBeVisible();
  await expect(card.getByRole("rowheader", { name: "Total", exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});
