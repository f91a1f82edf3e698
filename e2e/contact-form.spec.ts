import { expect, test } from "./fixtures";
import {
  chooseServices,
  expectInlineError,
  expectNoInlineError,
  fillContactForm,
  MARIA,
  openContactForm,
  recordContactRequests,
  successDialog,
  validationDialog,
} from "./helpers/contact-form";

// Spec section 5's summary lines, in its order, then our consent line.
const ALL_EMPTY_LINES = [
  "El nombre es requerido",
  "El apellido es requerido",
  "Compañia es requerida",
  "El correo electrónico es inválido",
  "El número de teléfono es requerido",
  "Por favor selecciona al menos un producto o servicio de interés",
  "Debes aceptar el aviso de privacidad para enviar tu mensaje",
];

test.describe("validation", () => {
  test("each field says what is wrong only once it has been touched", async ({ page }) => {
    const f = await openContactForm(page);
    const touch = async (field: typeof f.firstName) => {
      await field.focus();
      await field.blur();
    };
    for (const field of [f.firstName, f.lastName, f.email, f.phone, f.company]) await expectNoInlineError(field);
    await expect(f.form.getByText("Requerido", { exact: true })).toHaveCount(0);

    await touch(f.firstName);
    await expectInlineError(f.form, f.firstName, "Requerido");
    await expectNoInlineError(f.lastName);
    await touch(f.lastName);
    await expectInlineError(f.form, f.lastName, "Requerido");

    // A bad email is not judged while it is typed, only when the person leaves the field.
    await f.email.fill("maria@");
    await expectNoInlineError(f.email);
    await f.email.blur();
    await expectInlineError(f.form, f.email, "Email inválido");
    await f.email.fill(MARIA.email);
    await expectNoInlineError(f.email);

    await f.phone.fill("09912345");
    await expectNoInlineError(f.phone);
    await f.phone.blur();
    await expectInlineError(f.form, f.phone, "9-10 dígitos");
    await f.phone.fill("");
    await expectInlineError(f.form, f.phone, "Requerido");
    await f.phone.fill("099 123 4567");
    await expectNoInlineError(f.phone);

    await touch(f.company);
    await expectInlineError(f.form, f.company, "La compañía es requerida");

    // Opening and closing the list without choosing touches it.
    await f.services.click();
    await f.services.click();
    await expectInlineError(
      f.form,
      f.services,
      /^Selecciona productos o servicios Selecciona al menos un producto o servicio$/,
    );
    await expect(f.form.getByText("Selecciona al menos un producto o servicio", { exact: true })).toBeVisible();

    await touch(f.consent);
    await expectInlineError(f.form, f.consent, "Debes aceptar el aviso de privacidad");
    // The message is optional: touched and empty, it is fine.
    await touch(f.message);
    await expectNoInlineError(f.message);

    // Fixing a field removes its message at once.
    await f.firstName.fill("María");
    await expectNoInlineError(f.firstName);
  });

  test("an empty submit shows every error and the validation dialog, and sends nothing", async ({ page }) => {
    const f = await openContactForm(page);
    const sent = recordContactRequests(page);
    await f.submit.click();

    const dialog = validationDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Para enviar tu mensaje completa lo siguiente:")).toBeVisible();
    await expect(dialog.getByRole("listitem")).toHaveText(ALL_EMPTY_LINES);
    await dialog.getByRole("button", { name: "Entendido" }).click();
    await expect(dialog).toBeHidden();

    await expectInlineError(f.form, f.firstName, "Requerido");
    await expectInlineError(f.form, f.lastName, "Requerido");
    await expectInlineError(f.form, f.email, "Email inválido");
    await expectInlineError(f.form, f.phone, "Requerido");
    await expectInlineError(f.form, f.company, "La compañía es requerida");
    await expectInlineError(f.form, f.services, /Selecciona al menos un producto o servicio$/);
    await expectInlineError(f.form, f.consent, "Debes aceptar el aviso de privacidad");
    await expectNoInlineError(f.message);
    await expect(f.countryCode).toHaveValue("+593");
    await expectNoInlineError(f.countryCode);

    // A phone of 8 digits gets the length line instead of the "required" one.
    await f.phone.fill("09912345");
    await f.submit.scrollIntoViewIfNeeded();
    await f.submit.click();
    const lines = ALL_EMPTY_LINES.map((line) =>
      line === "El número de teléfono es requerido" ? "El número de teléfono debe tener 9 o 10 dígitos" : line,
    );
    await expect(dialog.getByRole("listitem")).toHaveText(lines);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expectInlineError(f.form, f.phone, "9-10 dígitos");
    expect(sent, "nothing goes to /api/client while the form is invalid").toHaveLength(0);
  });

  // A message appearing when a field is left must not move the button being clicked (a click whose
  // mousedown and mouseup land on different places is lost): error lines keep their place.
  test("a click on Enviar mensaje straight from a field with a bad value opens the dialog", async ({ page }) => {
    const f = await openContactForm(page);
    await chooseServices(page, ["Danisaraba"]);
    await f.consent.check();
    for (const field of ["firstName", "lastName", "email", "company"] as const) await f[field].fill(MARIA[field]);
    // The phone is typed last, one digit short, and the person clicks the button at once.
    await f.phone.fill("09912345");
    await f.submit.scrollIntoViewIfNeeded();
    await f.submit.click();
    await expect(validationDialog(page).getByRole("listitem")).toHaveText([
      "El número de teléfono debe tener 9 o 10 dígitos",
    ]);
  });

  test("without the privacy consent the form is not sent, and says so", async ({ page }) => {
    const f = await openContactForm(page);
    const sent = recordContactRequests(page);
    await fillContactForm(page, { consent: false });
    await f.submit.click();
    const dialog = validationDialog(page);
    await expect(dialog.getByRole("listitem")).toHaveText([
      "Debes aceptar el aviso de privacidad para enviar tu mensaje",
    ]);
    await dialog.getByRole("button", { name: "Entendido" }).click();
    await expectInlineError(f.form, f.consent, "Debes aceptar el aviso de privacidad");
    expect(sent).toHaveLength(0);

    await f.consent.check();
    await expectNoInlineError(f.consent);
    await f.submit.click();
    await expect(successDialog(page)).toBeVisible();
    expect(sent).toHaveLength(1);
  });

  test("the consent's label links to the privacy notice", async ({ page }) => {
    const f = await openContactForm(page);
    const link = f.form.getByRole("link", { name: "aviso de privacidad" });
    await expect(link).toHaveAttribute("href", "/privacidad");
    await link.click();
    await expect(page).toHaveURL(/\/privacidad$/);
  });
});

