import { expect, test } from "./fixtures";
import {
  bodyRows,
  contactDialog,
  contactsTable,
  createContact,
  openContacts,
  rowNames,
  rowOf,
  search,
  searchBox,
  searchField,
  sendContactRequest,
  signInAsStaff,
  uniquePhone,
  uniqueTag,
} from "./helpers/crm";
import { isMobile } from "./helpers/site";
import { adminToken } from "./helpers/staff";

// The contacts screen of spec section 2 and issue 5: the table, search, the address, pagination.

const EMPTY_TEXT = "No se encontraron contactos con los criterios de búsqueda";

test("the list loads page 0 of 10 newest first; a row is a client with their newest message", async ({
  page,
  request,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  const first = { firstName: "Ana", lastName: `Primera ${tag}`, email: `primera.${tag}@floricola.test` };
  const second = { firstName: "Bruno", lastName: `Segundo ${tag}`, email: `segundo.${tag}@floricola.test` };
  const third = { firstName: "Carla", lastName: `Tercera ${tag}`, email: `tercera.${tag}@floricola.test` };
  await sendContactRequest(request, { ...first, message: `Primer pedido ${tag}`, services: ["Danisaraba"] });
  await sendContactRequest(request, { ...second, message: `Pedido antiguo ${tag}`, services: ["Chrysal VIVA"] });
  await sendContactRequest(request, { ...third, message: `Pedido de Carla ${tag}`, services: ["Danisaraba"] });
  // Bruno writes again: his row moves to the top and shows the new message.
  await sendContactRequest(request, {
    ...second,
    message: `Pedido nuevo ${tag}`,
    services: ["Chrysal VIVA", "Chrysal HVB", "Long Storage Service"],
  });

  await signInAsStaff(page, request, testInfo);
  const firstLoad = page.waitForRequest((sent) => sent.url().includes("/api/client-message?"));
  await openContacts(page);
  const query = new URL((await firstLoad).url()).searchParams;
  expect(Object.fromEntries(query)).toMatchObject({ page: "0", size: "10", sort: "createdAt,desc" });
  await expect(page.getByText("Gestión de contactos y mensajes", { exact: true })).toBeVisible();
  await expect(contactsTable(page).getByRole("columnheader")).toHaveText([
    "Nombre",
    "Correo",
    "Número",
    "Servicio Requerido",
    "Mensaje",
    "Seguimiento",
    "Acciones",
  ]);
  await expect(page.getByText(/^Mostrando 1 a \d+ de \d+ resultados$/)).toBeVisible();

  await search(page, tag);
  await expect(bodyRows(page)).toHaveCount(3);
  expect(await rowNames(page)).toEqual([
    expect.stringContaining(`Bruno Segundo ${tag}`),
    expect.stringContaining(`Carla Tercera ${tag}`),
    expect.stringContaining(`Ana Primera ${tag}`),
  ]);
  const bruno = rowOf(page, `Bruno Segundo ${tag}`);
  await expect(bruno.getByRole("cell").nth(0)).toHaveText(second.email);
  await expect(bruno).toContainText(`Pedido nuevo ${tag}`);
  await expect(bruno).not.toContainText(`Pedido antiguo ${tag}`);
  await expect(bruno).toContainText("2 mensajes");
  await expect(bruno).toContainText("Pendiente");
  // Two pills and "+1" for the third service.
  await expect(bruno.getByRole("listitem")).toHaveText(["Chrysal VIVA", "Chrysal HVB", /^\+1/]);
  for (const name of [`Bruno Segundo ${tag}`, `Carla Tercera ${tag}`, `Ana Primera ${tag}`]) {
    const row = rowOf(page, name);
    await expect(row.getByRole("button", { name: `Ver ${name}`, exact: true })).toBeVisible();
    await expect(row.getByRole("button", { name: `Editar ${name}`, exact: true })).toBeVisible();
    await expect(row.getByRole("button", { name: `Eliminar ${name}`, exact: true })).toBeVisible();
  }
  await expect(page.getByText("Mostrando 1 a 3 de 3 resultados", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Anterior" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Siguiente" })).toBeDisabled();

  // The service pill has the same colour for the same service, another for another service.
  const pillClass = (name: string) =>
    rowOf(page, name).getByRole("listitem").first().getAttribute("class") as Promise<string>;
  const danisaraba = await pillClass(`Ana Primera ${tag}`);
  expect(danisaraba).toMatch(/\bbg-\w+-100\b/);
  expect(await pillClass(`Carla Tercera ${tag}`)).toBe(danisaraba);
  expect(await pillClass(`Bruno Segundo ${tag}`)).not.toBe(danisaraba);
  // ...and on the next load too.
  await page.reload();
  await expect(bodyRows(page)).toHaveCount(3);
  expect(await pillClass(`Ana Primera ${tag}`)).toBe(danisaraba);
});

