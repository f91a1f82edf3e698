import { type APIRequestContext, expect, type Page, type TestInfo } from "@playwright/test";
import { visit } from "./site";
import { adminToken, bearer, createStaff, signInThroughApi } from "./staff";

// Contacts and messages for the CRM's browser tests. All tests share one server and one database:
// every contact a test makes carries a tag no other test (or project) uses, and the test finds its
// contacts by searching for that tag, never by counting the whole list.

let sequence = 0;

/** Letters only ("qkzb..."), unique per test run, worker and call: a word the search can look for. */
export function uniqueTag(testInfo: TestInfo) {
  sequence += 1;
  const raw = `${testInfo.project.name.slice(0, 1)}${testInfo.workerIndex}${Date.now().toString(36)}${sequence}`;
  // Digits would also match phone searches: spell them as letters.
  return `zq${raw.replace(/\d/g, (digit) => "abcdefghij"[Number(digit)] ?? "")}`.toLowerCase();
}

/** A 9-digit number (after a leading 9) no other test uses; the phone search looks for its digits. */
export function uniquePhone() {
  return `9${String(Date.now() % 1e7).padStart(7, "0")}${Math.floor(Math.random() * 10)}`;
}

export type PublicRequest = {
  firstName: string;
  lastName: string;
  email: string;
  countryCode?: string;
  /** Without the country code. */
  phone?: string;
  company?: string;
  message?: string;
  services?: string[];
  /** The honeypot: a filled one keeps the request for review. */
  website?: string;
};

let formToken: Promise<string> | undefined;

/**
 * A form token a person's time old (decision 046): asked once per worker from the server, then kept
 * (a token is good for a day) after waiting the 3 s a person needs to fill the form.
 */
export function personsFormToken(request: APIRequestContext) {
  formToken ??= (async () => {
    const response = await request.get("/api/contact-form-token");
    expect(response.ok(), "GET /api/contact-form-token").toBe(true);
    const { token } = (await response.json()) as { token: string };
    const wait = Number.parseInt(token.split(".")[0] ?? "", 36) + 3_200 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return token;
  })().catch((error: unknown) => {
    formToken = undefined;
    throw error;
  });
  return formToken;
}

/** `POST /api/client`, as the public contact form sends it (a person took their time to fill it). */
export async function sendContactRequest(request: APIRequestContext, contact: PublicRequest) {
  const countryCode = contact.countryCode ?? "+593";
  const token = await personsFormToken(request);
  const response = await request.post("/api/client", {
    data: {
      firstName: contact.firstName,
      lastName: contact.lastName,
      email: contact.email,
      countryCode,
      phone: `${countryCode}${contact.phone ?? uniquePhone()}`,
      company: contact.company ?? "Florícola de Prueba",
      message: contact.message ?? "Quisiera información de sus productos.",
      serviceList: (contact.services ?? ["Danisaraba"]).join(", "),
      consent: true,
      fillTimeMs: 30_000,
      formToken: token,
      ...(contact.website === undefined ? {} : { website: contact.website }),
    },
  });
  expect(response.status(), `contact request of ${contact.email}`).toBe(201);
}

export type NewContact = {
  firstName: string;
  lastName: string;
  email: string;
  countryCode?: string;
  phone?: string;
  company?: string;
  message?: string;
  serviceTypeIds?: number[];
};

export type ContactDetail = {
  client: { id: number; firstName: string; lastName: string; email: string; phone: string };
  messages: { id: number; status: string; messageDescription: string }[];
};

/** `POST /api/clients` as staff (Nuevo Contacto through the API). */
export async function createContact(request: APIRequestContext, client: NewContact, token?: string) {
  const response = await request.post("/api/clients", {
    headers: bearer(token ?? (await adminToken(request))),
    data: {
      countryCode: "+593",
      phone: uniquePhone(),
      company: "Florícola de Prueba",
      ...client,
    },
  });
  expect(response.status(), `create client ${client.email}`).toBe(201);
  return (await response.json()) as ContactDetail;
}

