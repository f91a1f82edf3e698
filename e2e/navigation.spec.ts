import { expect, type Page, test } from "./fixtures";
import { revealHeaderLinks, scrollToY, scrollY, visit, waitForScrollToSettle } from "./helpers/site";

/** Top of `selector` relative to the viewport, and the fixed header's height. */
const positions = (page: Page, selector: string) =>
  page.evaluate((target) => {
    const section = document.querySelector(target);
    const header = document.querySelector("header");
    return {
      top: section?.getBoundingClientRect().top ?? Number.NaN,
      headerHeight: header?.getBoundingClientRect().height ?? Number.NaN,
      viewportHeight: window.innerHeight,
    };
  }, selector);

/**
 * The section starts below the fixed header and inside the viewport once (smooth) scrolling has
 * ended; with `nearTop`, right below the header (the footer may be too short to get there).
 */
async function expectSectionBelowHeader(page: Page, selector: string, { nearTop }: { nearTop: boolean }) {
  const check = async () => {
    const { top, headerHeight, viewportHeight } = await positions(page, selector);
    expect(headerHeight).toBeGreaterThan(40);
    expect(top, "the section starts below the fixed header").toBeGreaterThanOrEqual(headerHeight - 2);
    expect(top, "the section starts inside the viewport").toBeLessThan(viewportHeight);
    if (nearTop) expect(top, "the section is right below the header").toBeLessThanOrEqual(headerHeight + 40);
  };
  await expect(check).toPass({ timeout: 8_000 });
  await waitForScrollToSettle(page);
  await check();
}

test.describe("anchor scrolling", () => {
  for (const [link, id] of [
    ["Productos", "productos"],
    ["Socios", "socios"],
  ] as const) {
    test(`header link ${link} from another page lands on /#${id} below the fixed header`, async ({ page }) => {
      await visit(page, "/servicios");
      const nav = await revealHeaderLinks(page);
      await nav.getByRole("link", { name: link, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/#${id}$`));
      await expectSectionBelowHeader(page, `#${id}`, { nearTop: id !== "socios" });
    });
  }

  test("a /#contacto link opened directly lands on the contact section", async ({ page }) => {
    await visit(page, "/#contacto");
    await expectSectionBelowHeader(page, "#contacto", { nearTop: true });
  });
});

test.describe("scroll restoration", () => {
  test("going back restores the scroll position of the home page", async ({ page }) => {
    await visit(page, "/");
    const link = page.getByRole("link", { name: "Ver todos los productos" });
    await link.scrollIntoViewIfNeeded();
    await scrollToY(page, (await scrollY(page)) + 100);
    await expect(link).toBeInViewport();
    const before = await scrollY(page);
    expect(before).toBeGreaterThan(800);

    await link.click();
    await expect(page).toHaveURL(/\/productos$/);
    await expect(page.getByRole("heading", { level: 1, name: "Nuestros Productos" })).toBeVisible();
    await expect.poll(() => scrollY(page), "a new page starts at the top").toBeLessThan(50);

    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(async () => Math.abs((await scrollY(page)) - before)).toBeLessThanOrEqual(50);
  });

  test("going back to the products page restores where it was left", async ({ page }) => {
    await visit(page, "/productos");
    await scrollToY(page, 600);
    const nav = await revealHeaderLinks(page);
    await nav.getByRole("link", { name: "Contáctanos" }).click();
    await expect(page).toHaveURL(/\/contacto$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/productos$/);
    await expect.poll(async () => Math.abs((await scrollY(page)) - 600)).toBeLessThanOrEqual(50);
  });
});