test("search by each field, ignoring accents and case; the empty result says so", async ({
  page,
  request,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  const phone = uniquePhone();
  const name = `Rocío Rodríguez ${tag}`;
  await sendContactRequest(request, {
    firstName: "Rocío",
    lastName: `Rodríguez ${tag}`,
    email: `buzon.${tag}@rosasdelnorte.test`,
    phone,
    message: `Necesito una canción de cuna para mis rosas ${tag}`,
    services: ["Sea Freight Service"],
  });
  await signInAsStaff(page, request, testInfo);
  await openContacts(page);

  const expectOnlyOurs = async () => {
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(rowOf(page, name)).toBeVisible();
  };
  const expectEmpty = async () => {
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(bodyRows(page)).toHaveText(EMPTY_TEXT);
  };

  await expect(searchField(page).getByRole("option")).toHaveText([
    "Todos",
    "Nombre",
    "Correo",
    "Teléfono",
    "Servicio",
    "Mensaje",
  ]);

  await search(page, `ROCIO RODRIGUEZ ${tag.toUpperCase()}`, "Nombre");
  await expectOnlyOurs();
  // Surname first, as staff often say it: the words count in any order.
  await search(page, `${tag} Rodríguez Rocío`, "Nombre");
  await expectOnlyOurs();
  await search(page, `${tag} Rodríguez Rocío`, "Todos");
  await expectOnlyOurs();
  await search(page, `buzon.${tag}`, "Nombre");
  await expectEmpty();

  await search(page, `BUZON.${tag}@rosas`, "Correo");
  await expectOnlyOurs();
  await search(page, `rodriguez ${tag}`, "Correo");
  await expectEmpty();

  // People type numbers with spaces; the digits are what count.
  await search(page, `${phone.slice(0, 3)} ${phone.slice(3)}`, "Teléfono");
  await expectOnlyOurs();

  await search(page, `cancion de cuna para mis rosas ${tag}`, "Mensaje");
  await expectOnlyOurs();
  await search(page, `cancion de cuna para mis rosas ${tag}`, "Nombre");
  await expectEmpty();

  // A service search finds every contact asking for it: ours is the newest one.
  await search(page, "sea freight", "Servicio");
  await expect(rowOf(page, name)).toBeVisible();
  for (const row of await bodyRows(page).all()) await expect(row).toContainText("Sea Freight Service");

  await search(page, tag, "Todos");
  await expectOnlyOurs();
  await expect(page).toHaveURL(new RegExp(`busqueda=${tag}`));
});

test("typing searches once, 300 ms after the last key; Enter searches at once", async ({ page, request }, testInfo) => {
  const tag = uniqueTag(testInfo);
  await sendContactRequest(request, { firstName: "Diego", lastName: `Teclado ${tag}`, email: `${tag}@x.test` });
  await signInAsStaff(page, request, testInfo);
  await openContacts(page);

  // Times and calls are taken in the page, on its own clock: the key that was pressed last and each
  // search the page sent. The test process may be late to hear of either on a busy machine; the
  // page is not.
  await page.evaluate(() => {
    const clock = window as unknown as { lastKeyAt: number; searches: { at: number; body: string }[] };
    clock.searches = [];
    document.addEventListener("keydown", () => (clock.lastKeyAt = performance.now()), true);
    const send = window.fetch;
    window.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith("/api/client-message/search")) {
        clock.searches.push({ at: performance.now(), body: typeof init?.body === "string" ? init.body : "" });
      }
      return send(input, init);
    };
  });
  type Sent = { keyword: string; field: string; afterLastKey: number };
  /** Every search the page sent so far, with how long after the last key it went out. */
  const searches = () =>
    page.evaluate(() => {
      const clock = window as unknown as { lastKeyAt: number; searches: { at: number; body: string }[] };
      return clock.searches.map(({ at, body }) => {
        const { keyword, field } = JSON.parse(body) as { keyword: string; field: string };
        return { keyword, field, afterLastKey: at - clock.lastKeyAt };
      });
    }) as Promise<Sent[]>;
  /** What was asked, in order. A live update reloads the list with the same question (decision
   * 029), and another test's new lead may do so at any time: a repeat of the one before is folded. */
  const asked = (sent: Sent[]) =>
    sent
      .map(({ keyword, field }) => ({ keyword, field }))
      .filter((ask, index, all) => index === 0 || JSON.stringify(ask) !== JSON.stringify(all[index - 1]));

  await searchBox(page).click();
  await searchBox(page).pressSequentially(tag, { delay: 40 });
  await expect(page).toHaveURL(new RegExp(`busqueda=${tag}$`));
  await expect(rowOf(page, `Diego Teclado ${tag}`)).toBeVisible();
  // One call for the whole word, 300 ms after the last key (a machine that stalls mid-word may add
  // one more, never one per key).
  const typed = await searches();
  const first = typed.find(({ keyword }) => keyword === tag);
  expect(asked(typed).length).toBeLessThanOrEqual(2);
  expect(asked(typed).at(-1)?.keyword).toBe(tag);
  expect(first?.afterLastKey).toBeGreaterThanOrEqual(290);

  // Enter asks at once, without waiting for the typing's timer.
  const entered = `teclado ${tag}`;
  await searchBox(page).fill(entered);
  await searchBox(page).press("Enter");
  const ofEntered = async () => (await searches()).filter(({ keyword }) => keyword === entered);
  await expect.poll(async () => asked(await ofEntered())).toEqual([{ keyword: entered, field: "all" }]);
  expect((await ofEntered())[0]?.afterLastKey).toBeLessThan(250);
  // The typing's timer was cancelled by Enter: it asks nothing more. A 300 ms timer the page starts
  // now fires after that one would have; a field change then asks at once, and its question is the
  // only new one.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
  await searchField(page).selectOption({ label: "Nombre" });
  await expect
    .poll(async () => asked(await ofEntered()))
    .toEqual([
      { keyword: entered, field: "all" },
      { keyword: entered, field: "nombre" },
    ]);
});

