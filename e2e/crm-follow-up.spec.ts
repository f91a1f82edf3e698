import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/axe";
import {
  contactDialog,
  createContact,
  openContacts,
  rowOf,
  search,
  sendContactRequest,
  signInAsStaff,
  uniqueTag,
  viewContact,
} from "./helpers/crm";
import { waitForMailTo } from "./helpers/mail";
import { isMobile, visit } from "./helpers/site";
import { adminToken, bearer, forgiveFailedApiCalls, openCrmMenu } from "./helpers/staff";

// Issue 13 in the contact dialog: Etapa, Responsable, Nueva tarea, Nota interna and the history.

test("staff move a contact's stage, hand it over, add a task and an internal note, all in its history", async ({
  page,
  request,
  pageProblems,
}, testInfo) => {
  test.slow();
  const tag = uniqueTag(testInfo);
  const token = await adminToken(request);
  await createContact(
    request,
    {
      firstName: "Rosa",
      lastName: `Seguimiento ${tag}`,
      email: `seguimiento.${tag}@x.test`,
      message: `Cotización ${tag}`,
    },
    token,
  );
  const sellerName = `Vendedora ${tag}`;
  const sellerEmail = `vendedora.${tag}@floraprotect.test`;
  const seller = await request.post("/api/users", {
    headers: bearer(token),
    data: {
      username: `vend${tag}`.toLowerCase(),
      displayName: sellerName,
      email: sellerEmail,
      role: "personal",
      password: "Temporal-de-prueba-2026",
    },
  });
  expect(seller.status()).toBe(201);

  await signInAsStaff(page, request, testInfo);
  await openContacts(page, `busqueda=${tag}`);
  const name = `Rosa Seguimiento ${tag}`;
  const dialog = await viewContact(page, name);
  const status = dialog.getByRole("status");
  const history = dialog.getByRole("region", { name: "Historial" }).getByRole("list");

  // Etapa: a new lead is Nuevo; Perdido asks for its reason; Cotización enviada is saved.
  const stage = dialog.getByRole("combobox", { name: "Etapa" });
  await expect(stage).toHaveValue("nuevo");
  await stage.selectOption({ label: "Perdido" });
  const save = dialog.getByRole("button", { name: "Guardar", exact: true });
  await save.click();
  await expect(dialog.getByText("Indica por qué se perdió")).toBeVisible();
  forgiveFailedApiCalls(pageProblems, ["clients/\\d+/stage"]);
  await stage.selectOption({ label: "Cotización enviada" });
  await save.click();
  await expect(status).toHaveText("Etapa cambiada a Cotización enviada.");
  await expect(history.getByText("Etapa: Nuevo → Cotización enviada")).toBeVisible();

  // Responsable: the colleague is told by email, with a link to the contact.
  await dialog.getByRole("combobox", { name: "Responsable", exact: true }).selectOption({ label: sellerName });
  await save.click();
  await expect(status).toHaveText(`Responsable: ${sellerName}. Se le avisó por correo.`);
  const [assigned] = await waitForMailTo(sellerEmail);
  expect(assigned?.subject).toContain(`Te asignaron un contacto: ${name}`);
  expect(assigned?.text).toContain("/crm/mensajes?contacto=");

  // Nueva tarea, then done: it leaves the open tasks and both steps are in the history.
  await dialog.getByRole("button", { name: "Nueva tarea" }).click();
  await dialog.getByRole("textbox", { name: "Tarea", exact: true }).fill(`Llamar a Rosa ${tag}`);
  await dialog.getByLabel("Fecha y hora").fill("2030-01-15T09:30");
  await dialog.getByRole("button", { name: "Guardar tarea" }).click();
  await expect(status).toHaveText(`Tarea "Llamar a Rosa ${tag}" creada.`);
  const task = dialog.getByRole("checkbox", { name: new RegExp(`Llamar a Rosa ${tag}`) });
  await expect(task).toBeVisible();
  await expect(dialog.getByText(/Próximas · mar, 15 ene/)).toBeVisible();
  // A click, not check(): the task leaves the open ones as soon as it is done, before check() could look.
  await task.click();
  await expect(dialog.getByText("No hay tareas abiertas.")).toBeVisible();
  await expect(history.getByText(`Tarea hecha por Pedro Personal: Llamar a Rosa ${tag}`)).toBeVisible();

  // Nota interna: on the history, for the team only.
  await dialog.getByRole("textbox", { name: "Nota interna" }).fill(`Prefiere llamadas por la tarde ${tag}`);
  await save.click();
  await expect(status).toHaveText("Nota interna guardada. No se envía al cliente.");
  await expect(history.getByText(`Prefiere llamadas por la tarde ${tag}`)).toBeVisible();
  await expect(history.getByRole("listitem").first()).toContainText("Nota interna de Pedro Personal");

  await expectNoAxeViolations(page, { include: "dialog[open]" });
  await expect(contactDialog(page, name)).toBeVisible();
});

