import type { ContactDetails } from "@app/shared";
import { BRAND, phoneDigitsOf, type Signature, signatureLines } from "@app/shared/constants";
import { formatPhone } from "@app/shared/phone";
import { type Email, escapeHtml, layout, paragraphs, row } from "../email/index.ts";

// The emails about a contact request: to the staff when it arrives, to the sender as a
// confirmation, and to the contact with the staff's answer.

/** How contacts reach the supplier, as published in `Sitio web` (the emails say it as the site does). */
export type SupplierContact = Pick<ContactDetails, "phone" | "hours">;

/** What a contact request says, as the emails about it need it. */
export type ContactSummary = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  company: string;
  message: string;
  services: string[];
  page: string | undefined;
};

/** To the staff: someone asked for something; everything they wrote, and where to answer. */
export function contactNotification(request: ContactSummary, crmUrl: string): Email {
  const name = `${request.firstName} ${request.lastName}`;
  const fields: [string, string][] = [
    ["Nombre", name],
    ["Correo electrónico", request.email],
    ["Teléfono", formatPhone(request.phone)],
    ["Empresa", request.company],
    ["Productos o servicios", request.services.join(", ")],
    ["Mensaje", request.message || "(sin mensaje)"],
    ["Enviado desde", request.page ?? "(desconocido)"],
  ];
  const text = [
    "Nueva solicitud de contacto en el sitio web.",
    "",
    ...fields.map(([label, value]) => `${label}: ${value}`),
    "",
    `Responder desde el CRM: ${crmUrl}`,
    "También puede responder a este correo: la respuesta llega a la persona que escribió.",
  ].join("\n");
  const html = layout(
    "Nueva solicitud de contacto",
    `<h1 style="font-size:20px;margin:0 0 16px">Nueva solicitud de contacto</h1><table role="presentation" style="border-collapse:collapse;font-size:14px">${fields
      .map(([label, value]) => row(label, value))
      .join(
        "",
      )}</table><p style="margin:24px 0 0"><a href="${escapeHtml(crmUrl)}" style="color:#245c3a">Responder desde el CRM</a></p>`,
  );
  return { subject: `Nueva solicitud de contacto: ${name} (${request.company})`, text, html };
}

/** Said to whoever gets a confirmation they did not ask for (someone typed their address). */
const NOT_YOU = "Si no nos escribiste tú, ignora este correo.";

/**
 * To the address typed in the form: we have it, we answer within 24 hours, and which of our products
 * and services it was about. Nothing the visitor typed is in it (name, message, links): anyone can
 * type anyone's address, and this email must not carry a stranger's words under the supplier's name
 * (decision 045). The titles are the catalogue's own.
 */
export function contactConfirmation(services: string[], privacyUrl: string, contact: SupplierContact): Email {
  const titles = services.join(", ");
  const text = [
    "Hola:",
    "",
    `Gracias por escribir a ${BRAND.name}. Hemos recibido tu mensaje y te responderemos en menos de 24 horas.`,
    "",
    `Nos pediste información sobre: ${titles}.`,
    "",
    `Si es urgente, llámanos al ${contact.phone} (${contact.hours}).`,
    "",
    NOT_YOU,
    `Tratamos tus datos según nuestro aviso de privacidad: ${privacyUrl}`,
    "",
    `El equipo de ${BRAND.name}`,
  ].join("\n");
  const html = layout(
    "Hemos recibido tu mensaje",
    [
      "<p>Hola:</p>",
      `<p>Gracias por escribir a ${escapeHtml(BRAND.name)}. Hemos recibido tu mensaje y te responderemos en <strong>menos de 24 horas</strong>.</p>`,
      `<p>Nos pediste información sobre: <strong>${escapeHtml(titles)}</strong>.</p>`,
      `<p>Si es urgente, llámanos al ${escapeHtml(contact.phone)} (${escapeHtml(contact.hours)}).</p>`,
      `<p style="font-size:12px;color:#6b7770">${escapeHtml(NOT_YOU)} Tratamos tus datos según nuestro <a href="${escapeHtml(privacyUrl)}" style="color:#245c3a">aviso de privacidad</a>.</p>`,
      `<p>El equipo de ${escapeHtml(BRAND.name)}</p>`,
    ].join(""),
  );
  return { subject: `Hemos recibido tu mensaje - ${BRAND.name}`, text, html };
}

/** The signature's HTML: the name in bold, then its lines; the numbers can be tapped on a phone. */
function signatureHtml(signature: Signature) {
  const dial = (number: string) => phoneDigitsOf(number).replace(/^\+/, "");
  const lines = [
    `<strong>${escapeHtml(signature.displayName)}</strong>`,
    signature.jobTitle && escapeHtml(signature.jobTitle),
    signature.phone &&
      `Teléfono: <a href="tel:+${escapeHtml(dial(signature.phone))}" style="color:#245c3a">${escapeHtml(signature.phone)}</a>`,
    signature.whatsapp &&
      `WhatsApp: <a href="https://wa.me/${escapeHtml(dial(signature.whatsapp))}" style="color:#245c3a">${escapeHtml(signature.whatsapp)}</a>`,
  ].filter(Boolean);
  return `<p style="margin-top:24px">${lines.join("<br>")}</p>`;
}

/**
 * To a contact: the staff's answer to their request, signed by whoever answered (name, job title,
 * phone, WhatsApp, as set) and the company, with what they asked below.
 */
export function contactReplyEmail(
  request: ContactSummary,
  reply: string,
  signature: Signature,
  contact: SupplierContact,
): Email {
  const services = request.services.join(", ");
  const text = [
    `Hola ${request.firstName}:`,
    "",
    reply,
    "",
    ...signatureLines(signature),
    `${BRAND.name} · ${contact.phone} · ${contact.hours}`,
    "",
    ...(services ? [`Sobre tu solicitud de información de: ${services}.`] : []),
    ...(request.message ? ["Tu mensaje:", request.message] : []),
  ].join("\n");
  const html = layout(
    `Respuesta de ${BRAND.name}`,
    [
      `<p>Hola ${escapeHtml(request.firstName)}:</p>`,
      `<p>${paragraphs(reply)}</p>`,
      signatureHtml(signature),
      `<p style="font-size:12px;color:#6b7770"><strong>${escapeHtml(BRAND.name)}</strong><br>${escapeHtml(contact.phone)} · ${escapeHtml(contact.hours)}</p>`,
      services
        ? `<p style="font-size:12px;color:#6b7770">Sobre tu solicitud de información de: ${escapeHtml(services)}.</p>`
        : "",
      request.message
        ? `<blockquote style="margin:0;padding:8px 12px;border-left:3px solid #b9dec6;color:#44534a;font-size:12px">${paragraphs(request.message)}</blockquote>`
        : "",
    ].join(""),
  );
  return { subject: `Respuesta a tu solicitud - ${BRAND.name}`, text, html };
}