test("search, field, page and view live in the address: reload, back and a shared link", async ({
  page,
  request,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  const token = await adminToken(request);
  for (let index = 1; index <= 12; index += 1) {
    await createContact(
      request,
      { firstName: "Elena", lastName: `Dirección ${index} ${tag}`, email: `dir${index}.${tag}@x.test` },
      token,
    );
  }
  await signInAsStaff(page, request, testInfo);
  await openContacts(page);

  await search(page, tag, "Nombre");
  await expect(page).toHaveURL(new RegExp(`\\?busqueda=${tag}&campo=nombre$`));
  await expect(page.getByText("Mostrando 1 a 10 de 12 resultados", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Siguiente" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?busqueda=${tag}&campo=nombre&pagina=2$`));
  await expect(page.getByText("Mostrando 11 a 12 de 12 resultados", { exact: true })).toBeVisible();
  expect(await rowNames(page)).toEqual([
    expect.stringContaining(`Elena Dirección 2 ${tag}`),
    expect.stringContaining(`Elena Dirección 1 ${tag}`),
  ]);

  await page.reload();
  await expect(page.getByText("Mostrando 11 a 12 de 12 resultados", { exact: true })).toBeVisible();
  await expect(searchBox(page)).toHaveValue(tag);
  await expect(searchField(page)).toHaveValue("nombre");
  await expect(page.getByRole("button", { name: "2", exact: true })).toHaveAttribute("aria-current", "page");

  await page.goBack();
  await expect(page.getByText("Mostrando 1 a 10 de 12 resultados", { exact: true })).toBeVisible();
  await expect(searchBox(page)).toHaveValue(tag);
  // Before the search: the field had been chosen, nothing typed yet.
  await page.goBack();
  await expect(page).toHaveURL(/\/crm\/mensajes\?campo=nombre$/);
  await expect(searchBox(page)).toHaveValue("");
  await expect(searchField(page)).toHaveValue("nombre");
  await page.goForward();
  await expect(searchBox(page)).toHaveValue(tag);
  await expect(page.getByText("Mostrando 1 a 10 de 12 resultados", { exact: true })).toBeVisible();

  // A link someone shared opens at the same place, in another tab.
  const shared = await page.context().newPage();
  await shared.goto(`/crm/mensajes?busqueda=${tag}&campo=nombre&pagina=2`);
  await expect(shared.getByText("Mostrando 11 a 12 de 12 resultados", { exact: true })).toBeVisible();
  await expect(searchBox(shared)).toHaveValue(tag);

  // The review view is part of the place too.
  await shared.getByRole("link", { name: "Por revisar" }).click();
  await expect(shared).toHaveURL(new RegExp(`busqueda=${tag}&campo=nombre&vista=revisar$`));
  await expect(shared.getByRole("link", { name: "Por revisar" })).toHaveAttribute("aria-current", "page");
  await expect(bodyRows(shared)).toHaveText(EMPTY_TEXT);
  await shared.reload();
  await expect(shared.getByRole("link", { name: "Por revisar" })).toHaveAttribute("aria-current", "page");
  await shared.close();
});

test("pagination: Anterior, Siguiente and numbered pages with gaps, disabled at the ends, by keyboard", async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const tag = uniqueTag(testInfo);
  const token = await adminToken(request);
  const create = (number: number) =>
    createContact(
      request,
      { firstName: "Página", lastName: `${number} ${tag}`, email: `pag${number}.${tag}@x.test` },
      token,
    );
  // "Página 1" alone first: it must be the oldest, and clients created in parallel have no set order.
  await create(1);
  for (let batch = 0; batch < 8; batch += 1) {
    const numbers = Array.from({ length: batch < 7 ? 10 : 5 }, (_, index) => batch * 10 + index + 1);
    await Promise.all(numbers.filter((number) => number > 1).map(create));
  }
  await signInAsStaff(page, request, testInfo);
  await openContacts(page, `busqueda=${tag}`);
  const pager = page.getByRole("navigation", { name: "Páginas de contactos" });
  const anterior = pager.getByRole("button", { name: "Anterior" });
  const siguiente = pager.getByRole("button", { name: "Siguiente" });

  await expect(page.getByText("Mostrando 1 a 10 de 75 resultados", { exact: true })).toBeVisible();
  await expect(anterior).toBeDisabled();
  await expect(siguiente).toBeEnabled();
  // 8 pages: 1 2 3 4 5 … 8.
  await expect(pager).toHaveText(/Anterior\s*1\s*2\s*3\s*4\s*5\s*…\s*8\s*Siguiente/);

  await siguiente.click();
  await expect(page.getByText("Mostrando 11 a 20 de 75 resultados", { exact: true })).toBeVisible();
  await expect(anterior).toBeEnabled();
  await expect(page).toHaveURL(/pagina=2/);

  await pager.getByRole("button", { name: "5", exact: true }).click();
  await expect(page.getByText("Mostrando 41 a 50 de 75 resultados", { exact: true })).toBeVisible();
  // Near the end: 1 … 4 5 6 7 8.
  await expect(pager).toHaveText(/Anterior\s*1\s*…\s*4\s*5\s*6\s*7\s*8\s*Siguiente/);
  await expect(pager.getByRole("button", { name: "5", exact: true })).toHaveAttribute("aria-current", "page");

  await pager.getByRole("button", { name: "8", exact: true }).click();
  await expect(page.getByText("Mostrando 71 a 75 de 75 resultados", { exact: true })).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(5);
  await expect(siguiente).toBeDisabled();
  // The oldest contact is last on the last page.
  expect((await rowNames(page)).at(-1)).toContain(`Página 1 ${tag}`);

  // By keyboard: focus Anterior and press Enter, then Space.
  await anterior.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Mostrando 61 a 70 de 75 resultados", { exact: true })).toBeVisible();
  await anterior.focus();
  await page.keyboard.press(" ");
  await expect(page.getByText("Mostrando 51 a 60 de 75 resultados", { exact: true })).toBeVisible();
  await pager.getByRole("button", { name: "1", exact: true }).click();
  await expect(anterior).toBeDisabled();
  await expect(page.getByText("Mostrando 1 a 10 de 75 resultados", { exact: true })).toBeVisible();
});

test("on a phone each row is a card with its actions in reach; targets are 44 px", async ({
  page,
  request,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  await sendContactRequest(request, { firstName: "Fabiola", lastName: `Móvil ${tag}`, email: `movil.${tag}@x.test` });
  await signInAsStaff(page, request, testInfo);
  await openContacts(page, `busqueda=${tag}`);
  const name = `Fabiola Móvil ${tag}`;
  const row = rowOf(page, name);
  await expect(row).toBeVisible();
  for (const action of ["Ver", "Editar", "Eliminar"]) {
    const box = await row.getByRole("button", { name: `${action} ${name}` }).boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  }
  const pagerBox = await page.getByRole("button", { name: "Siguiente" }).boundingBox();
  expect(pagerBox?.height ?? 0).toBeGreaterThanOrEqual(44);
  if (!isMobile(page)) return;

  // Issue 31, item 7: no table to swipe (`Ver` sat at x = 819 px); the card reads top to bottom.
  const region = page.getByRole("region", { name: "Contactos y su mensaje más reciente" });
  expect(await region.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const nameBox = await row.getByRole("rowheader").boundingBox();
  for (const action of ["Ver", "Editar", "Eliminar"]) {
    const box = await row.getByRole("button", { name: `${action} ${name}` }).boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 375, `${action} within the screen`).toBe(true);
    expect(box?.y ?? 0, `${action} below the name`).toBeGreaterThan(nameBox?.y ?? 0);
  }
});

// Issue 31, item 8: on a laptop beside the open menu the table was 1,025 px in a 960 px card, so
// `Eliminar` was cut off, and `break-all` split addresses anywhere ("lorena.mejia@g / mail.com").
test("at 1280 px beside the menu every row fits, and an address breaks only between its parts", async ({
  page,
  request,
}, testInfo) => {
  test.skip(isMobile(page), "a laptop's width");
  const tag = uniqueTag(testInfo);
  const name = `Bernardita Altamirano Echeverría ${tag}`;
  // An address of a usual length (the tag is long: a part of it keeps the address unique).
  const email = `b.altamirano.${tag.slice(-6)}@floricolaandina.test`;
  await sendContactRequest(request, {
    firstName: "Bernardita",
    lastName: `Altamirano Echeverría ${tag}`,
    email,
    company: "Florícola Los Andes del Norte S.A.S.",
    message: `Necesitamos cotización de Danisaraba para 40 hectáreas ${tag}`,
    services: ["Danisaraba", "Chrysal RVB y RVB Clear", "Sea Freight Service"],
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsStaff(page, request, testInfo);
  await openContacts(page, `busqueda=${tag}`);
  await expect(page.getByRole("navigation", { name: "CRM" })).toBeVisible();
  const region = page.getByRole("region", { name: "Contactos y su mensaje más reciente" });
  const row = rowOf(page, name);
  await expect(row).toBeVisible();
  expect(await region.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  const regionBox = await region.boundingBox();
  for (const action of ["Ver", "Editar", "Eliminar"]) {
    const box = await row.getByRole("button", { name: `${action} ${name}` }).boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0), action).toBeLessThanOrEqual(
      (regionBox?.x ?? 0) + (regionBox?.width ?? 0),
    );
  }
  // Where the address's lines break: only after the @ or before a dot.
  const breaks = await row.getByRole("cell", { name: email }).evaluate((cell) => {
    const text = cell.textContent ?? "";
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    const tops: { index: number; top: number }[] = [];
    let offset = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let at = 0; at < (node.textContent ?? "").length; at++) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + 1);
        tops.push({ index: offset + at, top: Math.round(range.getBoundingClientRect().top) });
      }
      offset += (node.textContent ?? "").length;
    }
    return tops
      .filter((each, i) => i > 0 && each.top > (tops[i - 1]?.top ?? 0))
      .map((each) => text.slice(each.index - 1, each.index + 1));
  });
  expect(breaks.length).toBeGreaterThan(0);
  for (const pair of breaks) expect(pair, `a line breaks inside "${pair}"`).toMatch(/^@.|^.\.$/);
});

