import { expect, test } from "./fixtures";
import { expectRequested, requestInformation } from "./helpers/requests";
import { visit } from "./helpers/site";

const SLIDES = ["Chrysal Rose Dip", "Long Storage Service", "Sea Freight Service"];

/** The slide on screen: the only one of the three that is not hidden. */
const currentSlide = (page: import("@playwright/test").Page) =>
  page.getByRole("group").filter({ has: page.getByRole("heading", { level: 3 }) });

async function expectSlide(page: import("@playwright/test").Page, index: number) {
  const slide = currentSlide(page);
  await expect(slide).toHaveCount(1);
  await expect(slide.getByRole("heading", { level: 3 })).toHaveText(SLIDES[index] ?? "");
  await expect(slide).toBeVisible();
  await expect(page.getByRole("button", { name: `Ir a la diapositiva ${index + 1}` })).toHaveAttribute(
    "aria-current",
    "true",
  );
}

test.beforeEach(async ({ page }) => {
  await visit(page, "/servicios");
});

test("has its title and the AI and Aqua Care panels, each with a request button", async ({ page }) => {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nuestros Servicios");
  for (const name of ["Sistemas de Modelos Predictivos", "Aqua Care Technology"]) {
    const panel = page.getByRole("region", { name });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole("button", { name: "Solicitar información" })).toBeVisible();
  }
});

test("the Aqua Care video is muted, has controls and the HTML5 fallback text", async ({ page }) => {
  const video = page.getByRole("region", { name: "Aqua Care Technology" }).locator("video");
  await expect(video).toHaveCount(1);
  await expect(video).toHaveAccessibleName(/Aqua Care/);
  expect(await video.evaluate((element: HTMLVideoElement) => element.muted)).toBe(true);
  expect(await video.evaluate((element: HTMLVideoElement) => element.controls)).toBe(true);
  expect(await video.evaluate((element) => element.textContent?.trim())).toContain(
    "Tu navegador no soporta video HTML5.",
  );
});

test("the Aqua Care video starts muted once it is scrolled into view", async ({ page }) => {
  const video = page.getByRole("region", { name: "Aqua Care Technology" }).locator("video");
  await video.scrollIntoViewIfNeeded();
  await expect(video.locator("source")).toHaveAttribute("src", /\/media\/aqua-care\.webm$/);
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(false);
  expect(await video.evaluate((element: HTMLVideoElement) => element.muted)).toBe(true);
});

test("the carousel starts on Rose Dip and wraps around in both directions", async ({ page }) => {
  await expectSlide(page, 0);
  const next = page.getByRole("button", { name: "Diapositiva siguiente" });
  const previous = page.getByRole("button", { name: "Diapositiva anterior" });
  await next.click();
  await expectSlide(page, 1);
  await next.click();
  await expectSlide(page, 2);
  await next.click();
  await expectSlide(page, 0);

  // Previous from the first slide goes to the last one, Sea Freight Service.
  await previous.click();
  await expectSlide(page, 2);
  await expect(currentSlide(page).getByRole("heading")).toHaveText("Sea Freight Service");
  await previous.click();
  await expectSlide(page, 1);
});

test("the dots jump straight to a slide, with the keyboard too", async ({ page }) => {
  await page.getByRole("button", { name: "Ir a la diapositiva 2" }).click();
  await expectSlide(page, 1);
  await expect(currentSlide(page).getByRole("heading")).toHaveText("Long Storage Service");

  const third = page.getByRole("button", { name: "Ir a la diapositiva 3" });
  await third.focus();
  await page.keyboard.press("Enter");
  await expectSlide(page, 2);
  const first = page.getByRole("button", { name: "Ir a la diapositiva 1" });
  await first.focus();
  await page.keyboard.press("Space");
  await expectSlide(page, 0);
});

test("a slide's request button goes to /#contacto and lists the slide's title", async ({ page }) => {
  await page.getByRole("button", { name: "Ir a la diapositiva 2" }).click();
  await expectSlide(page, 1);
  await requestInformation(page, currentSlide(page).getByRole("button", { name: "Solicitar información" }));
  await expectRequested(page, ["Long Storage Service"]);
});

test("the panels' request buttons add their services to the same list", async ({ page }) => {
  await requestInformation(
    page,
    page.getByRole("region", { name: "Aqua Care Technology" }).getByRole("button", { name: "Solicitar información" }),
  );
  await expectRequested(page, ["Aqua Care Technology"]);

  await visit(page, "/servicios");
  await requestInformation(
    page,
    page
      .getByRole("region", { name: "Sistemas de Modelos Predictivos" })
      .getByRole("button", { name: "Solicitar información" }),
  );
  await expectRequested(page, ["Aqua Care Technology", "Sistemas de Modelos Predictivos"]);
});
