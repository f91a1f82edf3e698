import { expect, type Page, test } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/axe";
import { dialogMessages, openContacts, sendContactRequest, uniqueTag, viewContact } from "./helpers/crm";
import { waitForMailTo } from "./helpers/mail";
import {
  accountRow,
  adminToken,
  apiLogin,
  bearer,
  createStaff,
  forgiveFailedApiCalls,
  openCrmMenu,
  signInThroughPage,
} from "./helpers/staff";

// Reply templates and signatures ("Conversations both ways"): administrators keep Spanish templates
// with variables, staff pick one in the reply editor, and the email ends with their own signature.

async function openTemplates(page: Page) {
  await (await openCrmMenu(page)).getByRole("link", { name: "Plantillas" }).click();
  await expect(page).toHaveURL("/crm/plantillas");
  await expect(page.getByRole("heading", { level: 1, name: "Plantillas" })).toBeVisible();
}

/** "Cerrar sesión", so the next person signs in on the same page. */
async function signOut(page: Page) {
  await (await openCrmMenu(page)).getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL("/login");
}

const templateCard = (page: Page, name: string) => page.getByRole("article", { name, exact: true });

test("an administrator writes a template; staff pick it in a reply and the client's email has it, signed", async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const tag = uniqueTag(testInfo);
  const templateName = `Cotización ${tag}`;
  const admin = await createStaff(request, testInfo, { role: "administrador" });
  await signInThroughPage(page, admin);
  await openTemplates(page);
  // The variables and what they mean are on the screen itself.
  await expect(page.getByText("Empresa del contacto")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Nueva plantilla" }).click();
  const editor = page.getByRole("dialog", { name: "Nueva plantilla" });
  await expect(editor).toBeVisible();
  // The shared schema judges the form before anything is sent.
  await editor.getByRole("button", { name: "Guardar plantilla" }).click();
  await expect(editor.getByRole("textbox", { name: "Nombre" })).toHaveAccessibleDescription(
    /Escribe el nombre de la plantilla/,
  );
  await expect(editor.getByRole("textbox", { name: "Texto" })).toHaveAttribute("aria-invalid", "true");
  await editor.getByRole("textbox", { name: "Nombre" }).fill(templateName);
  const body = editor.getByRole("textbox", { name: "Texto" });
  await body.fill("Gracias, {nombre} {apellido}, por su interés en {productos} para {empresa}. Le escribe ");
  // A variable button writes it where the cursor is.
  await body.press("End");
  await editor.getByRole("button", { name: "Insertar {responsable}" }).click();
  await expect(body).toHaveValue(
    "Gracias, {nombre} {apellido}, por su interés en {productos} para {empresa}. Le escribe {responsable}",
  );
  await body.press("End");
  await body.pressSequentially(". {ciudad}");
  const preview = editor.getByRole("region", { name: "Vista previa con datos de ejemplo" });
  await expect(preview).toContainText(
    "Gracias, Ana Quishpe, por su interés en Chrysal RVB y RVB Clear, Sea Freight Service para Rosas del Valle. Le escribe María Pérez. {ciudad}",
  );
  await expect(editor.getByText("No es una variable y se enviará tal cual: {ciudad}")).toBeVisible();
  await expectNoAxeViolations(page);
  await body.fill(
    "Gracias, {nombre} {apellido}, por su interés en {productos} para {empresa}. Le escribe {responsable}.",
  );
  await editor.getByRole("button", { name: "Guardar plantilla" }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByRole("status")).toHaveText(`Se creó la plantilla «${templateName}».`);
  await expect(templateCard(page, templateName)).toContainText("Le escribe {responsable}.");

  // A staff member (role Personal) sets their signature on "Mi firma".
  await signOut(page);
  const staff = await createStaff(request, testInfo);
  await signInThroughPage(page, staff);
  const menu = await openCrmMenu(page);
  await expect(menu.getByRole("link", { name: "Plantillas" })).toHaveCount(0);
  await menu.getByRole("link", { name: "Mi firma" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Mi firma" })).toBeVisible();
  const signature = page.getByRole("form", { name: "Mi firma" });
  await signature.getByRole("textbox", { name: "Cargo" }).fill("Asesor técnico comercial");
  await signature.getByRole("textbox", { name: "Teléfono" }).fill("+593 2 236 4100");
  const whatsapp = signature.getByRole("textbox", { name: "WhatsApp" });
  await whatsapp.fill("0991234567");
  await signature.getByRole("button", { name: "Guardar firma" }).click();
  await expect(whatsapp).toHaveAccessibleDescription(/Escribe el número en formato internacional/);
  await whatsapp.fill("+593 99 123 4567");
  await expect(signature.getByRole("region", { name: "Así terminan tus respuestas" })).toContainText(
    "WhatsApp: +593 99 123 4567",
  );
  await expectNoAxeViolations(page);
  await signature.getByRole("button", { name: "Guardar firma" }).click();
  await expect(page.getByRole("status")).toContainText("Tu firma se guardó.");

  // The staff member answers a contact with the template.
  const email = `plantilla.${tag}@x.test`;
  const name = `Lucía Andrade ${tag}`;
  await sendContactRequest(request, {
    firstName: "Lucía",
    lastName: `Andrade ${tag}`,
    email,
    company: `Flores ${tag}`,
    services: ["Danisaraba", "Chrysal VIVA"],
  });
  await openContacts(page, `busqueda=${tag}`);
  const dialog = await viewContact(page, name);
  const message = dialogMessages(page, name).first();
  await message.getByRole("button", { name: "Responder" }).click();
  const picker = message.getByRole("combobox", { name: "Plantilla" });
  await expect(picker).toHaveValue("");
  await expect(picker.getByRole("option").first()).toHaveText("Sin plantilla");
  await picker.selectOption({ label: templateName });
  const filled = `Gracias, Lucía Andrade ${tag}, por su interés en Danisaraba, Chrysal VIVA para Flores ${tag}. Le escribe ${staff.displayName}.`;
  const answer = message.getByRole("textbox", { name: "Respuesta" });
  await expect(answer).toHaveValue(filled);
  await expect(message.getByRole("region", { name: `Vista previa de «${templateName}»` })).toContainText(filled);
  await expectNoAxeViolations(page);
  // The text stays the person's to change.
  await answer.press("End");
  await answer.pressSequentially(" Saludos.");
  await message.getByRole("button", { name: "Enviar respuesta" }).click();
  await expect(dialog.getByRole("status")).toHaveText(
    `Respuesta guardada. El correo a ${email} quedó en cola de envío.`,
  );

  await expect
    .poll(
      async () => (await waitForMailTo(email)).some((mail) => mail.subject.startsWith("Respuesta a tu solicitud")),
      {
        timeout: 15_000,
      },
    )
    .toBe(true);
  const reply = (await waitForMailTo(email)).find((mail) => mail.subject.startsWith("Respuesta a tu solicitud"));
  expect(reply?.text).toContain(`${filled} Saludos.`);
  expect(reply?.text).toContain(
    [staff.displayName, "Asesor técnico comercial", "Teléfono: +593 2 236 4100", "WhatsApp: +593 99 123 4567"].join(
      "\n",
    ),
  );
  expect(reply?.html).toContain("https://wa.me/593991234567");
});

test("an administrator edits and deletes a template after confirming; staff cannot reach the screen", async ({
  page,
  request,
  pageProblems,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  const token = await adminToken(request);
  const original = `Visita ${tag}`;
  const created = await request.post("/api/reply-templates", {
    headers: bearer(token),
    data: { name: original, body: "Coordinemos una visita a {empresa}." },
  });
  expect(created.status()).toBe(201);

  const admin = await createStaff(request, testInfo, { role: "administrador" });
  await signInThroughPage(page, admin, { path: "/login?redirectTo=%2Fcrm%2Fplantillas" });
  await expect(page.getByRole("heading", { level: 1, name: "Plantillas" })).toBeVisible();
  await templateCard(page, original)
    .getByRole("button", { name: `Editar ${original}` })
    .click();
  const editor = page.getByRole("dialog", { name: "Editar plantilla" });
  await expect(editor.getByRole("textbox", { name: "Texto" })).toHaveValue("Coordinemos una visita a {empresa}.");
  const renamed = `Visita técnica ${tag}`;
  await editor.getByRole("textbox", { name: "Nombre" }).fill(renamed);
  await editor.getByRole("button", { name: "Guardar plantilla" }).click();
  await expect(page.getByRole("status")).toHaveText(`Se guardó la plantilla «${renamed}».`);
  await expect(templateCard(page, renamed)).toBeVisible();

  // Another one with the same name, whatever its case, is refused under the name.
  await page.getByRole("button", { name: "Nueva plantilla" }).click();
  const second = page.getByRole("dialog", { name: "Nueva plantilla" });
  await second.getByRole("textbox", { name: "Nombre" }).fill(renamed.toUpperCase());
  await second.getByRole("textbox", { name: "Texto" }).fill("Otro texto");
  await second.getByRole("button", { name: "Guardar plantilla" }).click();
  await expect(second.getByRole("textbox", { name: "Nombre" })).toHaveAccessibleDescription(
    /Ya existe una plantilla con ese nombre/,
  );
  forgiveFailedApiCalls(pageProblems, ["reply-templates"]);
  // What was typed is not stored: Cancelar asks before throwing it away.
  await second.getByRole("button", { name: "Cancelar" }).click();
  await page
    .getByRole("alertdialog", { name: "¿Descartar los cambios sin guardar?" })
    .getByRole("button", { name: "Descartar cambios" })
    .click();
  await expect(second).toBeHidden();

  await templateCard(page, renamed)
    .getByRole("button", { name: `Eliminar ${renamed}` })
    .click();
  const question = page.getByRole("alertdialog", { name: `¿Eliminar la plantilla «${renamed}»?` });
  await question.getByRole("button", { name: "Cancelar" }).click();
  await expect(templateCard(page, renamed)).toBeVisible();
  await templateCard(page, renamed)
    .getByRole("button", { name: `Eliminar ${renamed}` })
    .click();
  await question.getByRole("button", { name: "Eliminar plantilla" }).click();
  await expect(page.getByRole("status")).toHaveText(`Se eliminó la plantilla «${renamed}».`);
  await expect(templateCard(page, renamed)).toHaveCount(0);

  // On Usuarios an administrator sets a colleague's signature; the new-account form has it too.
  const staff = await createStaff(request, testInfo);
  await (await openCrmMenu(page)).getByRole("link", { name: "Usuarios" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Usuarios" })).toBeVisible();
  await (await accountRow(page, staff.username)).getByRole("button", { name: `Firma de ${staff.username}` }).click();
  const signature = page.getByRole("dialog", { name: `Firma de ${staff.username}` });
  await signature.getByRole("textbox", { name: "Cargo" }).fill("Técnico de campo");
  await signature.getByRole("textbox", { name: "Teléfono" }).fill("+593 2 236");
  await signature.getByRole("button", { name: "Guardar firma" }).click();
  await expect(signature.getByRole("textbox", { name: "Teléfono" })).toHaveAttribute("aria-invalid", "true");
  await signature.getByRole("textbox", { name: "Teléfono" }).fill("+593 2 236 4100");
  await expect(signature.getByRole("region", { name: "Así terminan tus respuestas" })).toContainText(
    "Técnico de campo",
  );
  await expectNoAxeViolations(page);
  await signature.getByRole("button", { name: "Guardar firma" }).click();
  await expect(page.getByRole("status")).toHaveText(`Se guardó la firma de ${staff.username}.`);
  await page.getByRole("button", { name: "Nuevo usuario" }).click();
  const newUser = page.getByRole("dialog", { name: "Nuevo usuario" });
  await expect(newUser.getByRole("group", { name: "Firma de sus respuestas" })).toBeVisible();
  await expect(newUser.getByRole("textbox", { name: "WhatsApp" })).toBeVisible();
  await expectNoAxeViolations(page);
  await newUser.getByRole("button", { name: "Cancelar" }).click();

  // Personal staff: no link, a clear refusal, and the API answers 403 to their writes.
  await signOut(page);
  const { accessToken: staffToken } = await apiLogin(request, staff.username, staff.password);
  const own = await request.get("/api/users/me/signature", { headers: bearer(staffToken) });
  expect(await own.json()).toMatchObject({ jobTitle: "Técnico de campo", phone: "+593 2 236 4100", whatsapp: null });
  await signInThroughPage(page, staff, { path: "/login?redirectTo=%2Fcrm%2Fplantillas" });
  await expect(page.getByRole("heading", { level: 1, name: "Plantillas" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("No tienes permiso para ver esta página.");
  const refused = await request.post("/api/reply-templates", {
    headers: bearer(staffToken),
    data: { name: `Mía ${tag}`, body: "x" },
  });
  expect(refused.status()).toBe(403);
});
