import { expect, type Page } from "@playwright/test";
import type { PageProblems } from "../fixtures";

/** The public pages of the site (spec route table, plus the pages its links name). */
export const PUBLIC_PAGES = [
  "/",
  "/productos",
  "/servicios",
  "/contacto",
  "/login",
  "/fianzas",
  "/seguros",
  "/terminos",
  "/privacidad",
] as const;

/**
 * The contact form's 18 service types, in the spec's order (spec section 3). Copied from the spec on
 * purpose rather than imported from packages/shared: the test checks the constants, not itself.
 */
export const SPEC_SERVICE_TYPES = [
  "Bioestimulantes",
  "Danisaraba",
  "Chrysal VIVA",
  "Chrysal Intensive",
  "Chrysal Transport Stickers",
  "Chrysal AVB y AVB Booster",
  "Chrysal Arrive Alive",
  "Chrysal Essential",
  "Chrysal FreshLiner",
  "Chrysal HVB",
  "Chrysal RVB y RVB Clear",
  "Chrysal Solucion Inicial",
  "Chrysal EB Sheets",
  "Sistemas de Modelos Predictivos",
  "Aqua Care Technology",
  "Chrysal Rose Dip",
  "Long Storage Service",
  "Sea Freight Service",
] as const;

export const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** Resolves once React has hydrated the prerendered page, so clicks reach their handlers. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector("main") ?? document.body;
    return Object.keys(main).some((key) => key.startsWith("__reactFiber"));
  });
}

/**
 * Opens a page the way a person does and waits until it is interactive (hydrated). It does not
 * wait for every image: assertions wait for what they need.
 */
export async function visit(page: Page, path: string) {
  const response = await page.goto(path, { waitUntil: "domcontentloaded" });
  await waitForHydration(page);
  return response;
}

export const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** Scrolls at once (no smooth animation) to `y`. */
export async function scrollToY(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
  await expect.poll(() => scrollY(page)).toBe(y);
}

/** Resolves when the page has not scrolled for a few frames (smooth anchor scrolling has ended). */
export async function waitForScrollToSettle(page: Page) {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const first = window.scrollY;
        setTimeout(() => requestAnimationFrame(() => resolve(window.scrollY === first)), 120);
      }),
  );
}

/** Opens the mobile menu when the viewport is narrow, so the header links can be used. */
export async function revealHeaderLinks(page: Page) {
  if (!isMobile(page)) return page.getByRole("navigation", { name: "Principal" });
  await page.getByRole("button", { name: "Abrir menú" }).click();
  const menu = page.getByRole("navigation", { name: "Menú móvil" });
  await expect(menu.getByRole("link", { name: "Productos" })).toBeVisible();
  return menu;
}

/**
 * An unknown page answers 404 (its page then takes the person home), which the browser logs as a
 * failed load of `path`: expected there, still a problem anywhere else.
 */
export function forgiveUnknownPage(pageProblems: PageProblems, path: string) {
  const escaped = path.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const pattern = new RegExp(
    `Failed to load resource: the server responded with a status of 404.*\\(https?://[^/]+${escaped}\\)$`,
  );
  pageProblems.problems = pageProblems.problems.filter((problem) => !pattern.test(problem));
}

/** `text` matched literally inside a regular expression (names hold dots, brackets, plus signs). */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
