import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/axe";
import { dialogMessages, openContacts, sendContactRequest, signInAsStaff, uniqueTag, viewContact } from "./helpers/crm";

// Issue 30, item 7 (decision 040): the public form never changes a known contact. A returning
// sender's other details stay with their message, where staff see "Datos distintos a los guardados"
// and take them with one action.

test("a returning sender's other details wait on their message until staff use them", async ({
  page,
  request,
}, testInfo) => {
  // Three requests, a sign-in, an axe run and two dialogs: over 30 s on a busy machine.
  test.slow();
  const tag = uniqueTag(testInfo);
  const email = `vuelve.${tag}@rosasdelvalle.test`;
  const name = `Rosa Vuelve ${tag}`;
  await sendContactRequest(request, {
    firstName: "Rosa",
    lastName: `Vuelve ${tag}`,
    email,
    company: `Rosas ${tag}`,
    message: `Primera consulta ${tag}`,
  });
  // The same address in another case, other details.
  await sendContactRequest(request, {
    firstName: "Rosita",
    lastName: `Vuelve ${tag}`,
    email: email.toUpperCase(),
    company: `Rosas Nuevas ${tag}`,
    message: `Segunda consulta ${tag}`,
  });
  // And a bot's try with the same address: kept for review, it changes nothing either.
  await sendContactRequest(request, {
    firstName: "Mallory",
    lastName: "Atacante",
    email,
    company: "Spam S.A.",
    message: `Compre ahora ${tag}`,
    website: "http://spam.example",
  });

  await signInAsStaff(page, request, testInfo);
  await openContacts(page, `busqueda=${tag}`);
  // The contact is still the one first stored.
  const dialog = await viewContact(page, name);
  await expect(dialog.getByRole("textbox", { name: "Empresa" })).toHaveValue(`Rosas ${tag}`);
  await expect(dialog.getByRole("textbox", { name: "Correo electrónico" })).toHaveValue(email);

  const second = dialogMessages(page, name).filter({ hasText: `Segunda consulta ${tag}` });
  const notice = second.getByRole("group", { name: "Datos distintos a los guardados" });
  await expect(notice).toContainText("Nombre: Rosita (guardado: Rosa)");
  await expect(notice).toContainText(`Correo electrónico: ${email.toUpperCase()} (guardado: ${email})`);
  await expect(notice).toContainText(`Empresa: Rosas Nuevas ${tag} (guardado: Rosas ${tag})`);
  await expectNoAxeViolations(page);

  await notice.getByRole("button", { name: "Usar estos datos" }).click();
  // The dialog is named after the contact, who is now called as the message said.
  const renamed = `Rosita Vuelve ${tag}`;
  const updated = page.getByRole("dialog", { name: renamed, exact: true });
  await expect(updated.getByRole("status")).toHaveText("Datos del contacto actualizados con los de este mensaje.");
  const used = updated.getByRole("article").filter({ hasText: `Segunda consulta ${tag}` });
  await expect(used.getByRole("group", { name: "Datos distintos a los guardados" })).toHaveCount(0);
  await expect(updated.getByRole("textbox", { name: "Nombre" })).toHaveValue("Rosita");
  await expect(updated.getByRole("textbox", { name: "Empresa" })).toHaveValue(`Rosas Nuevas ${tag}`);
  await expect(updated.getByRole("textbox", { name: "Correo electrónico" })).toHaveValue(email.toUpperCase());

  // The bot's message waits for review: it shows what it typed, and cannot be used before acceptance.
  await updated.getByRole("button", { name: "Cerrar", exact: true }).click();
  const reviewView = page.getByRole("link", { name: "Por revisar" });
  await reviewView.click();
  // The contact is in both lists: its `Ver` is pressed on the list asked for, as a person looks at it
  // first, not on the main list while it gives way (the filters go, every card moves up).
  await expect(reviewView).toHaveAttribute("aria-current", "page");
  await viewContact(page, renamed);
  const review = dialogMessages(page, renamed).filter({ hasText: `Compre ahora ${tag}` });
  const reviewNotice = review.getByRole("group", { name: "Datos distintos a los guardados" });
  await expect(reviewNotice).toContainText("Nombre: Mallory (guardado: Rosita)");
  await expect(reviewNotice).toContainText("Acepta el mensaje para poder usar estos datos.");
  await expect(reviewNotice.getByRole("button", { name: "Usar estos datos" })).toHaveCount(0);
});
