import { expect, type Page } from "@playwright/test";

/** The "Solicitaste información sobre" list of the contact section on the current page. */
export function requestedList(page: Page) {
  return page
    .locator("#contacto")
    .getByRole("heading", { name: "Solicitaste información sobre" })
    .locator("xpath=following-sibling::ul[1]")
    .getByRole("listitem");
}

/** Asserts the requested titles shown in the contact section, in order. */
export async function expectRequested(page: Page, titles: string[]) {
  if (titles.length === 0) {
    await expect(page.locator("#contacto").getByRole("heading", { name: "Solicitaste información sobre" })).toHaveCount(
      0,
    );
    return;
  }
  await expect(requestedList(page)).toHaveText(titles);
  for (const title of titles) {
    await expect(page.locator("#contacto").getByRole("button", { name: `Quitar ${title}`, exact: true })).toBeVisible();
  }
}

/** Clicks a "Solicitar información" button and checks the trip to /#contacto (200 ms later). */
export async function requestInformation(page: Page, button: import("@playwright/test").Locator) {
  const clickedAt = Date.now();
  await button.click();
  await page.waitForURL(/\/#contacto$/);
  const elapsed = Date.now() - clickedAt;
  expect(elapsed, "navigation waits ~200 ms after the click").toBeGreaterThanOrEqual(180);
  await expect(page.locator("#contacto")).toBeInViewport();
}