// Issue 31, item 1: a stage and an owner chosen, then the dialog's Guardar, were lost (only their own
// small buttons saved them) and closing never warned.
test("one Guardar stores the stage, the owner and the data together; closing with changes asks first", async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const tag = uniqueTag(testInfo);
  const token = await adminToken(request);
  const name = `Lucía Guardar ${tag}`;
  await createContact(
    request,
    { firstName: "Lucía", lastName: `Guardar ${tag}`, email: `guardar.${tag}@x.test`, message: `Precios ${tag}` },
    token,
  );
  const sellerName = `Vendedor ${tag}`;
  const seller = await request.post("/api/users", {
    headers: bearer(token),
    data: {
      username: `gua${tag}`.toLowerCase(),
      displayName: sellerName,
      email: `gua.${tag}@floraprotect.test`,
      role: "personal",
      password: "Temporal-de-prueba-2026",
    },
  });
  expect(seller.status()).toBe(201);

  await signInAsStaff(page, request, testInfo);
  await openContacts(page, `busqueda=${tag}`);
  let dialog = await viewContact(page, name);
  const stage = () => dialog.getByRole("combobox", { name: "Etapa" });
  const owner = () => dialog.getByRole("combobox", { name: "Responsable", exact: true });
  const company = () => dialog.getByRole("textbox", { name: "Empresa" });
  await stage().selectOption({ label: "Cotización enviada" });
  await owner().selectOption({ label: sellerName });
  await company().fill(`Florícola ${tag}`);

  // Cerrar with changes asks; staying keeps every choice.
  await dialog.getByRole("button", { name: "Cerrar", exact: true }).click();
  const question = page.getByRole("alertdialog", { name: "¿Descartar los cambios sin guardar?" });
  await expect(question).toBeVisible();
  await question.getByRole("button", { name: "Seguir editando" }).click();
  await expect(question).toBeHidden();
  await expect(stage()).toHaveValue("cotizacion");
  await expect(company()).toHaveValue(`Florícola ${tag}`);

  await dialog.getByRole("button", { name: "Guardar", exact: true }).click();
  await expect(dialog.getByRole("status")).toHaveText(
    `Etapa cambiada a Cotización enviada. Responsable: ${sellerName}. Se le avisó por correo. Datos del contacto guardados.`,
  );
  // Nothing is left unsaved: Cerrar closes at once.
  await dialog.getByRole("button", { name: "Cerrar", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(question).toBeHidden();
  await expect(page).not.toHaveURL(/contacto=/);

  // A reload shows what was stored.
  await page.reload();
  await expect(dialog).toBeHidden();
  dialog = await viewContact(page, name);
  await expect(stage()).toHaveValue("cotizacion");
  await expect(owner()).toHaveValue(String(((await seller.json()) as { id: number }).id));
  await expect(company()).toHaveValue(`Florícola ${tag}`);

  // Escape with an unsaved change asks too; discarding closes, and nothing of it was stored.
  await stage().selectOption({ label: "Negociación" });
  await page.keyboard.press("Escape");
  await question.getByRole("button", { name: "Descartar cambios" }).click();
  await expect(dialog).toBeHidden();
  dialog = await viewContact(page, name);
  await expect(stage()).toHaveValue("cotizacion");

  // The back button to the screen before, with a note typed, asks before leaving; staying keeps it.
  await visit(page, "/crm");
  await (await openCrmMenu(page)).getByRole("link", { name: "Mensajes", exact: true }).click();
  await search(page, tag);
  dialog = await viewContact(page, name);
  await dialog.getByRole("textbox", { name: "Nota interna" }).fill(`Visitar la finca ${tag}`);
  await page.goBack();
  await expect(question).toBeVisible();
  // A lead arriving live while the question is open reloads the screen only after the answer: a
  // reload sets React Router's blocker back to idle, which took the question away under the finger.
  const lead = { firstName: "Nuevo", lastName: `Mientras ${tag}`, email: `mientras.${tag}@x.test` };
  await sendContactRequest(request, lead);
  await expect(page.locator('[aria-live="polite"]').filter({ hasText: /contactos? nuevos?/ })).toHaveCount(1);
  await expect(rowOf(page, `${lead.firstName} ${lead.lastName}`)).toHaveCount(0);
  await page.waitForTimeout(1000);
  await expect(question).toBeVisible();
  await question.getByRole("button", { name: "Seguir editando" }).click();
  await expect(dialog.getByRole("textbox", { name: "Nota interna" })).toHaveValue(`Visitar la finca ${tag}`);
  await expect(page).toHaveURL(/contacto=/);
  // The reload held back comes after it, with the work still there.
  await expect(rowOf(page, `${lead.firstName} ${lead.lastName}`)).toHaveCount(1);
  await expect(dialog.getByRole("textbox", { name: "Nota interna" })).toHaveValue(`Visitar la finca ${tag}`);
});

// React Router sets its blocker back to idle whenever a reload completes: a reload already on its way
// when the person pressed Back (a colleague's lead, arriving live) took the question away under their
// finger, and with it the navigation it held.
test("a reload already on its way when Back asks does not take the question away", async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const tag = uniqueTag(testInfo);
  const token = await adminToken(request);
  const name = `Rita Atrás ${tag}`;
  await createContact(request, { firstName: "Rita", lastName: `Atrás ${tag}`, email: `atras.${tag}@x.test` }, token);
  // The list's reloads take two seconds once `slow` is set: long enough to press Back during one.
  let slow = false;
  await page.route("**/api/client-message/search", async (route) => {
    if (!slow) return route.continue();
    const response = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.fulfill({ response });
  });
  await signInAsStaff(page, request, testInfo);
  await visit(page, "/crm");
  await (await openCrmMenu(page)).getByRole("link", { name: "Mensajes", exact: true }).click();
  await search(page, tag);
  const dialog = await viewContact(page, name);
  const note = dialog.getByRole("textbox", { name: "Nota interna" });
  await note.fill(`Llevar muestras ${tag}`);
  const question = page.getByRole("alertdialog", { name: "¿Descartar los cambios sin guardar?" });

  /** A colleague's lead starts a reload of the list; Back is pressed while it is on its way. */
  const backDuringReload = async (round: number) => {
    slow = true;
    const lead = { firstName: "Colega", lastName: `Ronda ${round} ${tag}`, email: `ronda${round}.${tag}@x.test` };
    await sendContactRequest(request, lead);
    // The first reload to start once the lead is stored: its own, or one a neighbour's change started.
    const reload = (await page.waitForRequest("**/api/client-message/search")).response();
    await page.goBack();
    await expect(question).toBeVisible();
    await reload;
    slow = false;
    // The reload has arrived (its new row is in the list) and the question is still there.
    await expect(rowOf(page, `${lead.firstName} ${lead.lastName}`)).toHaveCount(1);
    await expect(question).toBeVisible();
  };

  await backDuringReload(1);
  await question.getByRole("button", { name: "Seguir editando" }).click();
  await expect(question).toBeHidden();
  await expect(note).toHaveValue(`Llevar muestras ${tag}`);
  await expect(page).toHaveURL(/contacto=/);

  // Discarding after such a reload still goes back, as the button asked.
  await backDuringReload(2);
  await question.getByRole("button", { name: "Descartar cambios" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/contacto=/);
});

test("Tareas lists mine by group with a link to each contact; done moves a task to Hechas and back", async ({
  page,
  request,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  const token = await adminToken(request);
  const detail = await createContact(
    request,
    { firstName: "Tomás", lastName: `Tareas ${tag}`, email: `tareas.${tag}@x.test`, message: `Consulta ${tag}` },
    token,
  );
  const staff = await signInAsStaff(page, request, testInfo);
  const session = await request.post("/api/auth/login", {
    data: { username: staff.username, password: staff.password },
  });
  const mine = bearer(((await session.json()) as { accessToken: string }).accessToken);
  const task = (title: string, dueAt: string) =>
    request.post(`/api/clients/${detail.client.id}/tasks`, { headers: mine, data: { title, dueAt } });
  expect((await task(`Vencida ${tag}`, "2020-03-02T09:00")).status()).toBe(201);
  expect((await task(`Próxima ${tag}`, "2030-03-02T09:00")).status()).toBe(201);

  // The CRM's menu is folded away on a phone.
  if (isMobile(page)) await page.getByRole("button", { name: "Abrir menú" }).click();
  await page.getByRole("link", { name: "Tareas", exact: true }).click();
  await expect(page).toHaveURL(/\/crm\/tareas$/);
  await expect(page.getByRole("heading", { level: 1, name: "Tareas" })).toBeVisible();
  const overdue = page.getByRole("region", { name: /^Vencidas/ });
  const later = page.getByRole("region", { name: /^Próximas/ });
  await expect(overdue.getByText(`Vencida ${tag}`)).toBeVisible();
  await expect(later.getByText(`Próxima ${tag}`)).toBeVisible();
  await expect(page.getByRole("region", { name: /^Hoy/ })).toBeVisible();

  // Clicks, not check()/uncheck(): a task leaves its group as soon as it changes.
  await overdue.getByRole("checkbox", { name: `Vencida ${tag}` }).click();
  await expect(page.getByRole("status")).toHaveText(`Tarea "Vencida ${tag}" hecha.`);
  await expect(overdue.getByText(`Vencida ${tag}`)).toHaveCount(0);
  await page.getByRole("link", { name: "Ver hechas" }).click();
  await expect(page).toHaveURL(/estado=hechas/);
  const done = page.getByRole("region", { name: /^Hechas/ });
  await done.getByRole("checkbox", { name: `Vencida ${tag}` }).click();
  await expect(page.getByRole("status")).toHaveText(`Tarea "Vencida ${tag}" abierta de nuevo.`);

  await page.getByRole("link", { name: "Ver abiertas" }).click();
  await expectNoAxeViolations(page);
  await overdue.getByRole("link", { name: new RegExp(`Tomás Tareas ${tag}`) }).click();
  await expect(contactDialog(page, `Tomás Tareas ${tag}`)).toBeVisible();
});
