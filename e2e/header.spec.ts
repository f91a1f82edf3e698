import { expect, type Page, test } from "./fixtures";
import { isMobile, revealHeaderLinks, scrollToY, visit } from "./helpers/site";

const headerBackground = (page: Page) =>
  page.getByRole("banner").evaluate((element) => getComputedStyle(element).backgroundColor);

/** Alpha of a computed `rgb()/rgba()` colour: 0 is transparent, 1 opaque. */
const alphaOf = (color: string) => {
  const parts = color.match(/[\d.]+/g) ?? [];
  return parts.length === 4 ? Number(parts[3]) : 1;
};

test.describe("header", () => {
  test("links to the sections of home and to the contact page", async ({ page }) => {
    await visit(page, "/servicios");
    const nav = await revealHeaderLinks(page);
    await expect(nav.getByRole("link", { name: "Productos", exact: true })).toHaveAttribute("href", "/#productos");
    await expect(nav.getByRole("link", { name: "Servicios", exact: true })).toHaveAttribute("href", "/#servicios");
    await expect(nav.getByRole("link", { name: "Socios", exact: true })).toHaveAttribute("href", "/#socios");
    const contact = nav.getByRole("link", { name: "Contáctanos" });
    await expect(contact).toHaveAttribute("href", "/contacto");
    await contact.click();
    await expect(page).toHaveURL(/\/contacto$/);
    await expect(page.getByRole("heading", { level: 1, name: "Contáctanos" })).toBeVisible();
  });

  test("is transparent at the top and becomes solid once the page has scrolled past 50 px", async ({ page }) => {
    await visit(page, "/");
    const banner = page.getByRole("banner");
    await expect(banner).toHaveCSS("position", "fixed");
    await expect.poll(async () => alphaOf(await headerBackground(page))).toBe(0);

    await scrollToY(page, 40);
    // Under the threshold nothing changes (checked after a scroll event has surely been handled).
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(alphaOf(await headerBackground(page))).toBe(0);

    await scrollToY(page, 120);
    await expect.poll(async () => alphaOf(await headerBackground(page))).toBeGreaterThan(0.9);
    await expect(banner).toHaveClass(/bg-white/);
    await expect(banner).toBeInViewport();

    await scrollToY(page, 0);
    await expect.poll(async () => alphaOf(await headerBackground(page))).toBe(0);
  });

  test("is solid from the top on the contact page, which has no hero under it", async ({ page }) => {
    await visit(page, "/contacto");
    await expect.poll(async () => alphaOf(await headerBackground(page))).toBeGreaterThan(0.9);
    await scrollToY(page, 30);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(alphaOf(await headerBackground(page))).toBeGreaterThan(0.9);
    await expect(page.getByRole("banner").getByRole("link", { name: /inicio$/ })).toHaveCSS("color", "rgb(20, 56, 35)");
  });

  test("stays solid when a page is opened already scrolled (reload half way down)", async ({ page }) => {
    await visit(page, "/");
    await scrollToY(page, 900);
    await page.reload();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(50);
    await expect.poll(async () => alphaOf(await headerBackground(page))).toBeGreaterThan(0.9);
  });
});

test.describe("mobile menu", () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) >= 768, "the menu button exists below 768 px only");

  test("opens and closes with its button, naming its state", async ({ page }) => {
    await visit(page, "/");
    const menu = page.getByRole("navigation", { name: "Menú móvil" });
    const open = page.getByRole("button", { name: "Abrir menú" });
    await expect(open).toBeVisible();
    await expect(open).toHaveAttribute("aria-expanded", "false");
    await expect(menu.getByRole("link", { name: "Productos" })).toBeHidden();

    await open.click();
    const close = page.getByRole("button", { name: "Cerrar menú" });
    await expect(close).toHaveAttribute("aria-expanded", "true");
    for (const name of ["Productos", "Servicios", "Socios", "Contáctanos"]) {
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    }

    await close.click();
    await expect(page.getByRole("button", { name: "Abrir menú" })).toHaveAttribute("aria-expanded", "false");
    await expect(menu.getByRole("link", { name: "Productos" })).toBeHidden();
  });

  test("works with the keyboard and closes with Escape", async ({ page }) => {
    await visit(page, "/");
    const toggle = page.getByRole("button", { name: "Abrir menú" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Cerrar menú" })).toHaveAttribute("aria-expanded", "true");
    const menu = page.getByRole("navigation", { name: "Menú móvil" });
    await expect(menu.getByRole("link", { name: "Socios" })).toBeVisible();

    // The open menu's links come next in the tab order.
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("link", { name: "Productos" })).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "Abrir menú" })).toHaveAttribute("aria-expanded", "false");
    await expect(menu.getByRole("link", { name: "Socios" })).toBeHidden();
  });

  test("closes when the viewport grows to 768 px or wider", async ({ page }) => {
    await visit(page, "/");
    await page.getByRole("button", { name: "Abrir menú" }).click();
    await expect(page.getByRole("button", { name: "Cerrar menú" })).toHaveAttribute("aria-expanded", "true");

    await page.setViewportSize({ width: 800, height: 812 });
    await expect(
      page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Socios" }),
    ).toBeVisible();
    // The (now hidden) toggle already says the menu is closed.
    await expect(page.locator('button[aria-controls="menu-movil"]')).toHaveAttribute("aria-expanded", "false");

    // Back on a phone width, the menu is closed: it did not stay open behind the desktop layout.
    await page.setViewportSize({ width: 375, height: 812 });
    const toggle = page.getByRole("button", { name: /menú/ });
    await expect(toggle).toHaveAccessibleName("Abrir menú");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(
      page.getByRole("navigation", { name: "Menú móvil" }).getByRole("link", { name: "Socios" }),
    ).toBeHidden();
  });

  test("a menu link navigates and closes the menu", async ({ page }) => {
    await visit(page, "/servicios");
    await page.getByRole("button", { name: "Abrir menú" }).click();
    await page.getByRole("navigation", { name: "Menú móvil" }).getByRole("link", { name: "Socios" }).click();
    await expect(page).toHaveURL(/\/#socios$/);
    await expect(page.getByRole("button", { name: "Abrir menú" })).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator("#socios")).toBeInViewport();
  });

  test("the header is solid while the menu is open, even at the top", async ({ page }) => {
    await visit(page, "/");
    await page.getByRole("button", { name: "Abrir menú" }).click();
    await expect.poll(async () => alphaOf(await headerBackground(page))).toBeGreaterThan(0.9);
  });
});

test.describe("desktop header", () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 768, "desktop layout only");

  test("shows the links inline and hides the menu button", async ({ page }) => {
    await visit(page, "/");
    expect(isMobile(page)).toBe(false);
    await expect(page.getByRole("button", { name: "Abrir menú" })).toBeHidden();
    const nav = page.getByRole("navigation", { name: "Principal" });
    for (const name of ["Productos", "Servicios", "Socios", "Contáctanos"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(
      page.getByRole("navigation", { name: "Menú móvil" }).getByRole("link", { name: "Productos" }),
    ).toBeHidden();
  });
});
