import { expect, type Locator, type Page, type Request } from "@playwright/test";
import type { PageProblems } from "../fixtures";
import { visit } from "./site";

/** What a person types into the contact form; `countryCode` is a preset or any other code ("Otro"). */
export type ContactData = {
  firstName: string;
  lastName: string;
  email: string;
  countryCode: string;
  phone: string;
  company: string;
  message: string;
  services: string[];
  consent: boolean;
};

export const MARIA: ContactData = {
  firstName: "María",
  lastName: "Quishpe",
  email: "maria.quishpe@rosasdelvalle.ec",
  countryCode: "+593",
  phone: "0991234567",
  company: "Rosas del Valle",
  message: "Quisiera una cotización para 20 hectáreas de rosas.",
  services: ["Danisaraba", "Chrysal HVB"],
  consent: true,
};

const PRESETS = ["+593", "+1", "+57", "+56", "+51", "+31", "+81"];

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** The form and its controls, found by their accessible names (what screen readers read: keep them). */
export function contactForm(page: Page) {
  const form = page.getByRole("form", { name: "Formulario de contacto" });
  const textbox = (name: string) => form.getByRole("textbox", { name, exact: true });
  return {
    form,
    firstName: textbox("Nombre"),
    lastName: textbox("Apellido"),
    email: textbox("Correo electrónico"),
    countryCode: form.getByRole("combobox", { name: "Código de país", exact: true }),
    customCountryCode: textbox("Código de país personalizado"),
    back: form.getByRole("button", { name: "Volver", exact: true }),
    phone: textbox("Teléfono"),
    company: textbox("Empresa"),
    message: textbox("Mensaje"),
    services: form.getByRole("button", { name: "Productos o servicios de interés", exact: true }),
    service: (title: string) => form.getByRole("checkbox", { name: title, exact: true }),
    chips: form.getByRole("list", { name: "Productos o servicios elegidos" }).getByRole("listitem"),
    remove: (title: string) => form.getByRole("button", { name: `Quitar ${title}`, exact: true }),
    clearAll: form.getByRole("button", { name: "Limpiar todo", exact: true }),
    consent: form.getByRole("checkbox", { name: /^Acepto que .* aviso de privacidad\.$/ }),
    submit: form.getByRole("button", { name: "Enviar mensaje", exact: true }),
  };
}

export const validationDialog = (page: Page) => page.getByRole("dialog", { name: "Revisa el formulario" });
export const successDialog = (page: Page) => page.getByRole("dialog", { name: "¡Mensaje enviado!" });
export const errorDialog = (page: Page) => page.getByRole("dialog", { name: "No se pudo enviar el mensaje" });

/**
 * Waits until the form's code has run (the form says so with `data-enhanced`): before that the
 * prerendered form is a plain HTML form, sent to the server without the app's dialogs.
 */
export async function waitForContactForm(page: Page) {
  await expect(contactForm(page).form).toHaveAttribute("data-enhanced", "true", { timeout: 10_000 });
}

/** Opens `path` and waits until the form's code has run. */
export async function openContactForm(page: Page, path = "/contacto") {
  await visit(page, path);
  await waitForContactForm(page);
  return contactForm(page);
}

/** Picks a country code: a preset from the select, or "Otro" and the code typed in its own field. */
export async function chooseCountryCode(page: Page, code: string) {
  const controls = contactForm(page);
  const custom = await controls.customCountryCode.isVisible();
  if (PRESETS.includes(code)) {
    if (custom) await controls.back.click();
    await controls.countryCode.selectOption(code);
    return;
  }
  if (!custom) await controls.countryCode.selectOption({ label: "Otro" });
  await controls.customCountryCode.fill(code);
}

