import { readFileSync } from "node:fs";
import type { APIRequestContext, Locator } from "@playwright/test";
import { expect, type Page, test } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/axe";
import {
  bodyRows,
  contactsTable,
  createContact,
  listRegion,
  openContacts,
  rowOf,
  signInAsStaff,
  uniqueTag,
} from "./helpers/crm";
import { waitForMailTo } from "./helpers/mail";
import { isMobile } from "./helpers/site";
import { adminToken, apiLogin, bearer, forgiveFailedApiCalls } from "./helpers/staff";

// Issue 13 on the contacts screen: the follow-up filters (Mis contactos, Sin responsable, a
// colleague, a stage, Sin respuesta hace más de N días) with their counts and in the address, the
// Seguimiento column and the waiting badge; and the bulk actions (assign, set a stage, export) for
// the rows picked or for every result of the search.
//
// The database is shared by every test of the run: the lists are always searched by the test's tag,
// and only counts that belong to the test's own accounts (Mis contactos, a tagged colleague) are
// compared with exact numbers.

const EMPTY_TEXT = "No se encontraron contactos con los criterios de búsqueda";

type Stage = "nuevo" | "contactado" | "cotizacion" | "negociacion" | "ganado" | "perdido";

/** A staff account with a name and an address no other test uses. */
async function createColleague(request: APIRequestContext, token: string, tag: string, first: string) {
  const account = {
    username: `col${tag}`.slice(0, 60),
    displayName: `${first} ${tag}`,
    email: `col.${tag}@floraprotect.test`,
  };
  const created = await request.post("/api/users", {
    headers: bearer(token),
    data: { ...account, role: "personal", password: "Temporal-de-prueba-2026" },
  });
  expect(created.status(), `create ${account.username}`).toBe(201);
  return { ...account, id: ((await created.json()) as { id: number }).id };
}

