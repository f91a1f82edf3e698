import { test as base, expect, type Page } from "./fixtures";
import { openContactForm } from "./helpers/contact-form";
import { uniqueTag } from "./helpers/crm";
import { openSecondBrowser } from "./helpers/second-factor";
import { type SecondServer, startSecondServer } from "./helpers/server";
import { forgiveUnknownPage, visit } from "./helpers/site";
import { publishNewProduct, retireProduct, signInAsEditor } from "./helpers/site-editor";

// A publish of `Sitio web` is on every instance's pages within 10 s (issue 17): each instance reads
// the published content every 5 s and renders its public pages again when it changed. Here with two
// real servers on one PostgreSQL database: the editor works on the suite's server, a visitor looks
// at a second one this test starts.

const test = base.extend<{ secondServer: SecondServer }>({
  secondServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's own fixtures from this pattern.
    async ({}, use, testInfo) => {
      const server = await startSecondServer();
      try {
        await use(server);
      } finally {
        await server.stop();
        if (testInfo.status !== testInfo.expectedStatus) {
          await testInfo.attach("second-server-output", { body: server.output(), contentType: "text/plain" });
        }
      }
    },
    { timeout: 90_000 },
  ],
});

test.skip(
  !process.env.E2E_DATABASE_URL,
  "two servers share a database on PostgreSQL only (E2E_DATABASE_URL): the in-memory PGlite is one server's own",
);

/** Runs `check` again until it passes, failing 10 s after `since`; answers how long it took. */
async function within10s(since: number, check: () => Promise<void>) {
  await expect(check).toPass({ timeout: Math.max(since + 10_000 - Date.now(), 1), intervals: [250] });
  return Date.now() - since;
}

/** Opens the catalogue's Postcosecha tab (where a new product goes) and waits for its cards. */
async function openPostharvest(visitor: Page) {
  await visit(visitor, "/productos");
  await visitor.getByRole("tab", { name: "Postcosecha" }).click();
  await expect(visitor.getByText("Mostrando productos de Postcosecha")).toBeVisible();
  await expect(visitor.getByRole("tabpanel").getByRole("article").first()).toBeVisible();
}

const card = (visitor: Page, title: string) =>
  visitor
    .getByRole("tabpanel")
    .getByRole("article")
    .filter({ has: visitor.getByRole("heading", { name: title, exact: true }) });

/** Whether the contact form's list of products and services offers `title`, freshly loaded. */
async function contactFormOffers(visitor: Page, title: string) {
  const form = await openContactForm(visitor);
  await form.services.click();
  // The list is drawn (a product every fresh install offers) before one is looked for.
  await expect(form.service("Danisaraba")).toBeVisible();
  return (await form.service(title).count()) === 1;
}

test("a product published on one server is on the other's pages within 10 s, and gone from them as soon after it is retired", async ({
  page,
  pageProblems,
  browser,
  request,
  secondServer,
}, testInfo) => {
  test.slow();
  const tag = uniqueTag(testInfo);
  // A visitor on the second server, its catalogue as it is before the publish.
  const { context, page: visitor } = await openSecondBrowser(browser, {
    baseURL: secondServer.url,
    page,
    pageProblems,
    testInfo,
  });
  const sitemap = async () => (await visitor.request.get("/sitemap.xml")).text();
  await openPostharvest(visitor);

  // The editor publishes a new product on the suite's server.
  await signInAsEditor(page, request, testInfo);
  const { title, slug } = await publishNewProduct(page, tag);
  const published = Date.now();

  // The second server shows its card, its page, offers it in the contact form and lists it in its sitemap.
  const shown = await within10s(published, async () => {
    await openPostharvest(visitor);
    await expect(card(visitor, title)).toBeVisible({ timeout: 1_000 });
  });
  testInfo.annotations.push({ type: "published → card on the second server (ms)", description: String(shown) });
  const response = await visit(visitor, `/productos/${slug}`);
  expect(response?.status(), `/productos/${slug} on the second server`).toBe(200);
  await expect(visitor.getByRole("dialog", { name: title })).toBeVisible();
  expect(await sitemap()).toContain(`/productos/${slug}</loc>`);
  await within10s(published, async () => expect(await contactFormOffers(visitor, title)).toBe(true));

  // Retired on the suite's server, it is gone from the second one's pages, form and sitemap.
  await retireProduct(page);
  const retired = Date.now();
  const gone = await within10s(retired, async () => {
    await openPostharvest(visitor);
    await expect(card(visitor, title)).toHaveCount(0, { timeout: 1_000 });
  });
  testInfo.annotations.push({ type: "retired → no card on the second server (ms)", description: String(gone) });
  // Its address is no page any more: it leads home, as any unknown page does.
  expect((await visitor.goto(`/productos/${slug}`))?.status()).toBe(404);
  await expect(visitor).toHaveURL("/");
  forgiveUnknownPage(pageProblems, `/productos/${slug}`);
  await expect(visitor.getByRole("dialog", { name: title })).toHaveCount(0);
  expect(await sitemap()).not.toContain(`/productos/${slug}</loc>`);
  // The form's list may come from the browser's cache for a few seconds (max-age=5).
  await within10s(retired, async () => expect(await contactFormOffers(visitor, title)).toBe(false));
  await context.close();
});
