import { rawEmail } from "../apps/api/test/mail";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./helpers/axe";
import { fillContactForm, openContactForm, successDialog } from "./helpers/contact-form";
import { dialogMessages, openContacts, uniqueTag, viewContact } from "./helpers/crm";
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
