import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/axe";
import {
  bodyRows,
  contactDialog,
  createContact,
  dialogMessages,
  listRegion,
  openContacts,
  rowOf,
  search,
  serviceTypeIds,
  signInAsStaff,
  uniqueTag,
  viewContact,
} from "./helpers/crm";
import { waitForMailTo } from "./helpers/mail";
import { isMobile } from "./helpers/site";
import { adminToken, bearer, forgiveFailedApiCalls } from "./helpers/staff";

// The contact-detail dialog of spec section 2 and issue 5: the contact's data and messages, with
// real replies, statuses, edits, deletions, notes; and Nuevo Contacto.

const DELETE_QUESTION = "¿Está seguro de que desea eliminar este mensaje?";

test("Ver shows the contact and their messages newest first with status badges; Escape and the backdrop close it", async ({
  page,
  request,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  const token = await adminToken(request);
  const detail = await createContact(
    request,
    { firstName: "Gabriela", lastName: `Vera ${tag}`, email: `vera.${tag}@x.test`, message: `Primera consulta ${tag}` },
    token,
  );
  const id = detail.client.id;
  const note = (message: string) =>
    request.post(`/api/clients/${id}/messages`, { headers: bearer(token), data: { message } }).then((r) => r.json());
  const second = (await note(`Segunda consulta ${tag}`)) as { id: number };
  const third = (await note(`Tercera consulta ${tag}`)) as { id: number };
  const [first] = detail.messages;
  expect(first).toBeDefined();
  await request.post(`/api/client-message/${second.id}/reply`, {
    headers: bearer(token),
    data: { reply: `Le enviamos la cotización ${tag}` },
  });
  await request.post(`/api/client-message/${third.id}/status`, {
    headers: bearer(token),
    data: { status: "rechazado", reason: `No vendemos eso ${tag}` },
  });

  await signInAsStaff(page, request, testInfo);
  await openContacts(page, `busqueda=${tag}`);
  const name = `Gabriela Vera ${tag}`;
  const dialog = await viewContact(page, name);
  await expect(dialog.getByRole("heading", { name: "Mensajes (3)" })).toBeVisible();
  // "Ver" reads first: the focus is on the name, not in a field.
  await expect(dialog.getByRole("heading", { level: 2, name })).toBeFocused();
  await expect(dialog.getByRole("textbox", { name: "Correo electrónico" })).toHaveValue(`vera.${tag}@x.test`);

  const messages = dialogMessages(page, name);
  await expect(messages).toHaveCount(3);
  await expect(messages.nth(0)).toContainText(`Tercera consulta ${tag}`);
  await expect(messages.nth(0)).toContainText("Rechazado");
  await expect(messages.nth(0)).toContainText(`Motivo del rechazo: No vendemos eso ${tag}`);
  await expect(messages.nth(1)).toContainText(`Segunda consulta ${tag}`);
  await expect(messages.nth(1)).toContainText("Respondido");
  await expect(messages.nth(1).getByText(`Le enviamos la cotización ${tag}`)).toBeVisible();
  await expect(messages.nth(2)).toContainText(`Primera consulta ${tag}`);
  await expect(messages.nth(2)).toContainText("Pendiente");
  await expect(messages.nth(2)).toContainText("Nota del personal");
  // The list scrolls inside the dialog.
  const list = dialog.getByRole("list", { name: /^Mensajes/ });
  expect(await list.evaluate((element) => getComputedStyle(element).overflowY)).toBe("auto");

  // About 3xl wide (48rem) on a wide screen; the screen's width less a margin on a phone.
  const box = await dialog.boundingBox();
  if (isMobile(page)) expect(box?.width ?? 0).toBeGreaterThan(320);
  else expect(Math.round(box?.width ?? 0)).toBe(768);

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: `Ver ${name}`, exact: true })).toBeFocused();

  await viewContact(page, name);
  await page.mouse.click(4, 4);
  await expect(dialog).toBeHidden();

  await viewContact(page, name);
  await dialog.getByRole("button", { name: "Cerrar", exact: true }).click();
  await expect(dialog).toBeHidden();
});

