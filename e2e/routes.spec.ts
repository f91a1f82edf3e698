import { expect, test } from "./fixtures";
import { products } from "./helpers/catalogue";
import { fillContactForm, waitForContactForm } from "./helpers/contact-form";
import { forgiveUnknownPage, PUBLIC_PAGES, SPEC_SERVICE_TYPES, visit, waitForHydration } from "./helpers/site";

test("every public page answers 200 with a title, a description, lang es-EC and a canonical link", async ({ page }) => {
  // One browser page walks the nine pages; each page is its own step, and soft assertions report
  // every page that is wrong, not only the first.
  for (const path of PUBLIC_PAGES) {
    await test.step(path, async () => {
      const response = await visit(page, path);
      expect.soft(response?.status(), `${path} status`).toBe(200);
      expect.soft(new URL(page.url()).pathname, `${path} stays where it is`).toBe(path);
      await expect.soft(page.locator("html"), `${path} lang`).toHaveAttribute("lang", "es-EC");
      await expect.soft(page, `${path} title`).toHaveTitle(/\S/);
      const description = page.locator('head meta[name="description"]');
      await expect.soft(description, `${path} has one description`).toHaveCount(1);
      await expect.soft(description, `${path} description`).toHaveAttribute("content", /^\S.{19,}$/);
      const canonical = page.locator('head link[rel="canonical"]');
      await expect.soft(canonical, `${path} has one canonical link`).toHaveCount(1);
      const href = (await canonical.first().getAttribute("href")) ?? "";
      expect.soft(href, `${path} canonical link is absolute`).toMatch(/^https?:\/\//);
      expect.soft(URL.canParse(href) ? new URL(href).pathname : href, `${path} canonical path`).toBe(path);
      await expect.soft(page.getByRole("heading", { level: 1 }), `${path} has one h1`).toHaveCount(1);
      await expect.soft(page.locator('head meta[name="robots"]'), `${path} may be indexed`).toHaveCount(0);
    });
  }
});

// Decision 048: the phone library (about 30 kB compressed) is for the API and the CRM; a visitor's
// phone never downloads it, not even once the contact form has been filled.
test("the public pages and a filled contact form never load the phone library", async ({ page }) => {
  const scripts: Promise<string>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response.text().catch(() => ""));
  });
  for (const path of PUBLIC_PAGES) await visit(page, path);
  await visit(page, "/contacto");
  await waitForContactForm(page);
  await fillContactForm(page, { phone: "099 123 4567" });
  const bodies = await Promise.all(scripts);
  expect(bodies.length).toBeGreaterThan(0);
  // Its metadata's own key, in every build of it.
  expect(bodies.filter((body) => body.includes("country_calling_codes"))).toHaveLength(0);
});