/** `GET /api/service-types`: title -> id. */
export async function serviceTypeIds(request: APIRequestContext) {
  const response = await request.get("/api/service-types");
  expect(response.ok()).toBe(true);
  const list = (await response.json()) as { id: number; title: string }[];
  return new Map(list.map((type) => [type.title, type.id]));
}

/** A staff member (role Personal: the CRM is for both roles) signed in, on the CRM (or on `path`). */
export async function signInAsStaff(page: Page, request: APIRequestContext, testInfo: TestInfo, path = "/crm") {
  const staff = await createStaff(request, testInfo);
  await signInThroughApi(page, staff, path);
  return staff;
}

/** Opens the messages screen (with an address query, if given) and waits for its table. */
export async function openContacts(page: Page, query = "") {
  await visit(page, `/crm/mensajes${query ? `?${query}` : ""}`);
  await expect(page.getByRole("heading", { level: 1, name: "Contactos" })).toBeVisible();
  await expect(contactsTable(page)).toBeVisible();
}

export const contactsTable = (page: Page) => page.getByRole("table");

/** The scrollable region around the table, named by its caption; busy while a page loads. */
export const listRegion = (page: Page) =>
  page.getByRole("region", { name: /^Contactos (y su mensaje más reciente|con mensajes por revisar)$/ });

/** The table's body rows (not the header); the empty list has one placeholder row. */
export const bodyRows = (page: Page) => contactsTable(page).getByRole("rowgroup").nth(1).getByRole("row");

export const searchBox = (page: Page) => page.getByPlaceholder("Buscar contacto...");
export const searchField = (page: Page) => page.getByRole("combobox", { name: "Buscar en" });

const FIELD_VALUES: Record<string, string> = {
  Todos: "all",
  Nombre: "nombre",
  Correo: "correo",
  Teléfono: "telefono",
  Servicio: "servicio",
  Mensaje: "mensaje",
};

/**
 * Chooses the field (by its label), types the keyword, and waits until the list shows that search:
 * the address follows the list once its data has arrived.
 */
export async function search(page: Page, keyword: string, field?: string) {
  if (field) await searchField(page).selectOption({ label: field });
  await searchBox(page).fill(keyword);
  const wanted = { keyword: keyword.trim(), field: field ? FIELD_VALUES[field] : undefined };
  await expect
    .poll(() => {
      const params = new URL(page.url()).searchParams;
      const shown = { keyword: params.get("busqueda") ?? "", field: params.get("campo") ?? "all" };
      return shown.keyword === wanted.keyword && (wanted.field === undefined || shown.field === wanted.field);
    }, `the list shows the search "${keyword}"`)
    .toBe(true);
  await expect(listRegion(page)).toHaveAttribute("aria-busy", "false");
}

/** The row whose name (the row header) is `name`. */
export const rowOf = (page: Page, name: string) =>
  contactsTable(page)
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name }) });

/** The names of the rows shown, in order. */
export const rowNames = (page: Page) => contactsTable(page).getByRole("rowheader").allInnerTexts();

/** The contact dialog of `name`. */
export const contactDialog = (page: Page, name: string) => page.getByRole("dialog", { name, exact: true });

/** Opens the contact's dialog with its row's "Ver" button and waits for its messages. */
export async function viewContact(page: Page, name: string) {
  await page.getByRole("button", { name: `Ver ${name}`, exact: true }).click();
  const dialog = contactDialog(page, name);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading", { name: /^Mensajes \(\d+\)$/ })).toBeVisible();
  return dialog;
}

/** The messages of an open contact dialog, newest first (each is an article named by its date). */
export const dialogMessages = (page: Page, name: string) => contactDialog(page, name).getByRole("article");

/** How many live streams the page has opened so far (each page load opens one). */
export function countStreams(page: Page) {
  let opened = 0;
  page.on("response", (response) => {
    if (new URL(response.url()).pathname === "/api/events" && response.status() === 200) opened += 1;
  });
  return () => opened;
}