async function versionOf(request: APIRequestContext, token: string, id: number) {
  const response = await request.get(`/api/clients/${id}`, { headers: bearer(token) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { pipeline: { version: number } }).pipeline.version;
}

async function setOwner(request: APIRequestContext, token: string, id: number, ownerId: number) {
  const response = await request.patch(`/api/clients/${id}/owner`, {
    headers: bearer(token),
    data: { ownerId, version: await versionOf(request, token, id) },
  });
  expect(response.status(), `owner of ${id}`).toBe(200);
}

async function setStage(request: APIRequestContext, token: string, id: number, stage: Stage) {
  const response = await request.patch(`/api/clients/${id}/stage`, {
    headers: bearer(token),
    data: { stage, version: await versionOf(request, token, id) },
  });
  expect(response.status(), `stage of ${id}`).toBe(200);
}

/** A contact with one message waiting for an answer. */
async function contact(request: APIRequestContext, token: string, tag: string, firstName: string, lastName: string) {
  const detail = await createContact(
    request,
    {
      firstName,
      lastName: `${lastName} ${tag}`,
      email: `${firstName}.${lastName}.${tag}@seguimiento.test`
        .toLowerCase()
        .normalize("NFD")
        .replace(/[^a-z.@]/g, ""),
      message: `Consulta de seguimiento ${tag}`,
    },
    token,
  );
  return { id: detail.client.id, messageId: detail.messages[0]?.id ?? 0, name: `${firstName} ${lastName} ${tag}` };
}

/** Picks the option whose text starts with `start` ("Mis contactos" → "Mis contactos (1)"). */
async function chooseStartingWith(select: Locator, start: string) {
  const labels = await select.locator("option").allInnerTexts();
  const label = labels.find((text) => text.trim() === start || text.trim().startsWith(`${start} (`));
  if (!label) throw new Error(`no option "${start}" among ${labels.join(", ")}`);
  await select.selectOption({ label: label.trim() });
}

/** The names of the rows shown (the row headers hold the name and the company). */
async function shownNames(page: Page, names: string[]) {
  await expect(listRegion(page)).toHaveAttribute("aria-busy", "false");
  if (names.length === 0) {
    await expect(bodyRows(page)).toHaveText([EMPTY_TEXT]);
    return;
  }
  await expect(contactsTable(page).getByRole("rowheader")).toHaveCount(names.length);
  for (const name of names) await expect(rowOf(page, name)).toHaveCount(1);
}

const searchParam = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

/** On a phone the filters past the chips wait behind `Filtros`: it is opened (again after a reload). */
async function showFilters(page: Page) {
  if (!isMobile(page)) return;
  const toggle = page.getByRole("region", { name: "Filtros de seguimiento" }).getByRole("button", { name: /^Filtros/ });
  // A tap before the page has hydrated does nothing: tap until it opens.
  await expect(async () => {
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true", { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
}

/** Picks a filter's option and waits until the address (and so the list) has it. */
async function filterBy(page: Page, select: Locator, start: string, param: string, value: string | null) {
  await chooseStartingWith(select, start);
  await expect.poll(() => searchParam(page, param), `the address has ${param}=${value}`).toBe(value);
  await expect(listRegion(page)).toHaveAttribute("aria-busy", "false");
}

test("the follow-up filters narrow the list with their counts, live in the address, and show stage, owner and waiting", async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const tag = uniqueTag(testInfo);
  const token = await adminToken(request);
  const me = await signInAsStaff(page, request, testInfo);
  const colleague = await createColleague(request, token, tag, "Valeria");
  const mine = await contact(request, token, tag, "Ana", "Mía");
  const theirs = await contact(request, token, tag, "Beto", "Colega");
  const quoted = await contact(request, token, tag, "Camila", "Cotizada");
  const answered = await contact(request, token, tag, "Diego", "Respondido");
  await setOwner(request, token, mine.id, me.id);
  await setOwner(request, token, theirs.id, colleague.id);
  await setStage(request, token, theirs.id, "negociacion");
  await setStage(request, token, quoted.id, "cotizacion");
  // A reply answers Diego's message (and moves him from Nuevo to Contactado by itself).
  const session = await apiLogin(request, me.username, me.password);
  const reply = await request.post(`/api/client-message/${answered.messageId}/reply`, {
    headers: bearer(session.accessToken),
    data: { reply: `Gracias por escribir, ${tag}.` },
  });
  expect(reply.status()).toBe(200);

  await openContacts(page, `busqueda=${tag}`);
  await shownNames(page, [mine.name, theirs.name, quoted.name, answered.name]);
  await expect(contactsTable(page).getByRole("columnheader", { name: "Seguimiento" })).toBeVisible();
  // Seguimiento: the stage and the owner of each contact.
  await expect(rowOf(page, mine.name)).toContainText(new RegExp(`Nuevo\\s*${me.displayName}`));
  await expect(rowOf(page, theirs.name)).toContainText(new RegExp(`Negociación\\s*${colleague.displayName}`));
  await expect(rowOf(page, quoted.name)).toContainText(/Cotización enviada\s*Sin responsable/);
  await expect(rowOf(page, answered.name)).toContainText(/Contactado\s*Sin responsable/);
  // A message waiting for an answer shows since when; an answered one shows nothing.
  await expect(rowOf(page, mine.name)).toContainText("Esperando respuesta desde hoy");
  await expect(rowOf(page, answered.name)).not.toContainText("Esperando respuesta");

  const filters = page.getByRole("region", { name: "Filtros de seguimiento" });
  const chips = filters.getByRole("navigation", { name: "Responsable de los contactos" });
  const owner = filters.getByRole("combobox", { name: "Responsable" });
  const stage = filters.getByRole("combobox", { name: "Etapa" });
  const waiting = filters.getByRole("checkbox", { name: "Sin respuesta hace más de" });
  const days = filters.getByRole("spinbutton", { name: "Días sin respuesta" });
  await showFilters(page);
  await expect(chips.getByRole("link", { name: /^Todos \(\d[\d.]*\)$/ })).toHaveAttribute("aria-current", "page");
  // The counts are the whole list's: only my own is known for sure.
  const myChip = chips.getByRole("link", { name: "Mis contactos (1)", exact: true });
  await expect(myChip).toBeVisible();
  await expect(owner.getByRole("option", { name: `${colleague.displayName} (1)`, exact: true })).toBeAttached();
  await expect(stage.getByRole("option", { name: /^Cotización enviada \(\d[\d.]*\)$/ })).toBeAttached();
  await expect(days).toHaveValue("3");

  // Mis contactos, a chip (a link): the search stays.
  await myChip.click();
  await expect(page).toHaveURL(/responsable=mios/);
  expect(searchParam(page, "busqueda")).toBe(tag);
  await expect(myChip).toHaveAttribute("aria-current", "page");
  await shownNames(page, [mine.name]);

  // Sin responsable.
  await chips.getByRole("link", { name: /^Sin responsable \(\d[\d.]*\)$/ }).click();
  await expect(page).toHaveURL(/responsable=sin/);
  await shownNames(page, [quoted.name, answered.name]);
  await expect(owner).toHaveValue("none");

  // A colleague, from the select. (Each change waits for the address: a change made while the
  // list still loads would start from the previous filters.)
  await filterBy(page, owner, colleague.displayName, "responsable", String(colleague.id));
  await expect(owner.locator("option:checked")).toHaveText(`${colleague.displayName} (1)`);
  await shownNames(page, [theirs.name]);
  await expect(chips.locator('[aria-current="page"]')).toHaveCount(0);

  // A stage, alone and with an owner.
  await filterBy(page, owner, "Todos", "responsable", null);
  await filterBy(page, stage, "Cotización enviada", "etapa", "cotizacion");
  await shownNames(page, [quoted.name]);
  await filterBy(page, stage, "Contactado", "etapa", "contactado");
  await filterBy(page, owner, "Sin responsable", "responsable", "sin");
  await shownNames(page, [answered.name]);
  await filterBy(page, owner, colleague.displayName, "responsable", String(colleague.id));
  await shownNames(page, []);

  // The address keeps every filter: a reload (or a link) shows the same list.
  await page.reload();
  await showFilters(page);
  await expect(owner).toHaveValue(String(colleague.id));
  await expect(stage).toHaveValue("contactado");
  expect(searchParam(page, "busqueda")).toBe(tag);
  await shownNames(page, []);
  await filterBy(page, stage, "Negociación", "etapa", "negociacion");
  await shownNames(page, [theirs.name]);
  await filterBy(page, stage, "Todas las etapas", "etapa", null);
  await filterBy(page, owner, "Todos", "responsable", null);
  await shownNames(page, [mine.name, theirs.name, quoted.name, answered.name]);

  // Sin respuesta hace más de 3 días: every message here is from today, so none is that old.
  await waiting.click();
  await expect(page).toHaveURL(/sin-respuesta=3/);
  await expect(waiting).toBeChecked();
  await shownNames(page, []);
  await expect(filters.locator("form").getByText(/^\(\d[\d.]*\)$/)).toBeVisible();
  // Another number of days is taken when the field is left.
  await days.fill("1");
  await days.blur();
  await expect(page).toHaveURL(/sin-respuesta=1/);
  await shownNames(page, []);
  // Not a number of days: said at the field, and the box cannot be ticked with it.
  await days.fill("0");
  await expect(filters.getByText(/^Indica entre 1 y \d+ días$/)).toBeVisible();
  await expect(days).toHaveAttribute("aria-invalid", "true");
  await expect(waiting).toBeDisabled();
  await days.fill("2");
  await expect(waiting).toBeEnabled();
  // Leaving the field for the box is one change (the box's), not the field's 2 first: two
  // navigations raced, and on a slow machine the 2 won over the box.
  const asked: string[] = [];
  page.on("request", (sent) => {
    if (sent.url().includes("/api/client-message")) asked.push(sent.url());
  });
  await waiting.click();
  await expect(page).not.toHaveURL(/sin-respuesta/);
  await shownNames(page, [mine.name, theirs.name, quoted.name, answered.name]);
  expect(asked.length, "the list was loaded again").toBeGreaterThan(0);
  expect(asked.filter((url) => url.includes("waitingDays=2"))).toEqual([]);
});

test("bulk actions: assign two rows (one email), pick every result beyond the page, set a stage, export the picked rows", async ({
  page,
  request,
  pageProblems,
}, testInfo) => {
  test.slow();
  const tag = uniqueTag(testInfo);
  const token = await adminToken(request);
  const seller = await createColleague(request, token, tag, "Marta");
  // Twelve contacts, one after the other so the list's order (newest first) is known: 12 … 01.
  const contacts: { id: number; name: string }[] = [];
  for (let index = 1; index <= 12; index += 1) {
    contacts.push(await contact(request, token, tag, "Lote", `N${"abcdefghijkl"[index - 1]}`));
  }
  const newest = contacts.slice().reverse();
  await signInAsStaff(page, request, testInfo);
  await openContacts(page, `busqueda=${tag}`);
  await expect(page.getByText("Mostrando 1 a 10 de 12 resultados", { exact: true })).toBeVisible();
  await shownNames(
    page,
    newest.slice(0, 10).map((each) => each.name),
  );

  // Two rows picked: the bar appears, named by what it covers.
  const [first, second, third] = newest as [(typeof newest)[0], (typeof newest)[0], (typeof newest)[0]];
  await page.getByRole("checkbox", { name: `Seleccionar ${first.name}`, exact: true }).click();
  await page.getByRole("checkbox", { name: `Seleccionar ${second.name}`, exact: true }).click();
  let bar = page.getByRole("region", { name: "2 contactos seleccionados" });
  await expect(bar).toBeVisible();
  await expect(bar.getByRole("button", { name: /^Seleccionar los \d+ contactos de esta búsqueda$/ })).toHaveCount(0);
  // Scrolled down to the last rows, the bar's actions are still on screen.
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
  await expect(bar.getByRole("button", { name: "Asignar responsable" })).toBeInViewport();
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));

  // Exportar selección: only those two rows.
  await bar.getByRole("button", { name: "Exportar selección" }).click();
  const downloading = page.waitForEvent("download");
  await page.getByRole("dialog", { name: "Exportar selección" }).getByRole("button", { name: "Descargar" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = readFileSync(await download.path(), "utf8");
  const lines = csv.trim().split("\r\n");
  expect(lines).toHaveLength(3);
  expect(csv).toContain(first.name.split(" ").slice(1).join(" "));
  expect(csv).toContain(second.name.split(" ").slice(1).join(" "));
  expect(csv).not.toContain(third.name.split(" ").slice(1).join(" "));

  // Assign them to a colleague: nothing is chosen until the person chooses; one email for the two.
  await bar.getByRole("button", { name: "Asignar responsable" }).click();
  let question = page.getByRole("dialog", { name: "Asignar 2 contactos" });
  await question.getByRole("button", { name: "Asignar", exact: true }).click();
  await expect(question.getByRole("combobox", { name: "Responsable" })).toHaveAccessibleDescription(
    "Elige un responsable",
  );
  await question.getByRole("combobox", { name: "Responsable" }).selectOption({ label: seller.displayName });
  await expect(question).toContainText(`2 contactos quedarán a cargo de ${seller.displayName}.`);
  await question.getByRole("button", { name: "Asignar", exact: true }).click();
  await expect(page.getByRole("main").getByText("Se asignaron 2 contactos de 2.", { exact: true })).toBeVisible();
  await expect(bar).toBeHidden();
  await expect(rowOf(page, first.name)).toContainText(seller.displayName);
  await expect(rowOf(page, second.name)).toContainText(seller.displayName);
  await expect(rowOf(page, third.name)).toContainText("Sin responsable");
  const [assigned] = await waitForMailTo(seller.email);
  expect(assigned?.subject).toBe("Te asignaron 2 contactos");

  // The whole page, then every result of the search (12, beyond the page of 10).
  await page.getByRole("checkbox", { name: "Seleccionar todos los contactos de esta página" }).click();
  bar = page.getByRole("region", { name: "10 contactos seleccionados" });
  await expect(bar).toBeVisible();
  await bar.getByRole("button", { name: "Seleccionar los 12 contactos de esta búsqueda" }).click();
  bar = page.getByRole("region", { name: "Los 12 contactos de esta búsqueda seleccionados" });
  await expect(bar).toBeVisible();

  // Perdido needs its reason: refused at the field without it.
  await bar.getByRole("button", { name: "Cambiar etapa" }).click();
  question = page.getByRole("dialog", { name: "Cambiar la etapa de los 12 contactos de esta búsqueda" });
  const stage = question.getByRole("combobox", { name: "Etapa" });
  await expect(stage).toHaveValue("");
  await stage.selectOption({ label: "Perdido" });
  await expect(question.getByRole("combobox", { name: "Motivo" })).toBeVisible();
  await expect(question.getByRole("textbox", { name: "Detalle del motivo" })).toBeVisible();
  await question.getByRole("button", { name: "Cambiar etapa" }).click();
  await expect(question.getByText("Indica por qué se perdió")).toBeVisible();
  forgiveFailedApiCalls(pageProblems, ["clients/bulk"]);
  await stage.selectOption({ label: "Ganado" });
  await expect(question.getByRole("textbox", { name: "Valor estimado (USD)" })).toBeVisible();
  await stage.selectOption({ label: "Negociación" });
  await question.getByRole("button", { name: "Cambiar etapa" }).click();
  await expect(page.getByRole("main").getByText("Se movieron 12 contactos de 12.", { exact: true })).toBeVisible();
  await expect(bar).toBeHidden();

  // All twelve moved, not only the page: the Etapa filter finds them, and so does the API.
  await showFilters(page);
  await chooseStartingWith(
    page.getByRole("region", { name: "Filtros de seguimiento" }).getByRole("combobox", { name: "Etapa" }),
    "Negociación",
  );
  await expect(page).toHaveURL(/etapa=negociacion/);
  await expect(page.getByText("Mostrando 1 a 10 de 12 resultados", { exact: true })).toBeVisible();
  const found = await request.post("/api/client-message/search", {
    headers: bearer(token),
    data: { keyword: tag, stage: "negociacion", size: 50 },
  });
  expect(((await found.json()) as { totalElements: number }).totalElements).toBe(12);

  // Every result to the colleague: two already were, and one more email says ten.
  await page.getByRole("checkbox", { name: "Seleccionar todos los contactos de esta página" }).click();
  await page.getByRole("button", { name: "Seleccionar los 12 contactos de esta búsqueda" }).click();
  bar = page.getByRole("region", { name: "Los 12 contactos de esta búsqueda seleccionados" });
  await bar.getByRole("button", { name: "Asignar responsable" }).click();
  question = page.getByRole("dialog", { name: "Asignar los 12 contactos de esta búsqueda" });
  await question.getByRole("combobox", { name: "Responsable" }).selectOption({ label: seller.displayName });
  await question.getByRole("button", { name: "Asignar", exact: true }).click();
  await expect(
    page.getByRole("main").getByText("Se asignaron 10 contactos de 12. 2 contactos ya lo estaban.", { exact: true }),
  ).toBeVisible();
  const mails = await waitForMailTo(seller.email, 2);
  expect(mails.map((mail) => mail.subject)).toEqual(["Te asignaron 2 contactos", "Te asignaron 10 contactos"]);
  expect(mails[1]?.text).toContain("/crm/mensajes");

  // A move by mistake: Deshacer puts every contact back where it was.
  await page.getByRole("checkbox", { name: "Seleccionar todos los contactos de esta página" }).click();
  await page.getByRole("button", { name: "Seleccionar los 12 contactos de esta búsqueda" }).click();
  await page
    .getByRole("region", { name: "Los 12 contactos de esta búsqueda seleccionados" })
    .getByRole("button", { name: "Cambiar etapa" })
    .click();
  question = page.getByRole("dialog", { name: "Cambiar la etapa de los 12 contactos de esta búsqueda" });
  await question.getByRole("combobox", { name: "Etapa" }).selectOption({ label: "Contactado" });
  await question.getByRole("button", { name: "Cambiar etapa" }).click();
  const undo = page.getByRole("region", { name: "Deshacer el último cambio" });
  await expect(undo).toContainText("Cambio aplicado a 12 contactos.");
  await undo.getByRole("button", { name: "Deshacer" }).click();
  await expect(
    page.getByRole("main").getByText("Se deshizo el cambio en 12 contactos.", { exact: true }),
  ).toBeVisible();
  await expect(undo).toBeHidden();
  const back = await request.post("/api/client-message/search", {
    headers: bearer(token),
    data: { keyword: tag, stage: "negociacion", size: 50 },
  });
  expect(((await back.json()) as { totalElements: number }).totalElements).toBe(12);
});

test("Deshacer stays 10 s, and as long as the keyboard is on it; then it goes and the change stays", async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const tag = uniqueTag(testInfo);
  const token = await adminToken(request);
  const picked = await contact(request, token, tag, "Plazo", "Deshacer");
  await signInAsStaff(page, request, testInfo);
  await openContacts(page, `busqueda=${tag}`);
  const moveTo = async (stage: string) => {
    await page.getByRole("checkbox", { name: `Seleccionar ${picked.name}`, exact: true }).click();
    await page
      .getByRole("region", { name: "1 contacto seleccionado" })
      .getByRole("button", { name: "Cambiar etapa" })
      .click();
    const question = page.getByRole("dialog", { name: "Cambiar la etapa de 1 contacto" });
    await question.getByRole("combobox", { name: "Etapa" }).selectOption({ label: stage });
    await question.getByRole("button", { name: "Cambiar etapa" }).click();
  };
  const undo = page.getByRole("region", { name: "Deshacer el último cambio" });
  const stageOf = async () => {
    const found = await request.get(`/api/clients/${picked.id}`, { headers: bearer(token) });
    return ((await found.json()) as { pipeline: { stage: string } }).pipeline.stage;
  };

  // Left alone, it is there long enough to read and reach, then goes; the change stays.
  await moveTo("Contactado");
  await expect(undo).toBeVisible();
  const shown = Date.now();
  await expect(undo).toBeHidden({ timeout: 20_000 });
  expect(Date.now() - shown, "Deshacer is offered for about 10 s").toBeGreaterThan(8_000);
  expect(await stageOf()).toBe("contactado");

  // Reached with the keyboard, it waits for the person however long they take.
  await moveTo("Negociación");
  await expect(undo).toBeVisible();
  await undo.getByRole("button", { name: "Deshacer" }).focus();
  await page.waitForTimeout(12_000);
  await expect(undo).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(undo).toBeHidden();
  await expect.poll(stageOf).toBe("contactado");
});

test("axe finds nothing on the contacts screen with the filters set and the bulk bar open", async ({
  page,
  request,
}, testInfo) => {
  // Four axe runs over a busy page: 26-31 s on two loaded cores.
  test.slow();
  const tag = uniqueTag(testInfo);
  const token = await adminToken(request);
  const one = await contact(request, token, tag, "Elena", "Accesible");
  await contact(request, token, tag, "Fabio", "Accesible");
  await setStage(request, token, one.id, "cotizacion");
  await signInAsStaff(page, request, testInfo);
  await openContacts(page, `busqueda=${tag}&responsable=sin&sin-respuesta=5`);
  await shownNames(page, []);
  await showFilters(page);
  await expect(page.getByRole("region", { name: "Filtros de seguimiento" }).getByRole("checkbox")).toBeChecked();
  await expectNoAxeViolations(page);

  await openContacts(page, `busqueda=${tag}&responsable=sin`);
  await shownNames(page, [one.name, `Fabio Accesible ${tag}`]);
  await page.getByRole("checkbox", { name: `Seleccionar ${one.name}`, exact: true }).click();
  const bar = page.getByRole("region", { name: "1 contacto seleccionado" });
  await expect(bar).toBeVisible();
  await expectNoAxeViolations(page);
  // The bar goes away with Quitar la selección.
  await bar.getByRole("button", { name: "Quitar la selección" }).click();
  await expect(bar).toBeHidden();
  await expect(page.getByRole("checkbox", { name: `Seleccionar ${one.name}`, exact: true })).not.toBeChecked();

  // With Perdido's reason and Ganado's value, and every result of the search picked.
  await page.getByRole("checkbox", { name: "Seleccionar todos los contactos de esta página" }).click();
  const all = page.getByRole("region", { name: "2 contactos seleccionados" });
  await all.getByRole("button", { name: "Cambiar etapa" }).click();
  const question = page.getByRole("dialog", { name: "Cambiar la etapa de 2 contactos" });
  await question.getByRole("combobox", { name: "Etapa" }).selectOption({ label: "Perdido" });
  await expect(question.getByRole("textbox", { name: "Detalle del motivo" })).toBeVisible();
  await expectNoAxeViolations(page);
  await question.getByRole("combobox", { name: "Etapa" }).selectOption({ label: "Ganado" });
  await expect(question.getByRole("textbox", { name: "Valor estimado (USD)" })).toBeVisible();
  await expectNoAxeViolations(page);
});
