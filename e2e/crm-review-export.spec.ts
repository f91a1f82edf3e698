import { readFileSync } from "node:fs";
import { expect, test } from "./fixtures";
import {
  bodyRows,
  contactDialog,
  createContact,
  dialogMessages,
  listRegion,
  openContacts,
  rowOf,
  sendContactRequest,
  signInAsStaff,
  uniqueTag,
  viewContact,
} from "./helpers/crm";
import { adminToken, bearer } from "./helpers/staff";

// Issue 5: the submissions kept for review ("Por revisar"), the CSV export of a search, and the
// data subject's rights (LOPDP): a copy of their data, and anonymisation.

const EMPTY_TEXT = "No se encontraron contactos con los criterios de búsqueda";

test("a submission with the honeypot filled waits in Por revisar; accepting moves it to the list", async ({
  page,
  request,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  const name = `Robot Aceptado ${tag}`;
  await sendContactRequest(request, {
    firstName: "Robot",
    lastName: `Aceptado ${tag}`,
    email: `acepta.${tag}@x.test`,
    message: `Compre ahora ${tag}`,
    website: "http://spam.example",
  });
  await signInAsStaff(page, request, testInfo);
  await openContacts(page, `busqueda=${tag}`);
  await expect(bodyRows(page)).toHaveText(EMPTY_TEXT);

  await page.getByRole("link", { name: "Por revisar" }).click();
  await expect(page).toHaveURL(new RegExp(`busqueda=${tag}&vista=revisar$`));
  const row = rowOf(page, name);
  await expect(row).toContainText(`Compre ahora ${tag}`);
  await expect(row).toContainText("Por revisar");

  // The dialog says why it was kept apart.
  const dialog = await viewContact(page, name);
  const message = dialogMessages(page, name).first();
  await expect(message).toContainText("Guardado para revisión porque rellenó el campo oculto para robots.");
  await expect(message.getByRole("button", { name: "Aceptar" })).toBeVisible();
  await dialog.getByRole("button", { name: "Cerrar", exact: true }).click();

  await row.getByRole("button", { name: `Aceptar mensaje de ${name}` }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `Se aceptó el mensaje de ${name}: ya está en la lista principal.` }),
  ).toBeVisible();
  await expect(bodyRows(page)).toHaveText(EMPTY_TEXT);

  await page.getByRole("link", { name: "Lista principal" }).click();
  await expect(rowOf(page, name)).toContainText("Pendiente");
  await expect(rowOf(page, name)).not.toContainText("Por revisar");
});

test("discarding a submission under review deletes it after a question", async ({ page, request }, testInfo) => {
  const tag = uniqueTag(testInfo);
  const name = `Robot Descartado ${tag}`;
  await sendContactRequest(request, {
    firstName: "Robot",
    lastName: `Descartado ${tag}`,
    email: `descarta.${tag}@x.test`,
    message: `Oferta de criptomonedas ${tag}`,
    website: "x",
  });
  await signInAsStaff(page, request, testInfo);
  await openContacts(page, `busqueda=${tag}&vista=revisar`);
  await rowOf(page, name)
    .getByRole("button", { name: `Descartar mensaje de ${name}` })
    .click();
  const question = page.getByRole("alertdialog", { name: `¿Descartar el mensaje de ${name}?` });
  await question.getByRole("button", { name: "Descartar" }).click();
  await expect(question).toBeHidden();
  await expect(bodyRows(page)).toHaveText(EMPTY_TEXT);
  await expect(page.getByRole("status").filter({ hasText: `Se descartó el mensaje de ${name}.` })).toBeVisible();
  // The message is gone for good: it never reaches the main list.
  await page.getByRole("link", { name: "Lista principal" }).click();
  await expect(page.getByRole("link", { name: "Lista principal" })).toHaveAttribute("aria-current", "page");
  await expect(listRegion(page)).toHaveAttribute("aria-busy", "false");
  await expect(page.getByText(`Oferta de criptomonedas ${tag}`)).toHaveCount(0);
});