test("a contact without messages says so", async ({ page, request }, testInfo) => {
  const tag = uniqueTag(testInfo);
  await createContact(request, { firstName: "Hugo", lastName: `Solo ${tag}`, email: `solo.${tag}@x.test` });
  await signInAsStaff(page, request, testInfo);
  await openContacts(page, `busqueda=${tag}`);
  const dialog = await viewContact(page, `Hugo Solo ${tag}`);
  await expect(dialog.getByText("No hay mensajes para mostrar", { exact: true })).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Mensajes (0)" })).toBeVisible();
});

test("a reply is stored, emailed to the client with the company's signature, and marks Respondido", async ({
  page,
  request,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  const email = `respuesta.${tag}@rosasdelsur.test`;
  const services = await serviceTypeIds(request);
  await createContact(request, {
    firstName: "Irene",
    lastName: `Quispe ${tag}`,
    email,
    message: `¿Tienen Chrysal VIVA en litros? ${tag}`,
    serviceTypeIds: [services.get("Chrysal VIVA") ?? 0],
  });
  const staff = await signInAsStaff(page, request, testInfo);
  await openContacts(page, `busqueda=${tag}`);
  const name = `Irene Quispe ${tag}`;
  await viewContact(page, name);
  const message = dialogMessages(page, name).first();
  await expect(message).toContainText("Pendiente");

  await message.getByRole("button", { name: "Responder" }).click();
  const answer = message.getByRole("textbox", { name: "Respuesta" });
  await expect(answer).toBeFocused();
  await message.getByRole("button", { name: "Enviar respuesta" }).click();
  await expect(message.getByText("Escribe la respuesta")).toBeVisible();
  const reply = `Sí, tenemos Chrysal VIVA en botellas de 1 L. Le llamamos mañana. ${tag}`;
  await answer.fill(reply);
  await message.getByRole("button", { name: "Enviar respuesta" }).click();

  await expect(message).toContainText("Respondido");
  await expect(message).not.toContainText("Pendiente");
  // The stored reply as the message shows it (the reply box may hold the same words a moment longer).
  await expect(message.getByRole("paragraph").filter({ hasText: reply })).toBeVisible();
  await expect(contactDialog(page, name).getByRole("status")).toHaveText(
    `Respuesta guardada. El correo a ${email} quedó en cola de envío.`,
  );

  const mails = await waitForMailTo(email);
  const mail = mails.find((received) => received.subject.startsWith("Respuesta a tu solicitud"));
  expect(mail, "the reply email").toBeDefined();
  expect(mail?.text).toContain(reply);
  expect(mail?.text).toContain("Hola Irene:");
  // The signature: who answered, and the company.
  expect(mail?.text).toContain(staff.displayName);
  expect(mail?.text).toMatch(/FloraPro Ecuador · \+593 2 236 4100/);

  // The row says it too, after the dialog closes.
  await contactDialog(page, name).getByRole("button", { name: "Cerrar", exact: true }).click();
  await expect(rowOf(page, name)).toContainText("Respondido");
});

test("Rechazado asks for a reason; a message can go back to Pendiente", async ({ page, request }, testInfo) => {
  const tag = uniqueTag(testInfo);
  await createContact(request, {
    firstName: "Jorge",
    lastName: `Rechazo ${tag}`,
    email: `rechazo.${tag}@x.test`,
    message: `Vendo seguros de auto ${tag}`,
  });
  await signInAsStaff(page, request, testInfo);
  await openContacts(page, `busqueda=${tag}`);
  const name = `Jorge Rechazo ${tag}`;
  await viewContact(page, name);
  const message = dialogMessages(page, name).first();

  await message.getByRole("button", { name: "Rechazar" }).click();
  const reason = message.getByRole("textbox", { name: "Motivo del rechazo" });
  await expect(reason).toBeFocused();
  await message.getByRole("button", { name: "Marcar como rechazado" }).click();
  await expect(message.getByText("Indica el motivo del rechazo")).toBeVisible();
  await reason.fill("Publicidad, no es un cliente");
  await message.getByRole("button", { name: "Marcar como rechazado" }).click();
  await expect(message).toContainText("Rechazado");
  await expect(message).toContainText("Motivo del rechazo: Publicidad, no es un cliente");
  await expect(message).toBeFocused();

  await message.getByRole("button", { name: "Marcar como pendiente" }).click();
  await expect(message).toContainText("Pendiente");
  await expect(message).not.toContainText("Motivo del rechazo");
});

test("Editar starts in the form; Guardar stores the contact; a taken email is refused under Correo", async ({
  page,
  request,
  pageProblems,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  const token = await adminToken(request);
  const karla = await createContact(
    request,
    { firstName: "Karla", lastName: `Edita ${tag}`, email: `edita.${tag}@x.test` },
    token,
  );
  await createContact(request, { firstName: "Luis", lastName: `Otro ${tag}`, email: `otro.${tag}@x.test` }, token);
  await signInAsStaff(page, request, testInfo);
  await openContacts(page, `busqueda=${tag}`);
  const name = `Karla Edita ${tag}`;
  await page.getByRole("button", { name: `Editar ${name}`, exact: true }).click();
  const dialog = contactDialog(page, name);
  const firstName = dialog.getByRole("textbox", { name: "Nombre", exact: true });
  await expect(firstName).toBeFocused();

  // The public form's rules: a name is required, the phone has 9 or 10 digits.
  await firstName.fill("");
  await page.keyboard.press("Tab");
  await expect(dialog.getByText("El nombre es requerido")).toBeVisible();
  await firstName.fill("Karla María");
  const phone = dialog.getByRole("textbox", { name: "Teléfono" });
  await phone.fill("123");
  await phone.blur();
  await expect(dialog.getByText("El número de teléfono debe tener 9 o 10 dígitos")).toBeVisible();
  await phone.fill("0987654321");

  // By keyboard: Enter in a field saves.
  const company = dialog.getByRole("textbox", { name: "Empresa" });
  await company.fill(`Rosas Karla ${tag}`);
  await company.press("Enter");
  const renamed = `Karla María Edita ${tag}`;
  const saved = contactDialog(page, renamed);
  await expect(saved.getByRole("status")).toHaveText("Datos del contacto guardados.");
  await expect(rowOf(page, renamed)).toContainText(`Rosas Karla ${tag}`);
  // Stored in E.164 and shown as dialled in Ecuador (issue 31, point 9: not "+593 0987654321").
  await expect(rowOf(page, renamed)).toContainText("098 765 4321");
  await expect(saved.getByRole("link", { name: `Llamar a ${renamed}` })).toHaveAttribute("href", "tel:+593987654321");

  const email = saved.getByRole("textbox", { name: "Correo electrónico" });
  await email.fill(`OTRO.${tag}@x.test`);
  await saved.getByRole("button", { name: "Guardar", exact: true }).click();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAccessibleDescription("Ya existe un contacto con ese correo electrónico");
  await expect(email).toBeFocused();
  // The browser logs the refused call (409); the dialog said it under the field.
  forgiveFailedApiCalls(pageProblems, [`clients/${karla.client.id}`]);
  await saved.getByRole("button", { name: "Cerrar", exact: true }).click();
  await expect(rowOf(page, renamed)).toContainText(`edita.${tag}@x.test`);
});

test("a message is edited, and deleted after the spec's question", async ({ page, request }, testInfo) => {
  const tag = uniqueTag(testInfo);
  const token = await adminToken(request);
  const detail = await createContact(
    request,
    { firstName: "Marta", lastName: `Borra ${tag}`, email: `borra.${tag}@x.test`, message: `Mensaje viejo ${tag}` },
    token,
  );
  await request.post(`/api/clients/${detail.client.id}/messages`, {
    headers: bearer(token),
    data: { message: `Mensaje nuevo ${tag}` },
  });
  await signInAsStaff(page, request, testInfo);
  await openContacts(page, `busqueda=${tag}`);
  const name = `Marta Borra ${tag}`;
  await viewContact(page, name);
  const messages = dialogMessages(page, name);
  await expect(messages).toHaveCount(2);

  await messages.nth(1).getByRole("button", { name: "Editar mensaje" }).click();
  const text = messages.nth(1).getByRole("textbox", { name: "Texto del mensaje" });
  await expect(text).toHaveValue(`Mensaje viejo ${tag}`);
  await text.fill(`Mensaje corregido ${tag}`);
  await messages.nth(1).getByRole("button", { name: "Guardar mensaje" }).click();
  await expect(messages.nth(1)).toContainText(`Mensaje corregido ${tag}`);

  await messages.nth(0).getByRole("button", { name: "Eliminar mensaje" }).click();
  const question = page.getByRole("alertdialog", { name: DELETE_QUESTION });
  await expect(question).toBeVisible();
  await question.getByRole("button", { name: "Cancelar" }).click();
  await expect(question).toBeHidden();
  await expect(messages).toHaveCount(2);
  // Escape closes the question only, not the contact dialog behind it.
  await messages.nth(0).getByRole("button", { name: "Eliminar mensaje" }).click();
  await expect(question).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(question).toBeHidden();
  await expect(contactDialog(page, name)).toBeVisible();

  await messages.nth(0).getByRole("button", { name: "Eliminar mensaje" }).click();
  await question.getByRole("button", { name: "Eliminar" }).click();
  await expect(question).toBeHidden();
  await expect(messages).toHaveCount(1);
  // The deleted message's button is gone: the keyboard continues from the list's title.
  await expect(contactDialog(page, name).getByRole("heading", { name: "Mensajes (1)" })).toBeFocused();
  await expect(messages.first()).toContainText(`Mensaje corregido ${tag}`);
  const stored = await request.get(`/api/clients/${detail.client.id}`, { headers: bearer(token) });
  expect(((await stored.json()) as { messages: unknown[] }).messages).toHaveLength(1);
});

test("a note from a phone call is added to the contact", async ({ page, request }, testInfo) => {
  const tag = uniqueTag(testInfo);
  await createContact(request, {
    firstName: "Nelson",
    lastName: `Llamada ${tag}`,
    email: `llamada.${tag}@x.test`,
    message: `Primer correo ${tag}`,
  });
  await signInAsStaff(page, request, testInfo);
  await openContacts(page, `busqueda=${tag}`);
  const name = `Nelson Llamada ${tag}`;
  const dialog = await viewContact(page, name);
  await dialog.getByRole("button", { name: "Añadir mensaje" }).click();
  const note = dialog.getByRole("textbox", { name: "Nuevo mensaje" });
  await expect(note).toBeFocused();
  await note.fill(`Llamó para pedir 20 cajas de Rose Dip ${tag}`);
  await dialog.getByRole("checkbox", { name: "Chrysal Rose Dip" }).check();
  await dialog.getByRole("button", { name: "Añadir", exact: true }).click();

  const messages = dialogMessages(page, name);
  await expect(messages).toHaveCount(2);
  await expect(messages.first()).toContainText(`Llamó para pedir 20 cajas de Rose Dip ${tag}`);
  await expect(messages.first()).toContainText("Nota del personal");
  await expect(messages.first()).toContainText("Chrysal Rose Dip");
  await expect(messages.first()).toContainText("Pendiente");
  await expect(dialog.getByRole("status")).toHaveText("Mensaje añadido.");
  await dialog.getByRole("button", { name: "Cerrar", exact: true }).click();
  await expect(rowOf(page, name)).toContainText(`Llamó para pedir 20 cajas de Rose Dip ${tag}`);
});

test("Eliminar removes the contact and their messages after a question naming them", async ({
  page,
  request,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  const token = await adminToken(request);
  const detail = await createContact(
    request,
    { firstName: "Olga", lastName: `Adiós ${tag}`, email: `adios.${tag}@x.test`, message: `Uno ${tag}` },
    token,
  );
  await request.post(`/api/clients/${detail.client.id}/messages`, { headers: bearer(token), data: { message: "Dos" } });
  await signInAsStaff(page, request, testInfo);
  await openContacts(page, `busqueda=${tag}`);
  const name = `Olga Adiós ${tag}`;

  await page.getByRole("button", { name: `Eliminar ${name}`, exact: true }).click();
  const question = page.getByRole("alertdialog", { name: `¿Eliminar a ${name} y sus 2 mensajes?` });
  await expect(question).toBeVisible();
  await question.getByRole("button", { name: "Cancelar" }).click();
  await expect(rowOf(page, name)).toBeVisible();

  await page.getByRole("button", { name: `Eliminar ${name}`, exact: true }).click();
  await question.getByRole("button", { name: "Eliminar" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Se eliminó a ${name} y sus mensajes.` })).toBeVisible();
  await expect(bodyRows(page)).toHaveText("No se encontraron contactos con los criterios de búsqueda");
  await expect(listRegion(page)).toBeFocused();
  const gone = await request.get(`/api/clients/${detail.client.id}`, { headers: bearer(token) });
  expect(gone.status()).toBe(404);
});

test("Nuevo Contacto: the public form's rules, an optional first message with services; 409 under Correo", async ({
  page,
  request,
  pageProblems,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  await createContact(request, { firstName: "Pablo", lastName: `Existe ${tag}`, email: `existe.${tag}@x.test` });
  await signInAsStaff(page, request, testInfo);
  await openContacts(page);

  await page.getByRole("button", { name: "Nuevo Contacto" }).click();
  const dialog = page.getByRole("dialog", { name: "Nuevo Contacto" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Crear contacto" }).click();
  for (const line of [
    "El nombre es requerido",
    "El apellido es requerido",
    "El correo electrónico es inválido",
    "El número de teléfono es requerido",
    "Compañia es requerida",
  ]) {
    await expect(dialog.getByText(line, { exact: true })).toBeVisible();
  }
  await expect(dialog.getByRole("textbox", { name: "Nombre", exact: true })).toBeFocused();

  await dialog.getByRole("textbox", { name: "Nombre", exact: true }).fill("Quimey");
  await dialog.getByRole("textbox", { name: "Apellido" }).fill(`Nueva ${tag}`);
  await dialog.getByRole("textbox", { name: "Correo electrónico" }).fill(`existe.${tag}@x.test`);
  await dialog.getByRole("textbox", { name: "Código de país" }).fill("+57");
  await dialog.getByRole("textbox", { name: "Teléfono" }).fill("3001234567");
  await dialog.getByRole("textbox", { name: "Empresa" }).fill("Flores de Colombia");
  await dialog.getByRole("textbox", { name: "Mensaje" }).fill(`Pidió muestras en la feria ${tag}`);
  await dialog.getByRole("checkbox", { name: "Chrysal RVB y RVB Clear" }).check();
  await dialog.getByRole("button", { name: "Crear contacto" }).click();
  const email = dialog.getByRole("textbox", { name: "Correo electrónico" });
  await expect(email).toHaveAccessibleDescription("Ya existe un contacto con ese correo electrónico");
  forgiveFailedApiCalls(pageProblems, ["clients"]);

  await email.fill(`nueva.${tag}@x.test`);
  await dialog.getByRole("button", { name: "Crear contacto" }).click();
  await expect(dialog).toBeHidden();
  const name = `Quimey Nueva ${tag}`;
  await expect(page.getByRole("status").filter({ hasText: `Se creó el contacto ${name}.` })).toBeVisible();
  await openContacts(page, `busqueda=${tag}&campo=nombre`);
  const row = rowOf(page, name);
  await expect(row).toContainText("+57 300 1234567");
  await expect(row).toContainText(`Pidió muestras en la feria ${tag}`);
  await expect(row).toContainText("Chrysal RVB y RVB Clear");
});

// Issue 31, item 7: at a farm, the contact opens with who they are, where the sale stands, what
// is next, and the three ways to reach them: a call, a WhatsApp chat and an email, one tap each.
test("the contact opens with stage, owner, next task and links to call, WhatsApp and email them", async ({
  page,
  request,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  const token = await adminToken(request);
  const email = `campo.${tag}@fincaelrosal.test`;
  const detail = await createContact(
    request,
    {
      firstName: "Germania",
      lastName: `Campo ${tag}`,
      email,
      countryCode: "+593",
      phone: "0987654321",
      company: "Finca El Rosal",
      message: `Visita a la finca ${tag}`,
    },
    token,
  );
  const id = detail.client.id;
  // Ecuador's wall-clock time, as the task form sends it.
  const due = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 16);
  let soonestDueAt = "";
  for (const [title, days] of [
    [`Llevar muestras ${tag}`, 5],
    [`Llamar para confirmar la visita ${tag}`, 2],
  ] as const) {
    const task = await request.post(`/api/clients/${id}/tasks`, {
      headers: bearer(token),
      data: { title, dueAt: due(days) },
    });
    expect(task.status()).toBe(201);
    soonestDueAt = ((await task.json()) as { dueAt: string }).dueAt;
  }

  await signInAsStaff(page, request, testInfo);
  await openContacts(page, `busqueda=${tag}`);
  const name = `Germania Campo ${tag}`;
  const dialog = await viewContact(page, name);
  const summary = dialog.getByRole("region", { name: "Resumen del contacto" });
  await expect(summary).toContainText("Etapa: Nuevo");
  await expect(summary).toContainText("Responsable: Sin responsable");
  // The soonest open task, not the first one made.
  await expect(summary).toContainText(`Próxima tarea: Llamar para confirmar la visita ${tag}`);
  // In Ecuador's time and words, as the task list says it, whatever the phone's own time zone.
  const ecuador = new Intl.DateTimeFormat("es-EC", {
    timeZone: "America/Guayaquil",
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
  });
  await expect(summary.locator("time")).toHaveText(ecuador.format(new Date(soonestDueAt)));
  await expect(dialog.getByRole("link", { name: `Llamar a ${name}` })).toHaveAttribute("href", "tel:+593987654321");
  const chat = dialog.getByRole("link", { name: `WhatsApp con ${name}` });
  await expect(chat).toHaveAttribute("href", "https://wa.me/593987654321");
  await expect(chat).toHaveAttribute("rel", /noopener/);
  await expect(dialog.getByRole("link", { name: `Escribir un correo a ${name}` })).toHaveAttribute(
    "href",
    `mailto:${email}`,
  );
  // Within thumb's reach at the top of the dialog, 44 px tall, all on one line at 375 px.
  const boxes = await Promise.all(
    [`Llamar a ${name}`, `WhatsApp con ${name}`, `Escribir un correo a ${name}`].map((link) =>
      dialog.getByRole("link", { name: link }).boundingBox(),
    ),
  );
  for (const box of boxes) expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  expect(new Set(boxes.map((box) => Math.round(box?.y ?? 0))).size).toBe(1);
  const dialogBox = await dialog.boundingBox();
  for (const box of boxes) {
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual((dialogBox?.x ?? 0) + (dialogBox?.width ?? 0));
  }
  await expectNoAxeViolations(page);
});

// Issue 33: a client buys again. `Nueva oportunidad` in the contact's dialog opens the next sale,
// with its `Valor estimado`; it becomes the one `Etapa` and `Responsable` act on.
test("Nueva oportunidad opens the contact's next sale, with its Valor estimado, as the current one", async ({
  page,
  request,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  await createContact(request, {
    firstName: "Olga",
    lastName: `Temporada ${tag}`,
    email: `olga.${tag}@fincaelrosal.test`,
    company: `El Rosal ${tag}`,
  });
  await signInAsStaff(page, request, testInfo);
  await openContacts(page);
  await search(page, tag);
  const name = `Olga Temporada ${tag}`;
  const dialog = await viewContact(page, name);
  const sales = dialog.getByRole("region", { name: "Oportunidades" });
  await expect(sales.getByRole("listitem")).toHaveCount(1);
  await expect(sales.getByRole("listitem")).toContainText(`El Rosal ${tag} (actual)`);

  await sales.getByRole("button", { name: "Nueva oportunidad" }).click();
  const form = sales.getByRole("form", { name: "Nueva oportunidad" });
  await form.getByLabel("Título").fill("Día de la Madre");
  await form.getByLabel("Valor estimado").fill("12.500,00");
  await form.getByRole("button", { name: "Abrir oportunidad" }).click();
  await expect(form.getByLabel("Valor estimado")).toHaveAccessibleDescription(/^Valor estimado: /);
  await form.getByLabel("Valor estimado").fill("12500");
  await form.getByRole("button", { name: "Abrir oportunidad" }).click();

  await expect(dialog.getByRole("status")).toHaveText(
    "Se abrió la oportunidad «Día de la Madre»: ahora es la actual del contacto.",
  );
  await expect(sales.getByRole("listitem")).toHaveCount(2);
  await expect(sales.getByRole("listitem").first()).toContainText("Día de la Madre (actual)");
  await expect(sales.getByRole("listitem").first()).toContainText("Nuevo · $12.500,00");
  await expect(dialog.getByRole("region", { name: "Resumen del contacto" })).toContainText("Etapa: Nuevo");
  await expectNoAxeViolations(page);
});
