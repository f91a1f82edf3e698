import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/axe";
import { PUBLIC_PAGES, visit } from "./helpers/site";

test.describe("axe", () => {
  for (const path of PUBLIC_PAGES) {
    test(`${path} has no axe violations`, async ({ page }) => {
      await visit(page, path);
      await expectNoAxeViolations(page);
    });
  }

  test("/ with the mobile menu open or the FAQ expanded has no axe violations", async ({ page }) => {
    await visit(page, "/");
    const toggle = page.getByRole("button", { name: "Abrir menú" });
    if (await toggle.isVisible()) {
      await toggle.click();
      await expect(page.getByRole("button", { name: "Cerrar menú" })).toBeVisible();
    }
    for (const question of await page.getByRole("region", { name: "Resolvemos sus dudas" }).getByRole("button").all()) {
      await question.click();
    }
    await expectNoAxeViolations(page);
  });

  test("a product dialog has no axe violations", async ({ page }) => {
    await visit(page, "/productos");
    await page.getByRole("tab", { name: "Postcosecha" }).click();
    await page.getByRole("link", { name: "Chrysal AVB y AVB Booster", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Chrysal AVB y AVB Booster" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("a product page opened directly (/productos/danisaraba) has no axe violations", async ({ page }) => {
    await visit(page, "/productos/danisaraba");
    await expect(page.getByRole("dialog", { name: "Danisaraba" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("/#contacto with requested titles has no axe violations", async ({ page }) => {
    await visit(page, "/productos/danisaraba");
    await page.getByRole("dialog").getByRole("button", { name: "Solicitar información" }).click();
    await expect(page).toHaveURL(/\/#contacto$/);
    await expect(page.getByRole("button", { name: "Quitar Danisaraba" })).toBeVisible();
    await expect(page.locator("#contacto-titulo")).toBeInViewport();
    await expect(page.getByRole("banner")).toHaveClass(/bg-white/);
    await expectNoAxeViolations(page);
  });
});

test.describe("keyboard", () => {
  test("the first Tab reaches 'Saltar al contenido', which skips the header", async ({ page }) => {
    await visit(page, "/");
    const skip = page.getByRole("link", { name: "Saltar al contenido" });
    // Out of sight until a keyboard user needs it.
    await expect(skip).not.toBeInViewport();
    await page.keyboard.press("Tab");
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#contenido$/);
    await page.keyboard.press("Tab");
    // The next stop is the first control of the main content, not the header.
    const firstInMain = await page.evaluate(() => {
      const main = document.querySelector("main");
      const active = document.activeElement;
      return { inMain: Boolean(main && active && main.contains(active)), inHeader: Boolean(active?.closest("header")) };
    });
    expect(firstInMain).toEqual({ inMain: true, inHeader: false });
  });

  test("every interactive control of the landing page is reachable with Tab", async ({ page }) => {
    await visit(page, "/");
    // The hero's video toggle appears once the page has loaded: wait so it is part of the walk.
    await expect(page.getByRole("button", { name: /video/ })).toBeVisible();
    const expected = await page.evaluate(() => {
      const selector =
        'a[href], button, input, select, textarea, summary, video[controls], [tabindex]:not([tabindex="-1"])';
      const candidates = [...document.querySelectorAll<HTMLElement>(selector)].filter(
        (element) =>
          !element.closest("[inert]") &&
          // The contact form's honeypot is hidden from people on purpose (tabindex -1, aria-hidden).
          !element.closest('[aria-hidden="true"]') &&
          element.tabIndex >= 0 &&
          !(element as HTMLButtonElement).disabled &&
          element.checkVisibility({ visibilityProperty: true, opacityProperty: false }),
      );
      return candidates.map((element, index) => {
        element.dataset.e2eStop = String(index);
        return `${element.tagName.toLowerCase()} "${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40)}"`;
      });
    });
    expect(expected.length).toBeGreaterThan(30);

    const reached = new Set<number>();
    let first: string | undefined;
    for (let step = 0; step < expected.length + 15; step += 1) {
      await page.keyboard.press("Tab");
      const stop = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.e2eStop);
      if (stop === undefined) continue;
      // Back at the first control: the whole cycle has been walked.
      if (stop === first) break;
      first ??= stop;
      reached.add(Number(stop));
    }
    const missing = expected.filter((_, index) => !reached.has(index));
    expect(missing, "controls never reached with Tab").toEqual([]);
  });

  test("focus is always visible on the landing page's header and hero controls", async ({ page }) => {
    await visit(page, "/");
    for (let step = 0; step < 6; step += 1) {
      await page.keyboard.press("Tab");
      const outline = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const style = getComputedStyle(element);
        return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
      });
      expect(outline.style).not.toBe("none");
      expect(outline.width).toBeGreaterThan(0);
    }
  });
});
