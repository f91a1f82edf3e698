import { expect, test } from "./fixtures";
import {
  contactForm,
  fillContactForm,
  openContactForm,
  recordContactRequests,
  successDialog,
  waitForContactForm,
} from "./helpers/contact-form";
import { expectRequested, requestInformation } from "./helpers/requests";
import { SPEC_SERVICE_TYPES, visit } from "./helpers/site";

// The "Productos o servicios de interés" picker of the contact form (spec sections 2 and 4).

test.describe("products and services list", () => {
  test("opens and closes with its button; ticks show as chips; Quitar and Limpiar todo remove them", async ({
    page,
  }) => {
    const f = await openContactForm(page);
    await expect(f.services).toHaveAttribute("aria-expanded", "false");
    await expect(f.service("Danisaraba")).toBeHidden();
    await f.services.click();
    await expect(f.services).toHaveAttribute("aria-expanded", "true");
    // The spec's 18, then any product published from Sitio web (the editor's tests add some here).
    const boxes = f.form.getByRole("group", { name: "Productos o servicios de interés" }).getByRole("checkbox");
    await expect(boxes.nth(17)).toHaveAccessibleName(SPEC_SERVICE_TYPES[17] as string);
    await expect(boxes.first()).toHaveAccessibleName(SPEC_SERVICE_TYPES[0] as string);
    await f.service("Danisaraba").check();
    await f.service("Chrysal HVB").check();
    await f.service("Sea Freight Service").check();
    await expect(f.service("Chrysal HVB")).toBeChecked();
    await f.service("Chrysal HVB").uncheck();
    await expect(f.service("Chrysal HVB")).not.toBeChecked();
    await f.services.click();
    await expect(f.services).toHaveAttribute("aria-expanded", "false");
    await expect(f.service("Danisaraba")).toBeHidden();

    // Chosen by hand: chips without the "Auto" flag.
    await expect(f.chips).toHaveText(["Danisaraba", "Sea Freight Service"]);
    await expect(f.services).toHaveAccessibleDescription("2 seleccionados");
    await f.remove("Danisaraba").click();
    await expect(f.chips).toHaveText(["Sea Freight Service"]);
    await f.services.click();
    await expect(f.service("Danisaraba")).not.toBeChecked();
    await expect(f.service("Sea Freight Service")).toBeChecked();
    await f.service("Bioestimulantes").check();
    // A click outside the picker closes it too.
    await f.form.getByText("Te responderemos en menos de 24 horas.", { exact: true }).click();
    await expect(f.services).toHaveAttribute("aria-expanded", "false");
    await expect(f.chips).toHaveText(["Sea Freight Service", "Bioestimulantes"]);

    await f.clearAll.click();
    await expect(f.chips).toHaveCount(0);
    await expect(f.clearAll).toHaveCount(0);
    await expect(f.services).toHaveAccessibleDescription(/^Selecciona productos o servicios/);
  });

  test("works with the keyboard; Escape closes it and gives focus back to its button", async ({ page }) => {
    const f = await openContactForm(page);
    await f.services.focus();
    await page.keyboard.press("Enter");
    await expect(f.services).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(f.service("Bioestimulantes")).toBeFocused();
    await page.keyboard.press("Space");
    await page.keyboard.press("Tab");
    await expect(f.service("Danisaraba")).toBeFocused();
    await page.keyboard.press("Space");
    await page.keyboard.press("Space");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    await expect(f.service("Chrysal VIVA")).toBeChecked();
    await page.keyboard.press("Escape");
    await expect(f.services).toHaveAttribute("aria-expanded", "false");
    await expect(f.services).toBeFocused();
    await expect(f.chips).toHaveText(["Bioestimulantes", "Chrysal VIVA"]);

    // Space on the button opens it again; the chips' buttons are reached with Tab once it closes.
    await page.keyboard.press("Space");
    await expect(f.services).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(f.services).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(f.remove("Bioestimulantes")).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(f.chips).toHaveText(["Chrysal VIVA"]);
  });
});

test.describe("services requested elsewhere", () => {
  test("Solicitar información on a product and on a slide choose them, flagged Auto", async ({ page }) => {
    await visit(page, "/productos/danisaraba");
    await requestInformation(
      page,
      page.getByRole("dialog", { name: "Danisaraba" }).getByRole("button", { name: "Solicitar información" }),
    );
    await waitForContactForm(page);
    await expectRequested(page, ["Danisaraba"]);

    await visit(page, "/servicios");
    const slide = page.getByRole("group").filter({ has: page.getByRole("heading", { name: "Chrysal Rose Dip" }) });
    await requestInformation(page, slide.getByRole("button", { name: "Solicitar información" }));
    const f = contactForm(page);
    await waitForContactForm(page);
    await expectRequested(page, ["Danisaraba", "Chrysal Rose Dip"]);
    await f.services.click();
    await expect(f.service("Danisaraba")).toBeChecked();
    await expect(f.service("Chrysal Rose Dip")).toBeChecked();
    await f.services.click();

    // Removing a chip also forgets the request: it does not come back after a reload.
    await f.remove("Danisaraba").click();
    await expectRequested(page, ["Chrysal Rose Dip"]);
    await page.reload();
    await waitForContactForm(page);
    await expectRequested(page, ["Chrysal Rose Dip"]);

    // Unticking in the list forgets it as well.
    await f.services.click();
    await f.service("Chrysal Rose Dip").uncheck();
    await page.reload();
    await waitForContactForm(page);
    await expectRequested(page, []);
  });
});

test("a requested product is sent with the form, and forgotten once sent", async ({ page }) => {
  await visit(page, "/productos/danisaraba");
  await requestInformation(
    page,
    page.getByRole("dialog", { name: "Danisaraba" }).getByRole("button", { name: "Solicitar información" }),
  );
  const f = contactForm(page);
  await waitForContactForm(page);
  await expectRequested(page, ["Danisaraba"]);
  const sent = recordContactRequests(page);
  await fillContactForm(page, { services: [] });
  await f.submit.click();
  await expect(successDialog(page)).toBeVisible();
  expect(sent).toHaveLength(1);
  expect(sent[0]?.postDataJSON()).toMatchObject({
    serviceList: "Danisaraba",
    source: { page: "/#contacto", requested: ["Danisaraba"] },
  });
  await successDialog(page).getByRole("button", { name: "Aceptar" }).click();
  await expectRequested(page, []);
  await page.reload();
  await waitForContactForm(page);
  await expectRequested(page, []);
});

test("a shared /contacto?interes= link opens the form with that service chosen, flagged Auto, and sends it", async ({
  page,
}) => {
  const f = await openContactForm(page, "/contacto?interes=chrysal-viva");
  await expectRequested(page, ["Chrysal VIVA"]);
  await f.services.click();
  await expect(f.service("Chrysal VIVA")).toBeChecked();
  await f.services.click();
  const sent = recordContactRequests(page);
  await fillContactForm(page, { services: [] });
  await f.submit.click();
  await expect(successDialog(page)).toBeVisible();
  expect(sent[0]?.postDataJSON()).toMatchObject({
    serviceList: "Chrysal VIVA",
    source: { requested: ["Chrysal VIVA"] },
  });
});
