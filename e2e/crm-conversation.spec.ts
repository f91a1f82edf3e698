import { rawEmail } from "../apps/api/test/mail";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/axe";
import { fillContactForm, openContactForm, successDialog, takeAPersonsTime } from "./helpers/contact-form";
import { dialogMessages, openContacts, sendContactRequest, signInAsStaff, uniqueTag, viewContact } from "./helpers/crm";
import { appendToMailbox, MAILBOX, waitForMailTo } from "./helpers/mail";
import { adminToken, bearer, createStaff, signInThroughPage } from "./helpers/staff";

// The whole conversation by email ("Conversations both ways"): the form, its confirmation, a staff
// reply from a template, the client's answer arriving in the open CRM by itself through the shared
// mailbox (Dovecot), and a second reply in the same thread. Headers are checked at the SMTP peer.

const CONVERSATION_ADDRESS = /^ventas\+[0-9a-f]{16}@floraprotect\.test$/;

test("a client's answer by email comes back into the CRM live, and the next reply stays in the thread", async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const tag = uniqueTag(testInfo);
  const email = `conversa.${tag}@finca.test`;
  const name = `Rosa Guamán ${tag}`;
  const templateName = `Seguimiento ${tag}`;
  const created = await request.post("/api/reply-templates", {
    headers: bearer(await adminToken(request)),
    data: { name: templateName, body: "Hola {nombre}, gracias por escribirnos sobre {productos}." },
  });
  expect(created.status()).toBe(201);

  // The grower writes through the site's form, taking a person's time over it (a faster one waits
  // for review, and gets no confirmation).
  await page.clock.install();
  await openContactForm(page);
  await fillContactForm(page, {
    firstName: "Rosa",
    lastName: `Guamán ${tag}`,
    email,
    company: `Flores ${tag}`,
    services: ["Danisaraba"],
  });
  await page.clock.fastForward(30_000);
  // The server measures the fill from when it served the page (decision 046).
  await takeAPersonsTime(page);
  await page.getByRole("button", { name: "Enviar mensaje" }).click();
  await expect(successDialog(page)).toBeVisible();
  const [confirmation] = await waitForMailTo(email);
  expect(confirmation?.replyTo).toMatch(CONVERSATION_ADDRESS);
  const conversation = confirmation?.replyTo ?? "";
  expect(confirmation?.messageId).toMatch(/^<[0-9a-f-]{36}@/);

  // Staff answer with the template.
  await page.context().clearCookies();
  const staff = await createStaff(request, testInfo);
  await signInThroughPage(page, staff);
  await openContacts(page, `busqueda=${tag}`);
  const dialog = await viewContact(page, name);
  const first = dialogMessages(page, name).first();
  await first.getByRole("button", { name: "Responder" }).click();
  await first.getByRole("combobox", { name: "Plantilla" }).selectOption({ label: templateName });
  await expect(first.getByRole("textbox", { name: "Respuesta" })).toHaveValue(
    "Hola Rosa, gracias por escribirnos sobre Danisaraba.",
  );
  await first.getByRole("button", { name: "Enviar respuesta" }).click();
  await expect(dialog.getByRole("status")).toHaveText(
    `Respuesta guardada. El correo a ${email} quedó en cola de envío.`,
  );
  const [, reply] = await waitForMailTo(email, 2);
  expect(reply?.replyTo).toBe(conversation);
  expect(reply?.inReplyTo).toBe(confirmation?.messageId);
  expect(reply?.references).toEqual([confirmation?.messageId]);
  // The delivery shows on the reply.
  await expect(first.getByText("Enviado", { exact: true })).toBeVisible();
  // What it means, in words; the mail server's own answer only in the technical detail.
  await expect(first.getByText("El servidor de correo lo aceptó para entregarlo al cliente.")).toBeVisible();
  const technical = first.getByText("Detalle técnico");
  await expect(first.getByText(/^250 /)).toBeHidden();
  await technical.click();
  await expect(first.getByText(/^250 /)).toBeVisible();

  // The grower answers from their phone; the open dialog shows it by itself, with the photo.
  const answer = rawEmail({
    from: `Rosa Guamán <${email}>`,
    to: conversation,
    subject: "Re: Respuesta a tu solicitud",
    inReplyTo: reply?.messageId,
    references: [confirmation?.messageId ?? "", reply?.messageId ?? ""],
    text: `¿Y el precio por galón?\n\nEl jue, 26 nov 2026 a las 9:12, FloraPro Ecuador <${MAILBOX.user}> escribió:\n> Hola Rosa, gracias por escribirnos sobre Danisaraba.`,
    attachments: [{ filename: "finca.jpg", contentType: "image/jpeg", content: Buffer.alloc(3000, 1) }],
  });
  await appendToMailbox(answer.raw);
  await expect(dialog.getByRole("heading", { name: "Mensajes (2)" })).toBeVisible({ timeout: 20_000 });
  const received = dialogMessages(page, name).first();
  await expect(received.getByRole("heading")).toContainText("Correo recibido");
  await expect(received).toContainText(`De: ${email}`);
  await expect(received).not.toContainText("no es la dirección del contacto");
  await expect(received).toContainText("¿Y el precio por galón?");
  await expect(received.getByText("Pendiente", { exact: true })).toBeVisible();
  await expect(received.getByRole("button", { name: /^Descargar finca\.jpg/ })).toBeVisible();
  // The quoted history is folded away, there to open.
  const quoted = received.getByText("Correo citado");
  await expect(quoted).toBeVisible();
  await expect(received.getByText("> Hola Rosa", { exact: false })).toBeHidden();
  await expectNoAxeViolations(page);

  const download = page.waitForEvent("download");
  await received.getByRole("button", { name: /^Descargar finca\.jpg/ }).click();
  expect((await download).suggestedFilename()).toBe("finca.jpg");

  // The second reply answers the client's email: the thread names all three.
  await received.getByRole("button", { name: "Responder" }).click();
  await received.getByRole("textbox", { name: "Respuesta" }).fill("El galón cuesta 38 dólares.");
  await received.getByRole("button", { name: "Enviar respuesta" }).click();
  const [, , second] = await waitForMailTo(email, 3);
  expect(second?.inReplyTo).toBe(answer.id);
  expect(second?.references).toEqual([confirmation?.messageId, reply?.messageId, answer.id]);
  expect(second?.replyTo).toBe(conversation);
});

