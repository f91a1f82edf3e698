import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/axe";
import {
  contactDialog,
  createContact,
  dialogMessages,
  openContacts,
  sendContactRequest,
  signInAsStaff,
  uniqueTag,
  viewContact,
} from "./helpers/crm";
import { visit } from "./helpers/site";
import { adminToken, bearer } from "./helpers/staff";

// axe-core finds no violation on the dashboard, the contacts screen and its open dialogs
// (0 axe violations on every page and dialog, issue 5), on both widths.

test("the dashboard with its tables open has no axe violations", async ({ page, request }, testInfo) => {
  const tag = uniqueTag(testInfo);
  await sendContactRequest(request, { firstName: "Axe", lastName: `Tablero ${tag}`, email: `axe.${tag}@x.test` });
  await signInAsStaff(page, request, testInfo);
  await visit(page, "/crm");
  await expect(page.getByRole("region", { name: "Pendientes", exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  for (const summary of await page.getByText("Ver como tabla").all()) await summary.click();
  await expectNoAxeViolations(page);
});

test("the contacts screen, its review view and every dialog have no axe violations", async ({
  page,
  request,
}, testInfo) => {
  // Eight axe runs over a busy page.
  test.slow();
  const tag = uniqueTag(testInfo);
  const token = await adminToken(request);
  const detail = await createContact(
    request,
    { firstName: "Axel", lastName: `Diálogo ${tag}`, email: `dialogo.${tag}@x.test`, message: `Consulta ${tag}` },
    token,
  );
  const [first] = detail.messages;
  await request.post(`/api/client-message/${first?.id}/reply`, { headers: bearer(token), data: { reply: "Hola" } });
  await request.post(`/api/clients/${detail.client.id}/messages`, {
    headers: bearer(token),
    data: { message: "Nota" },
  });
  const noted = (await (await request.get(`/api/clients/${detail.client.id}`, { headers: bearer(token) })).json()) as {
    messages: { id: number }[];
  };
  await request.post(`/api/client-message/${noted.messages[0]?.id}/status`, {
    headers: bearer(token),
    data: { status: "rechazado", reason: "Duplicado" },
  });
  await sendContactRequest(request, {
    firstName: "Axel",
    lastName: `Revisión ${tag}`,
    email: `revision.${tag}@x.test`,
    website: "spam",
  });

  await signInAsStaff(page, request, testInfo);
  await openContacts(page, `busqueda=${tag}`);
  await expectNoAxeViolations(page);
  await openContacts(page, `busqueda=nadie-${tag}`);
  await expect(page.getByText("No se encontraron contactos con los criterios de búsqueda")).toBeVisible();
  await expectNoAxeViolations(page);

  await openContacts(page, `busqueda=${tag}`);
  const name = `Axel Diálogo ${tag}`;
  const dialog = await viewContact(page, name);
  await expectNoAxeViolations(page);
  // Editors open, an invalid field, and the question over the dialog.
  const messages = dialogMessages(page, name);
  await messages.nth(0).getByRole("button", { name: "Responder" }).click();
  await messages.nth(1).getByRole("button", { name: "Editar mensaje" }).click();
  await dialog.getByRole("button", { name: "Añadir mensaje" }).click();
  await dialog.getByRole("textbox", { name: "Correo electrónico" }).fill("no es un correo");
  await dialog.getByRole("button", { name: "Guardar", exact: true }).click();
  await expect(dialog.getByRole("textbox", { name: "Correo electrónico" })).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByRole("checkbox").first()).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Anonimizar" }).click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("alertdialog").getByRole("button", { name: "Cancelar" }).click();
  // The email typed above is not stored: closing asks first.
  await contactDialog(page, name).getByRole("button", { name: "Cerrar", exact: true }).click();
  const discard = page.getByRole("alertdialog", { name: "¿Descartar los cambios sin guardar?" });
  await expect(discard).toBeVisible();
  await expectNoAxeViolations(page);
  await discard.getByRole("button", { name: "Descartar cambios" }).click();
  await expect(contactDialog(page, name)).toBeHidden();

  await page.getByRole("button", { name: `Eliminar ${name}`, exact: true }).click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("alertdialog").getByRole("button", { name: "Cancelar" }).click();

  await page.getByRole("button", { name: "Nuevo Contacto" }).click();
  const creating = page.getByRole("dialog", { name: "Nuevo Contacto" });
  await creating.getByRole("button", { name: "Crear contacto" }).click();
  await expect(creating.getByRole("textbox", { name: "Nombre", exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(creating.getByRole("checkbox").first()).toBeVisible();
  await expectNoAxeViolations(page);
  await creating.getByRole("button", { name: "Cancelar" }).click();

  await page.getByRole("link", { name: "Por revisar" }).click();
  await expect(page.getByRole("button", { name: `Aceptar mensaje de Axel Revisión ${tag}` })).toBeVisible();
  await expectNoAxeViolations(page);
});
