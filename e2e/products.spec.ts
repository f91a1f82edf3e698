import { expect, test } from "./fixtures";
import { products } from "./helpers/catalogue";
import { expectRequested, requestInformation } from "./helpers/requests";
import { isMobile, scrollY, visit } from "./helpers/site";

const inTab = (type: "personales" | "empresariales") => products.filter((product) => product.types.includes(type));
const CROPS = "Protección de Cultivos";
const POSTHARVEST = "Postcosecha";

const cards = (page: import("@playwright/test").Page) => page.getByRole("tabpanel").getByRole("article");
const cardLink = (page: import("@playwright/test").Page, title: string) =>
  page.getByRole("tabpanel").getByRole("link", { name: title, exact: true });

test.describe("catalogue", () => {
  test("has its title, two tabs with Protección de Cultivos selected, and the matching cards", async ({ page }) => {
    await visit(page, "/productos");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nuestros Productos");
    const tabs = page.getByRole("tablist").getByRole("tab");
    await expect(tabs).toHaveText([CROPS, POSTHARVEST]);
    await expect(page.getByRole("tab", { name: CROPS })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tab", { name: POSTHARVEST })).toHaveAttribute("aria-selected", "false");
    await expect(page.getByText(`Mostrando productos de ${CROPS}`)).toBeVisible();
    await expect(page.getByRole("tabpanel")).toHaveAccessibleName(CROPS);

    const crops = inTab("personales");
    expect(crops.length).toBeGreaterThan(0);
    await expect(cards(page)).toHaveCount(crops.length);
    await expect(cards(page).getByRole("heading")).toHaveText(crops.map((product) => product.title));

    await page.getByRole("tab", { name: POSTHARVEST }).click();
    await expect(page.getByRole("tab", { name: POSTHARVEST })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tab", { name: CROPS })).toHaveAttribute("aria-selected", "false");
    await expect(page.getByText(`Mostrando productos de ${POSTHARVEST}`)).toBeVisible();
    const postharvest = inTab("empresariales");
    await expect(cards(page)).toHaveCount(postharvest.length);
    await expect(cards(page).getByRole("heading")).toHaveText(postharvest.map((product) => product.title));

    // All 13 products of the spec are reachable from one tab or the other.
    expect(new Set([...crops, ...postharvest].map((product) => product.slug)).size).toBe(13);
  });

  test("arrow keys move between the tabs", async ({ page }) => {
    await visit(page, "/productos");
    const crops = page.getByRole("tab", { name: CROPS });
    const postharvest = page.getByRole("tab", { name: POSTHARVEST });
    // Only the selected tab is in the tab order.
    await expect(crops).toHaveAttribute("tabindex", "0");
    await expect(postharvest).toHaveAttribute("tabindex", "-1");

    await crops.focus();
    await page.keyboard.press("ArrowRight");
    await expect(postharvest).toBeFocused();
    await expect(postharvest).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText(`Mostrando productos de ${POSTHARVEST}`)).toBeVisible();
    await expect(cards(page)).toHaveCount(inTab("empresariales").length);

    await page.keyboard.press("ArrowLeft");
    await expect(crops).toBeFocused();
    await expect(crops).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText(`Mostrando productos de ${CROPS}`)).toBeVisible();
    await expect(cards(page)).toHaveCount(inTab("personales").length);

    // Arrows wrap around.
    await page.keyboard.press("ArrowLeft");
    await expect(postharvest).toBeFocused();
    await expect(postharvest).toHaveAttribute("aria-selected", "true");
  });

  test("cards show at most 3 features, a '+N más' chip when there are more, and a badge", async ({ page }) => {
    await visit(page, "/productos");
    for (const [tab, type] of [
      [CROPS, "personales"],
      [POSTHARVEST, "empresariales"],
    ] as const) {
      await page.getByRole("tab", { name: tab }).click();
      await expect(page.getByText(`Mostrando productos de ${tab}`)).toBeVisible();
      for (const product of inTab(type)) {
        const card = cards(page).filter({ has: page.getByRole("link", { name: product.title, exact: true }) });
        const chips = card.getByRole("list", { name: "Características" }).getByRole("listitem");
        const shown = product.features.slice(0, 3);
        const more = product.features.length - shown.length;
        await expect(chips, product.title).toHaveText(more > 0 ? [...shown, `+${more} más`] : shown);
        await expect(card.getByText(product.state, { exact: true })).toBeVisible();
      }
    }
    // The spec's rule is exercised: some product has more than 3 features.
    expect(products.some((product) => product.features.length > 3)).toBe(true);
  });

  test("the grid is one column on phones and four columns on wide screens", async ({ page }) => {
    await visit(page, "/productos");
    await page.getByRole("tab", { name: POSTHARVEST }).click();
    await expect(cards(page)).toHaveCount(inTab("empresariales").length);
    const boxes = await cards(page).evaluateAll((elements) =>
      elements.map((element) => {
        const box = element.getBoundingClientRect();
        return { x: Math.round(box.x), y: Math.round(box.y) };
      }),
    );
    const columns = new Set(boxes.map((box) => box.x)).size;
    if (isMobile(page)) {
      expect(columns).toBe(1);
      for (let index = 1; index < boxes.length; index += 1) {
        expect(boxes[index]?.y).toBeGreaterThan(boxes[index - 1]?.y ?? 0);
      }
    } else {
      expect(columns).toBe(4);
      const firstRow = boxes.slice(0, 4);
      expect(new Set(firstRow.map((box) => box.y)).size).toBe(1);
      expect(boxes[4]?.x).toBe(boxes[0]?.x);
      expect(boxes[4]?.y).toBeGreaterThan(boxes[0]?.y ?? 0);
    }
  });
});