test("Exportar CSV downloads the current search: UTF-8 with BOM, formulas neutralised", async ({
  page,
  request,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  await sendContactRequest(request, {
    firstName: "Sofía",
    lastName: `Exportada ${tag}`,
    email: `exporta.${tag}@x.test`,
    company: '=HYPERLINK("http://malo.example")',
    message: `Año de siembra: ñandú ${tag}`,
  });
  await sendContactRequest(request, {
    firstName: "Tomás",
    lastName: `Exportado ${tag}`,
    email: `exporta2.${tag}@x.test`,
  });
  await signInAsStaff(page, request, testInfo);
  await openContacts(page, `busqueda=sofia exportada ${tag}&campo=nombre`);
  await expect(bodyRows(page)).toHaveCount(1);

  // A line per message, as the export always was.
  await page.getByRole("button", { name: "Exportar CSV" }).click();
  const choice = page.getByRole("dialog", { name: "Exportar CSV" });
  await expect(choice.getByRole("radio", { name: "Un contacto por fila" })).toBeChecked();
  await choice.getByRole("radio", { name: "Un mensaje por fila" }).check();
  const downloading = page.waitForEvent("download");
  await choice.getByRole("button", { name: "Descargar" }).click();
  const download = await downloading;
  await expect(choice).toBeHidden();
  expect(download.suggestedFilename()).toMatch(/^contactos-\d{4}-\d{2}-\d{2}\.csv$/);
  const path = await download.path();
  const bytes = readFileSync(path);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString("utf8").slice(1);
  const lines = text.trim().split("\r\n");
  expect(lines[0]).toContain('"Nombre";"Apellido";"Correo"');
  // Only the search: Sofía, not Tomás.
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`"Sofía";"Exportada ${tag}";"exporta.${tag}@x.test"`);
  expect(lines[1]).toContain(`Año de siembra: ñandú ${tag}`);
  expect(lines[1]).toContain(`"'=HYPERLINK(""http://malo.example"")"`);
  // The message's date in Ecuador's time, as people there read it.
  expect(lines[1]).toMatch(/;"\d{4}-\d{2}-\d{2} \d{2}:\d{2}";/);

  // A line per contact: the sales report, with the stage the contact is in. (The dialog keeps the
  // last choice.)
  await page.getByRole("button", { name: "Exportar CSV" }).click();
  await expect(choice.getByRole("radio", { name: "Un mensaje por fila" })).toBeChecked();
  await choice.getByRole("radio", { name: "Un contacto por fila" }).check();
  const report = page.waitForEvent("download");
  await choice.getByRole("button", { name: "Descargar" }).click();
  const reported = await report;
  expect(reported.suggestedFilename()).toMatch(/^contactos-resumen-\d{4}-\d{2}-\d{2}\.csv$/);
  const reportLines = readFileSync(await reported.path(), "utf8")
    .slice(1)
    .trim()
    .split("\r\n");
  expect(reportLines[0]).toContain('"Etapa";"Responsable";"Valor ganado (USD)";"Motivo de pérdida";"Mensajes"');
  expect(reportLines).toHaveLength(2);
  expect(reportLines[1]).toContain(`"Sofía";"Exportada ${tag}";"exporta.${tag}@x.test"`);
  expect(reportLines[1]).toContain('"Nuevo"');
});

test("LOPDP: Exportar datos downloads everything about the person; Anonimizar replaces it", async ({
  page,
  request,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  const token = await adminToken(request);
  const email = `lopdp.${tag}@x.test`;
  const detail = await createContact(
    request,
    { firstName: "Úrsula", lastName: `Derechos ${tag}`, email, message: `Datos personales ${tag}` },
    token,
  );
  await signInAsStaff(page, request, testInfo);
  await openContacts(page, `busqueda=${tag}`);
  const name = `Úrsula Derechos ${tag}`;
  const dialog = await viewContact(page, name);

  const downloading = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Exportar datos" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`datos-contacto-${detail.client.id}.json`);
  const exported = readFileSync(await download.path(), "utf8");
  expect(exported).toContain(email);
  expect(exported).toContain(`Datos personales ${tag}`);
  expect(() => JSON.parse(exported)).not.toThrow();

  await dialog.getByRole("button", { name: "Anonimizar" }).click();
  const question = page.getByRole("alertdialog", { name: `¿Anonimizar a ${name}?` });
  await expect(question).toContainText("No se puede deshacer.");
  await question.getByRole("button", { name: "Anonimizar" }).click();
  await expect(question).toBeHidden();

  const anonymous = `Contacto anonimizado ${detail.client.id}`;
  const anonymised = contactDialog(page, anonymous);
  await expect(anonymised.getByRole("status")).toHaveText("Los datos personales del contacto se anonimizaron.");
  await expect(anonymised.getByRole("textbox", { name: "Correo electrónico" })).not.toHaveValue(email);
  await expect(dialogMessages(page, anonymous).first()).not.toContainText(tag);
  await anonymised.getByRole("button", { name: "Cerrar", exact: true }).click();
  await expect(bodyRows(page)).toHaveText(EMPTY_TEXT);

  const stored = await request.get(`/api/clients/${detail.client.id}`, { headers: bearer(token) });
  expect(JSON.stringify(await stored.json())).not.toContain(email);
});