// Issue 31, item 2: an email typed in the search and that row's `Ver` pressed within a second opened
// nothing: the search's navigation, arriving after the click, dropped the contact from the address.
test("a search typed and a Ver pressed at once, on a 4x slower CPU: the contact opens and the search holds", async ({
  page,
  request,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  const token = await adminToken(request);
  const people = [
    { firstName: "Ana", lastName: `Rápida ${tag}`, email: `ana.${tag}@x.test` },
    { firstName: "Bruno", lastName: `Rápido ${tag}`, email: `bruno.${tag}@x.test` },
  ];
  for (const person of people) await createContact(request, { ...person, message: `Consulta ${tag}` }, token);
  await signInAsStaff(page, request, testInfo);
  await openContacts(page, `busqueda=${tag}`);
  await expect(bodyRows(page)).toHaveCount(2);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });

  for (const [index, person] of people.entries()) {
    const name = `${person.firstName} ${person.lastName}`;
    await searchBox(page).fill(person.email);
    // Bruno's click comes before the search has even left (its 300 ms pause); Ana's while it loads.
    if (index === 0) await page.waitForTimeout(350);
    await page.getByRole("button", { name: `Ver ${name}`, exact: true }).click();
    const dialog = contactDialog(page, name);
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(new RegExp(`busqueda=${encodeURIComponent(person.email)}.*contacto=\\d+`));
    await dialog.getByRole("button", { name: "Cerrar", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/contacto=/);
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(rowOf(page, name)).toBeVisible();
  }
});