test.describe("product dialog", () => {
  test("a click on a card's title opens its dialog at /productos/<slug>; Cerrar closes it", async ({ page }) => {
    await visit(page, "/productos");
    const product = inTab("personales")[1] ?? products[0];
    if (!product) throw new Error("no product");
    const link = cardLink(page, product.title);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/productos/${product.slug}$`));
    const dialog = page.getByRole("dialog", { name: product.title });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(product.title));
    await expect(dialog.getByRole("heading", { name: product.title })).toBeVisible();
    await expect(dialog.getByText(product.description)).toBeVisible();
    for (const feature of product.features) await expect(dialog.getByText(feature, { exact: true })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Solicitar información" })).toBeVisible();

    await dialog.getByRole("button", { name: "Cerrar" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/productos$/);
    await expect(link).toBeFocused();
  });

  test("the keyboard opens a card with Enter and Escape closes it, focus going back to the card", async ({ page }) => {
    await visit(page, "/productos");
    const product = inTab("personales")[0];
    if (!product) throw new Error("no product");
    const link = cardLink(page, product.title);
    // Reach the first card from the selected tab with Tab, as a keyboard user does.
    await page.getByRole("tab", { name: CROPS }).focus();
    await page.keyboard.press("Tab");
    await expect(link).toBeFocused();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: product.title });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/productos/${product.slug}$`));
    // Focus moved into the dialog, and Tab never reaches the page behind it (which is inert).
    await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    const focusOutsideDialog = () =>
      dialog.evaluate((element) => {
        const active = document.activeElement;
        return active && active !== document.body && !element.contains(active) ? active.outerHTML.slice(0, 120) : null;
      });
    for (let index = 0; index < 5; index += 1) {
      await page.keyboard.press("Tab");
      expect(await focusOutsideDialog()).toBeNull();
    }
    await expect(dialog.getByRole("button", { name: "Cerrar" })).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/productos$/);
    await expect(link).toBeFocused();
  });

  test("a click on the backdrop closes the dialog", async ({ page }) => {
    await visit(page, "/productos");
    const product = inTab("personales")[2] ?? products[0];
    if (!product) throw new Error("no product");
    const link = cardLink(page, product.title);
    await link.click();
    const dialog = page.getByRole("dialog", { name: product.title });
    await expect(dialog).toBeVisible();

    // A click inside the dialog's own content does not close it.
    await dialog.getByRole("heading", { name: product.title }).click();
    await expect(dialog).toBeVisible();

    const box = await dialog.boundingBox();
    const viewport = page.viewportSize();
    if (!box || !viewport) throw new Error("no dialog box");
    const point = { x: 4, y: viewport.height - 4 };
    expect(point.x < box.x || point.y > box.y + box.height, "the click point is outside the dialog box").toBe(true);
    await page.mouse.click(point.x, point.y);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/productos$/);
    await expect(link).toBeFocused();
  });

  test("opening and closing a card keeps the page where it was", async ({ page }) => {
    await visit(page, "/productos");
    await page.getByRole("tab", { name: POSTHARVEST }).click();
    const product = inTab("empresariales").at(-1);
    if (!product) throw new Error("no product");
    const link = cardLink(page, product.title);
    await link.scrollIntoViewIfNeeded();
    const before = await scrollY(page);
    expect(before).toBeGreaterThan(300);
    await link.click();
    await expect(page.getByRole("dialog", { name: product.title })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(Math.abs((await scrollY(page)) - before)).toBeLessThanOrEqual(2);
    await expect(link).toBeInViewport();
    // The Postcosecha tab is still the one shown.
    await expect(page.getByRole("tab", { name: POSTHARVEST })).toHaveAttribute("aria-selected", "true");
  });

  test("/productos/danisaraba opens that product's dialog directly, with its own title", async ({ page }) => {
    const response = await visit(page, "/productos/danisaraba");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/Danisaraba/);
    const dialog = page.getByRole("dialog", { name: "Danisaraba" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("0,75 mL/L")).toBeVisible();
    await expect(dialog.getByText("Frasco de 500 ml")).toBeVisible();
    await expect(page.getByRole("tab", { name: CROPS })).toHaveAttribute("aria-selected", "true");

    await dialog.getByRole("button", { name: "Cerrar" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/productos$/);
    await expect(page).toHaveTitle(/Nuestros Productos/);
  });

  test("a Postcosecha product opened directly shows the Postcosecha tab behind it", async ({ page }) => {
    const product = products.find((item) => item.types.length === 1 && item.types[0] === "empresariales");
    if (!product) throw new Error("no postcosecha-only product");
    await visit(page, `/productos/${product.slug}`);
    await expect(page.getByRole("dialog", { name: product.title })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("tab", { name: POSTHARVEST })).toHaveAttribute("aria-selected", "true");
    await expect(cardLink(page, product.title)).toBeVisible();
  });

  test("the browser's back button closes an opened dialog", async ({ page }) => {
    await visit(page, "/productos");
    const product = inTab("personales")[0];
    if (!product) throw new Error("no product");
    await cardLink(page, product.title).click();
    await expect(page.getByRole("dialog", { name: product.title })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/productos$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});

test.describe("requesting information", () => {
  test("Solicitar información closes the dialog, goes to /#contacto and lists the product there", async ({ page }) => {
    await visit(page, "/productos/danisaraba");
    const dialog = page.getByRole("dialog", { name: "Danisaraba" });
    await requestInformation(page, dialog.getByRole("button", { name: "Solicitar información" }));
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expectRequested(page, ["Danisaraba"]);
    // The page can scroll again after the dialog (it locked scrolling while open).
    await expect(page.locator("html")).not.toHaveCSS("overflow", "hidden");
  });

  test("the requested list has no duplicates, survives a reload and loses what is removed", async ({ page }) => {
    await visit(page, "/productos/danisaraba");
    await requestInformation(page, page.getByRole("dialog").getByRole("button", { name: "Solicitar información" }));
    await expectRequested(page, ["Danisaraba"]);

    // The same product again: still listed once.
    await visit(page, "/productos/danisaraba");
    await requestInformation(page, page.getByRole("dialog").getByRole("button", { name: "Solicitar información" }));
    await expectRequested(page, ["Danisaraba"]);

    // A second product, chosen from the catalogue with clicks.
    await visit(page, "/productos");
    await page.getByRole("tab", { name: POSTHARVEST }).click();
    await cardLink(page, "Chrysal HVB").click();
    await requestInformation(
      page,
      page.getByRole("dialog", { name: "Chrysal HVB" }).getByRole("button", { name: "Solicitar información" }),
    );
    await expectRequested(page, ["Danisaraba", "Chrysal HVB"]);

    await page.reload();
    await expectRequested(page, ["Danisaraba", "Chrysal HVB"]);

    await page.locator("#contacto").getByRole("button", { name: "Quitar Danisaraba" }).click();
    await expectRequested(page, ["Chrysal HVB"]);
    await page.reload();
    await expectRequested(page, ["Chrysal HVB"]);

    await page.locator("#contacto").getByRole("button", { name: "Quitar Chrysal HVB" }).click();
    await expectRequested(page, []);
  });

  test("the requested list is shown on /contacto too", async ({ page }) => {
    await visit(page, "/productos/chrysal-viva");
    await requestInformation(page, page.getByRole("dialog").getByRole("button", { name: "Solicitar información" }));
    await visit(page, "/contacto");
    await expectRequested(page, ["Chrysal VIVA"]);
  });

  test("each browser tab has its own list (sessionStorage)", async ({ page, context }) => {
    await visit(page, "/productos/danisaraba");
    await requestInformation(page, page.getByRole("dialog").getByRole("button", { name: "Solicitar información" }));
    await expectRequested(page, ["Danisaraba"]);
    const other = await context.newPage();
    await visit(other, "/#contacto");
    await expectRequested(other, []);
    await other.close();
  });
});