test.describe("redirects", () => {
  test("an unknown path ends at the home page", async ({ page, pageProblems }) => {
    // A 404 for crawlers (no soft 404), and for a person the way home the spec asks for.
    expect((await page.goto("/no-existe"))?.status()).toBe(404);
    await expect(page).toHaveURL(/^[^#?]*:\/\/[^/]+\/$/);
    await expect(page.getByRole("heading", { level: 1, name: /Ayudamos a la naturaleza/ })).toBeVisible();
    forgiveUnknownPage(pageProblems, "/no-existe");
  });

  test("an unknown nested path also ends at the home page", async ({ page, pageProblems }) => {
    expect((await page.goto("/productos/no-existe/otra"))?.status()).toBe(404);
    await expect(page).toHaveURL(/^[^#?]*:\/\/[^/]+\/$/);
    forgiveUnknownPage(pageProblems, "/productos/no-existe/otra");
  });

  test("an unknown product URL is an unknown path: it ends at the home page", async ({ page, pageProblems }) => {
    expect((await page.goto("/productos/no-existe"))?.status()).toBe(404);
    await expect(page).toHaveURL(/^[^#?]*:\/\/[^/]+\/$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    forgiveUnknownPage(pageProblems, "/productos/no-existe");
  });

  test("a product that leaves the site while the catalogue is open also ends at the home page", async ({ page }) => {
    await page.goto("/productos");
    await expect(page.getByRole("heading", { level: 1, name: "Nuestros Productos" })).toBeVisible();
    // A client-side navigation to a product the site no longer has (as a card of a page loaded
    // before it was retired would make): the page's loader answers, not the server.
    await expect.poll(() => page.evaluate(() => "__reactRouterDataRouter" in window), { timeout: 15_000 }).toBe(true);
    await page.evaluate(() => {
      const router = (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } })
        .__reactRouterDataRouter;
      void router.navigate("/productos/no-existe");
    });
    await expect(page).toHaveURL(/^[^#?]*:\/\/[^/]+\/$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  for (const path of ["/crm", "/crm/mensajes"]) {
    test(`${path} sends a visitor without a session to /login without showing CRM content`, async ({ page }) => {
      // Records, from the very first paint, whether anything of the CRM ever reached the screen.
      await page.addInitScript(() => {
        const crmText = /Cerrar sesión|Gestión de contactos|Nuevo Contacto|Buscar contacto|CRM v1\.0|Administrador/;
        const w = window as unknown as { __crmSeen: string[] };
        w.__crmSeen = [];
        new MutationObserver(() => {
          const text = document.body?.textContent ?? "";
          const match = crmText.exec(text);
          if (match) w.__crmSeen.push(`${location.pathname}: ${match[0]}`);
        }).observe(document, { childList: true, subtree: true, characterData: true });
      });
      await page.goto(path);
      // The sign-in page knows where to bring the person back afterwards.
      await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(path)}`);
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Mensajes" })).toHaveCount(0);
      await expect(page.getByRole("heading", { name: "Contactos" })).toHaveCount(0);
      expect(await page.evaluate(() => (window as unknown as { __crmSeen: string[] }).__crmSeen)).toEqual([]);
      await expect(page.getByRole("link", { name: "Volver al inicio" })).toHaveAttribute("href", "/");
    });
  }
});

test.describe("server files and API", () => {
  // These answers do not depend on the screen: checking them once is enough.
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 768, "width-independent");

  test("/sitemap.xml lists every public page and every product URL", async ({ request }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/xml/);
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "").pathname);
    const productUrls = locs.filter((path) => path.startsWith("/productos/"));
    expect(products).toHaveLength(13);
    expect(productUrls.sort()).toEqual(products.map((product) => `/productos/${product.slug}`).sort());
    for (const path of ["/", "/productos", "/servicios", "/contacto", "/fianzas", "/seguros"]) {
      expect(locs, `sitemap lists ${path}`).toContain(path);
    }
    expect(
      locs.some((path) => path.startsWith("/crm")),
      "the CRM is not in the sitemap",
    ).toBe(false);
  });

  test("every product URL of the sitemap answers 200 with the product's title", async ({ request }) => {
    for (const product of products) {
      const response = await request.get(`/productos/${product.slug}`);
      expect(response.status(), product.slug).toBe(200);
      expect(await response.text()).toContain(`<title>${product.title} |`);
    }
  });

  test("/robots.txt names the sitemap, blocks the CRM and lets every public page be crawled", async ({ request }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*/m);
    expect(text).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
    expect(text).toMatch(/^Disallow: \/crm/m);
    // Lighthouse's SEO audit fails a public page that robots.txt blocks (docs/decisions/008).
    expect(text).not.toMatch(/^Disallow: \/(login|productos|servicios|contacto)?$/m);
  });

  test("/api/health answers {status: ok}", async ({ request }) => {
    const response = await request.get("/api/health");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  test("/api/service-types gives the spec's 18 service types in order", async ({ request }) => {
    const response = await request.get("/api/service-types");
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { id: unknown; title: string }[];
    // Products published from Sitio web follow them (the editor's tests add some to this database).
    expect(body.slice(0, 18).map((entry) => entry.title)).toEqual([...SPEC_SERVICE_TYPES]);
    expect(new Set(body.map((entry) => entry.id)).size).toBe(body.length);
  });

  test("every public page has its own title and description in its HTML", async ({ request }) => {
    const titles = new Map<string, string>();
    for (const path of PUBLIC_PAGES) {
      const html = await (await request.get(path)).text();
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1] ?? "";
      expect(title, `${path} has a title in its HTML`).not.toBe("");
      expect(titles.get(title), `${path} reuses the title of ${titles.get(title)}`).toBeUndefined();
      titles.set(title, path);
      expect(html, `${path} has a description in its HTML`).toMatch(/<meta name="description" content="[^"]{20,}"/);
    }
  });

  test("a missing file is a 404, not the home page", async ({ request }) => {
    const response = await request.get("/images/no-existe.png", { maxRedirects: 0 });
    expect(response.status()).toBe(404);
  });
});