test.describe("country code", () => {
  test("defaults to +593; Otro lets the person type a code that is sent; Volver restores +593", async ({ page }) => {
    const f = await openContactForm(page);
    const sent = recordContactRequests(page);
    await expect(f.countryCode).toHaveValue("+593");
    await expect(f.customCountryCode).toHaveCount(0);

    await f.countryCode.selectOption("+57");
    await expect(f.countryCode).toHaveValue("+57");

    await f.countryCode.selectOption({ label: "Otro" });
    await expect(f.countryCode).toHaveCount(0);
    await expect(f.customCountryCode).toBeFocused();
    await expect(f.customCountryCode).toHaveValue("+");
    await page.keyboard.type("44");
    await expect(f.customCountryCode).toHaveValue("+44");
    // Volver goes back to the presets with +593, whatever was chosen or typed before.
    await f.back.click();
    await expect(f.countryCode).toHaveValue("+593");
    await expect(f.countryCode).toBeFocused();
    await expect(f.customCountryCode).toHaveCount(0);

    // A code left as a lone "+" is refused once the field is left.
    await f.countryCode.selectOption({ label: "Otro" });
    await expect(f.customCountryCode).toBeFocused();
    await page.keyboard.press("Tab");
    await expectInlineError(f.form, f.customCountryCode, "Código inválido");
    await f.customCountryCode.focus();
    await page.keyboard.press("End");
    await page.keyboard.type("44");
    await expectNoInlineError(f.customCountryCode);
    await fillContactForm(page, { countryCode: "+44", phone: "7911123456" });
    await expect(f.customCountryCode).toHaveValue("+44");
    await f.submit.click();
    await expect(successDialog(page)).toBeVisible();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.postDataJSON()).toMatchObject({ countryCode: "+44", phone: "+447911123456" });
  });
});

test("the whole form can be filled and sent with the keyboard alone", async ({ page }) => {
  const f = await openContactForm(page);
  const sent = recordContactRequests(page);
  const type = (text: string) => page.keyboard.type(text);
  const tab = () => page.keyboard.press("Tab");

  await f.firstName.focus();
  await type("María");
  await tab();
  await expect(f.lastName).toBeFocused();
  await type("Quishpe");
  await tab();
  await type(MARIA.email);
  await tab();
  await expect(f.company).toBeFocused();
  await type("Rosas del Valle");
  await tab();
  await expect(f.countryCode).toBeFocused();
  await tab();
  await expect(f.phone).toBeFocused();
  await type("0991234567");
  await tab();
  await expect(f.services).toBeFocused();
  await page.keyboard.press("Enter");
  await tab();
  await tab();
  await expect(f.service("Danisaraba")).toBeFocused();
  await page.keyboard.press("Space");
  await page.keyboard.press("Escape");
  await expect(f.services).toBeFocused();
  await tab();
  await expect(f.remove("Danisaraba")).toBeFocused();
  await tab();
  await expect(f.clearAll).toBeFocused();
  await tab();
  await expect(f.message).toBeFocused();
  await type("Hola");
  await tab();
  await expect(f.consent).toBeFocused();
  await page.keyboard.press("Space");
  await expect(f.consent).toBeChecked();
  await tab();
  await expect(f.form.getByRole("link", { name: "aviso de privacidad" })).toBeFocused();
  await tab();
  await expect(f.submit).toBeFocused();
  await page.keyboard.press("Enter");

  const dialog = successDialog(page);
  await expect(dialog).toBeVisible();
  expect(sent).toHaveLength(1);
  expect(sent[0]?.postDataJSON()).toMatchObject({
    firstName: "María",
    countryCode: "+593",
    phone: "+5930991234567",
    serviceList: "Danisaraba",
    message: "Hola",
  });
  await expect(dialog.getByRole("button", { name: "Aceptar" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
});
