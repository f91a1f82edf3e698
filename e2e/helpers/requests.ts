import { expect, type Locator, type Page } from "@playwright/test";
import { escapeRegExp } from "./site";

/** The chosen services of the contact form on the current page, as chips. */
export function chosenServices(page: Page) {
  return page.locator("#contacto").getByRole("list", { name: "Productos o servicios elegidos" }).getByRole("listitem");
}

/**
 * Asserts that the titles requested with "Solicitar información" are the form's chosen services, in
 * order, each flagged "Auto" and removable (spec section 4).
 */
export async function expectRequested(page: Page, titles: string[]) {
  if (titles.length === 0) {
    await expect
      .poll(() => page.evaluate(() => JSON.parse(sessionStorage.getItem("requested_titles") ?? "[]").length))
      .toBe(0);
    await expect(chosenServices(page)).toHaveCount(0);
    return;
  }
  await expect(chosenServices(page)).toHaveText(titles.map((title) => new RegExp(`^${escapeRegExp(title)}\\s*Auto$`)));
  for (const title of titles) {
    await expect(page.locator("#contacto").getByRole("button", { name: `Quitar ${title}`, exact: true })).toBeVisible();
  }
}

/**
 * Clicks a "Solicitar información" button and checks the trip to /#contacto (200 ms later): the
 * section is on screen in the first frame the home page shows, as after a full page load, not at the
 * end of a smooth scroll through the whole page that a busy phone can cut short.
 */
export async function requestInformation(page: Page, button: Locator) {
  const firstFrame = page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const look = () => {
          const section = location.hash === "#contacto" ? document.getElementById("contacto") : null;
          if (section) resolve(section.getBoundingClientRect().top);
          else requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      }),
  );
  const clickedAt = Date.now();
  await button.click();
  await page.waitForURL(/\/#contacto$/);
  const elapsed = Date.now() - clickedAt;
  expect(elapsed, "navigation waits ~200 ms after the click").toBeGreaterThanOrEqual(180);
  const top = await firstFrame;
  expect(top, "the contact section is on screen in the home page's first frame").toBeGreaterThanOrEqual(0);
  expect(top).toBeLessThan(page.viewportSize()?.height ?? 720);
  await expect(page.locator("#contacto")).toBeInViewport();
}