// Issue 30: emails that only claim to be the client's. Someone else writing into the conversation
// (its address, one of our Message-IDs) and an email with the client's address as From but nothing
// of the conversation wait in Por revisar, each saying who wrote it and why it waits.
test("emails that may not be the client's wait in Por revisar, showing who really wrote them", async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const tag = uniqueTag(testInfo);
  const email = `lucia.${tag}@finca.test`;
  const name = `Lucía Tipán ${tag}`;
  const stranger = `extrano.${tag}@attacker.example`;
  await sendContactRequest(request, { firstName: "Lucía", lastName: `Tipán ${tag}`, email });
  const [confirmation] = await waitForMailTo(email);
  await appendToMailbox(
    rawEmail({
      from: `Lucía Tipán <${stranger}>`,
      to: confirmation?.replyTo ?? "",
      subject: "Re: Gracias por escribirnos",
      inReplyTo: confirmation?.messageId,
      text: `Cambiamos de cuenta bancaria ${tag}`,
    }).raw,
  );
  await appendToMailbox(
    rawEmail({
      from: `Lucía Tipán <${email}>`,
      to: MAILBOX.user,
      subject: "Factura",
      text: `Pague a la cuenta nueva ${tag}`,
    }).raw,
  );
  // Both are read from the mailbox (every second) before the screen opens: nothing announces them.
  const token = await adminToken(request);
  await expect
    .poll(
      async () => {
        const found = await request.post("/api/client-message/search", {
          headers: bearer(token),
          data: { keyword: tag, view: "review" },
        });
        const groups = (await found.json()).content as { messages: unknown[] }[];
        return groups[0]?.messages.length ?? 0;
      },
      { timeout: 20_000 },
    )
    .toBe(2);

  await signInAsStaff(page, request, testInfo);
  await openContacts(page, `busqueda=${tag}&vista=revisar`);
  const dialog = await viewContact(page, name);
  const mismatch = dialogMessages(page, name).filter({ hasText: `Cambiamos de cuenta bancaria ${tag}` });
  await expect(mismatch).toContainText(`De: ${stranger} (no es la dirección del contacto)`);
  await expect(mismatch).toContainText("Guardado para revisión porque llegó de un remitente distinto");
  const unverified = dialogMessages(page, name).filter({ hasText: `Pague a la cuenta nueva ${tag}` });
  await expect(unverified).toContainText(`De: ${email}`);
  await expect(unverified).not.toContainText("no es la dirección del contacto");
  await expect(unverified).toContainText("Guardado para revisión porque llegó de un remitente no verificado");
  await expectNoAxeViolations(page);

  // Staff discard the stranger's email and accept the other one after checking with the client.
  // (Judged by the messages, not by the status line: a live reload from another test can clear it.)
  await mismatch.getByRole("button", { name: "Descartar" }).click();
  await page
    .getByRole("alertdialog", { name: "¿Descartar este mensaje?" })
    .getByRole("button", { name: "Descartar" })
    .click();
  await expect(mismatch).toHaveCount(0);
  await unverified.getByRole("button", { name: "Aceptar" }).click();
  await expect(unverified).not.toContainText("Guardado para revisión");
  await expect(unverified.getByRole("button", { name: "Responder" })).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Mensajes (2)" })).toBeVisible();
});