/** Opens the service list if needed, ticks each title and closes the list with its button. */
export async function chooseServices(page: Page, titles: string[]) {
  const { services, service } = contactForm(page);
  if ((await services.getAttribute("aria-expanded")) !== "true") await services.click();
  await expect(services).toHaveAttribute("aria-expanded", "true");
  for (const title of titles) await service(title).check();
  await services.click();
  await expect(services).toHaveAttribute("aria-expanded", "false");
}

/** Fills every field with María's data, with `overrides` taking precedence. */
export async function fillContactForm(page: Page, overrides: Partial<ContactData> = {}) {
  const data = { ...MARIA, ...overrides };
  const controls = contactForm(page);
  await controls.firstName.fill(data.firstName);
  await controls.lastName.fill(data.lastName);
  await controls.email.fill(data.email);
  await controls.company.fill(data.company);
  await chooseCountryCode(page, data.countryCode);
  await controls.phone.fill(data.phone);
  if (data.services.length > 0) await chooseServices(page, data.services);
  await controls.message.fill(data.message);
  await controls.consent.setChecked(data.consent);
  return data;
}

/** A form token as the server signs them (decision 046): its time in base 36, a dot, the signature. */
export const FORM_TOKEN = /^[0-9a-z]+\.[\w-]{22}$/;

/** When the server says the token was issued (ms since 1970). */
export const formTokenIssuedAt = (token: string) => Number.parseInt(token.split(".")[0] ?? "", 36);

/** The token field of the page's contact form (hidden: found by its name). */
export const formTokenField = (page: Page) => contactForm(page).form.locator('input[name="formToken"]');

/**
 * Waits until the form's token is older than the time a person needs to fill the form (3 s):
 * the server measures the fill from when it served the page (decision 046), and a test fills
 * faster than a person. Tests whose request must reach the main list (not review) call it
 * before sending.
 */
export async function takeAPersonsTime(page: Page) {
  await expect(formTokenField(page)).toHaveAttribute("value", FORM_TOKEN);
  const issuedAt = formTokenIssuedAt((await formTokenField(page).getAttribute("value")) ?? "");
  const wait = issuedAt + 3_200 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** Every `POST /api/client` the page makes from now on (routed or real). */
export function recordContactRequests(page: Page) {
  const sent: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/client") sent.push(request);
  });
  return sent;
}

/** The short text under a field once it is touched, read as screen readers do (its description). */
export async function expectInlineError(form: Locator, field: Locator, text: string | RegExp) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(text);
  if (typeof text === "string") await expect(form.getByText(text, { exact: true }).first()).toBeVisible();
}

export async function expectNoInlineError(field: Locator) {
  await expect(field).toHaveAttribute("aria-invalid", "false");
}

/**
 * The browser logs a failed `/api/client` call (an error status or a dropped connection) as a console
 * error: expected when a test makes it fail on purpose. Only those lines are forgiven.
 */
export function forgiveFailedContactCalls(pageProblems: PageProblems) {
  pageProblems.problems = pageProblems.problems.filter(
    (problem) => !/Failed to load resource.*\/api\/client\)?$/.test(problem),
  );
}

/** The form still shows what the person typed (after an error, nothing is lost). */
export async function expectFormHolds(page: Page, data: ContactData) {
  const f = contactForm(page);
  for (const field of ["firstName", "lastName", "email", "phone", "company", "message"] as const) {
    await expect(f[field]).toHaveValue(data[field]);
  }
  await expect(f.countryCode).toHaveValue(data.countryCode);
  await expect(f.chips).toHaveText(data.services);
  await expect(f.consent).toBeChecked({ checked: data.consent });
}

/** The form is as new: empty fields, +593, no chips, consent not given, no error shown. */
export async function expectEmptyForm(page: Page) {
  await expectFormHolds(page, {
    firstName: "",
    lastName: "",
    email: "",
    countryCode: "+593",
    phone: "",
    company: "",
    message: "",
    services: [],
    consent: false,
  });
  await expect(contactForm(page).form.locator("[aria-invalid=true]")).toHaveCount(0);
}
