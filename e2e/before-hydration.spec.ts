import type { CDPSession } from "@playwright/test";
import { expect, type Page, test } from "./fixtures";
import { contactForm, MARIA, waitForContactForm } from "./helpers/contact-form";
import { isMobile, waitForHydration } from "./helpers/site";

// Issue 16: a control tapped after it is painted but before the page has hydrated does its job at
// once (the browser does it, in the HTML), and hydration takes it over without undoing or repeating
// it. The page's scripts are held back until the tap is made, on a CPU slowed down 4x (a phone), so
// the tap surely lands before hydration.

const hydrated = (page: Page) =>
  page.evaluate(() => {
    const main = document.querySelector("main") ?? document.body;
    return Object.keys(main).some((key) => key.startsWith("__reactFiber"));
  });

/** Holds every script of the site until `release()`; the page paints from its HTML meanwhile. */
async function holdScripts(page: Page) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/**/*.js", async (route) => {
    await released;
    await route.continue();
  });
  let cdp: CDPSession | undefined;
  if (page.context().browser()?.browserType().name() === "chromium") {
    cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  }
  return {
    async release() {
      expect(await hydrated(page), "the tap came before hydration").toBe(false);
      release();
      await waitForHydration(page);
    },
  };
}

/**
 * Opens a page without waiting for its scripts (they are held), until its first paint: a person
 * taps what is painted, which is styled (the stylesheet blocks rendering), not the bare HTML.
 */
async function openHeld(page: Page, path: string) {
  await page.goto(path, { waitUntil: "commit" });
  await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);
}

test("the mobile menu opened before hydration stays open and is then named by the script", async ({ page }) => {
  test.skip(!isMobile(page), "the menu button exists below 768 px only");
  const scripts = await holdScripts(page);
  await openHeld(page, "/");
  const menu = page.getByRole("navigation", { name: "Menú móvil" });
  await page.getByRole("button", { name: "Abrir menú" }).click();
  await expect(menu.getByRole("link", { name: "Socios" })).toBeVisible();
  await scripts.release();
  await expect(page.getByRole("button", { name: "Cerrar menú" })).toHaveAttribute("aria-expanded", "true");
  await expect(menu.getByRole("link", { name: "Socios" })).toBeVisible();
  await page.getByRole("button", { name: "Cerrar menú" }).click();
  await expect(menu.getByRole("link", { name: "Socios" })).toBeHidden();
});

test("a FAQ question opened before hydration stays open, with its - marker", async ({ page }) => {
  const scripts = await holdScripts(page);
  await openHeld(page, "/");
  const question = page.getByRole("region", { name: "Resolvemos sus dudas" }).getByRole("button").first();
  await question.click();
  const answer = page.locator(`#${await question.getAttribute("aria-controls")}`);
  await expect(answer).toBeVisible();
  await scripts.release();
  await expect(question).toHaveAttribute("aria-expanded", "true");
  await expect(question.locator('[aria-hidden="true"]')).toHaveText("-");
  await expect(answer).toBeVisible();
  // Once: a second tap closes it.
  await question.click();
  await expect(answer).toBeHidden();
  await expect(question).toHaveAttribute("aria-expanded", "false");
});

test("a tab chosen before hydration stays chosen", async ({ page }) => {
  const scripts = await holdScripts(page);
  await openHeld(page, "/productos");
  await page.getByRole("tab", { name: "Postcosecha" }).click();
  await expect(page.getByText("Mostrando productos de Postcosecha")).toBeVisible();
  await scripts.release();
  await expect(page.getByRole("tab", { name: "Postcosecha" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tab", { name: "Postcosecha" })).toHaveAttribute("tabindex", "0");
  await expect(page.getByText("Mostrando productos de Postcosecha")).toBeVisible();
});

test("a product card tapped before hydration shows its product; Cerrar before hydration stays closed", async ({
  page,
}) => {
  const scripts = await holdScripts(page);
  await openHeld(page, "/productos");
  await page.getByRole("link", { name: "Danisaraba" }).click();
  await expect(page).toHaveURL(/\/productos\/danisaraba$/);
  const dialog = page.getByRole("dialog", { name: "Danisaraba" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cerrar" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await scripts.release();
  // The script follows the person's answer: the catalogue, no dialog coming back.
  await expect(page).toHaveURL(/\/productos$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("a product page's dialog becomes modal once hydrated, and closes once", async ({ page }) => {
  const scripts = await holdScripts(page);
  await openHeld(page, "/productos/danisaraba");
  await expect(page.getByRole("dialog", { name: "Danisaraba" })).toBeVisible();
  await scripts.release();
  const dialog = page.getByRole("dialog", { name: "Danisaraba" });
  await expect(dialog).toBeVisible();
  // The dialog turns modal in an effect that runs after the page's first hydrated commit.
  await expect.poll(() => dialog.evaluate((element) => element.matches(":modal"))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL(/\/productos$/);
});

test("a slide chosen before hydration stays shown", async ({ page }) => {
  const scripts = await holdScripts(page);
  await openHeld(page, "/servicios");
  await page.getByRole("button", { name: "Diapositiva siguiente" }).click();
  const slide = page.getByRole("group").filter({ has: page.getByRole("heading", { level: 3 }) });
  await expect(slide.getByRole("heading", { level: 3 })).toHaveText("Long Storage Service");
  await scripts.release();
  await expect(slide).toHaveCount(1);
  await expect(slide.getByRole("heading", { level: 3 })).toHaveText("Long Storage Service");
  await page.getByRole("button", { name: "Diapositiva siguiente" }).click();
  await expect(slide.getByRole("heading", { level: 3 })).toHaveText("Sea Freight Service");
});

test("what is typed and ticked in the form before hydration is kept and sent", async ({ page }) => {
  const scripts = await holdScripts(page);
  await openHeld(page, "/contacto");
  const f = contactForm(page);
  await f.firstName.fill(MARIA.firstName);
  await f.lastName.fill(MARIA.lastName);
  await f.services.click();
  await f.service("Danisaraba").check();
  await page.keyboard.press("Escape");
  await scripts.release();
  await waitForContactForm(page);
  await expect(f.firstName).toHaveValue(MARIA.firstName);
  await expect(f.lastName).toHaveValue(MARIA.lastName);
  await expect(f.chips).toHaveText(["Danisaraba"]);
  await expect(f.services).toHaveAccessibleDescription("1 seleccionado");
});
