import { BRAND } from "@app/shared/constants";
import { type Email, escapeHtml, layout } from "../email/index.ts";

// To the staff member who becomes a contact's owner (`Responsable`), one contact or many at once.

/** Many contacts handed over at once (a bulk action): one email with a link to the person's list. */
export function contactsAssignedEmail(ownerName: string, count: number, assignedBy: string, link: string): Email {
  const text = [
    `Hola ${ownerName}:`,
    "",
    `${assignedBy} te asignó ${count} contactos. Desde ahora eres su responsable en el CRM.`,
    "",
    link,
    "",
    `El equipo de ${BRAND.name}`,
  ].join("\n");
  const html = layout(
    `Te asignaron ${count} contactos`,
    [
      `<p>Hola ${escapeHtml(ownerName)}:</p>`,
      `<p>${escapeHtml(assignedBy)} te asignó <strong>${count} contactos</strong>. Desde ahora eres su responsable en el CRM.</p>`,
      `<p><a href="${escapeHtml(link)}" style="color:#245c3a">Ver mis contactos</a></p>`,
      `<p>El equipo de ${escapeHtml(BRAND.name)}</p>`,
    ].join(""),
  );
  return { subject: `Te asignaron ${count} contactos`, text, html };
}

/** To a staff member: a contact is now theirs to follow up, with a direct link to it in the CRM. */
export function ownerAssignedEmail(
  ownerName: string,
  contact: { name: string; company: string },
  assignedBy: string,
  link: string,
): Email {
  const who = contact.company ? `${contact.name} (${contact.company})` : contact.name;
  const text = [
    `Hola ${ownerName}:`,
    "",
    `${assignedBy} te asignó el contacto ${who}. Desde ahora eres su responsable en el CRM.`,
    "",
    link,
    "",
    `El equipo de ${BRAND.name}`,
  ].join("\n");
  const html = layout(
    "Te asignaron un contacto",
    [
      `<p>Hola ${escapeHtml(ownerName)}:</p>`,
      `<p>${escapeHtml(assignedBy)} te asignó el contacto <strong>${escapeHtml(who)}</strong>. Desde ahora eres su responsable en el CRM.</p>`,
      `<p><a href="${escapeHtml(link)}" style="color:#245c3a">Abrir el contacto</a></p>`,
      `<p>El equipo de ${escapeHtml(BRAND.name)}</p>`,
    ].join(""),
  );
  return { subject: `Te asignaron un contacto: ${who}`, text, html };
}
