import type { ContactDetails } from "@app/shared";
import { BRAND, phoneDigitsOf, type Signature, signatureLines } from "@app/shared/constants";
import { formatPhone } from "@app/shared/phone";
import type { DigestItem, TaskDigest } from "../tasks/digest.ts";

/** How clients reach the supplier, as published in `Sitio web` (the emails say it as the site does). */
export type SupplierContact = Pick<ContactDetails, "phone" | "hours">;

export type Email = { subject: string; text: string; html: string };

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

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Everything a person typed is text in the HTML, never markup. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

const paragraphs = (text: string) =>
  escapeHtml(text)
    .split(/\r?\n/)
    .map((line) => line || "&nbsp;")
    .join("<br>");

/** A plain, readable layout: email clients ignore most CSS, and staff read these on phones. */
function layout(title: string, body: string) {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="margin:0;background:#f6f3ec;font-family:Arial,Helvetica,sans-serif;color:#1c2b22"><div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff"><p style="margin:0 0 16px;font-weight:bold;color:#245c3a">${escapeHtml(BRAND.name)}</p>${body}</div></body></html>`;
}

const row = (label: string, value: string) =>
  `<tr><th align="left" style="padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0">${paragraphs(value)}</td></tr>`;

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

/** To a staff member who asked to reset their password: a single-use link valid a few minutes. */
export function passwordResetEmail(displayName: string, link: string, minutes: number): Email {
  const text = [
    `Hola ${displayName}:`,
    "",
    `Alguien (probablemente tú) pidió restablecer la contraseña de tu cuenta del CRM de ${BRAND.name}.`,
    `Para elegir una nueva, abre este enlace en los próximos ${minutes} minutos; solo funciona una vez:`,
    "",
    link,
    "",
    "Si no lo pediste, ignora este correo: tu contraseña no cambia.",
    "",
    `El equipo de ${BRAND.name}`,
  ].join("\n");
  const html = layout(
    "Restablecer tu contraseña",
    [
      `<p>Hola ${escapeHtml(displayName)}:</p>`,
      `<p>Alguien (probablemente tú) pidió restablecer la contraseña de tu cuenta del CRM de ${escapeHtml(BRAND.name)}.</p>`,
      `<p>Para elegir una nueva, abre este enlace en los próximos <strong>${minutes} minutos</strong>; solo funciona una vez:</p>`,
      `<p><a href="${escapeHtml(link)}" style="color:#245c3a">Restablecer mi contraseña</a></p>`,
      `<p style="font-size:12px;color:#6b7770">Si no lo pediste, ignora este correo: tu contraseña no cambia.</p>`,
      `<p>El equipo de ${escapeHtml(BRAND.name)}</p>`,
    ].join(""),
  );
  return { subject: `Restablecer tu contraseña - ${BRAND.name}`, text, html };
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
 * To a client: the staff's answer to their request, signed by whoever answered (name, job title,
 * phone, WhatsApp, as set) and the company, with what they asked below.
 */
export function clientReplyEmail(
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

/** To a staff member: a contact is now theirs to follow up, with a direct link to it in the CRM. */
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

const pending = (count: number) =>
  count === 0 ? "ninguna pendiente" : `${count} ${count === 1 ? "pendiente" : "pendientes"}`;

const digestSections = (digest: TaskDigest): [string, DigestItem[]][] =>
  (
    [
      ["Vencidas", digest.overdue],
      ["Hoy", digest.today],
    ] as [string, DigestItem[]][]
  ).filter(([, items]) => items.length > 0);

/** To a staff member in the morning: their overdue tasks and today's, each with a link to its contact. */
export function taskDigestEmail(ownerName: string, digest: TaskDigest): Email {
  const sections = digestSections(digest);
  const listed = digest.overdue.length + digest.today.length;
  const more = digest.total - listed;
  const intro =
    digest.total === 0
      ? "Ya no tienes tareas pendientes para hoy."
      : "Estas son tus tareas pendientes para hoy y las que ya vencieron:";
  const moreLine = more > 0 ? `Y ${more} ${more === 1 ? "tarea más" : "tareas más"} en el CRM.` : "";
  const text = [
    `Hola ${ownerName}:`,
    "",
    intro,
    ...sections.flatMap(([label, items]) => [
      "",
      label,
      ...items.flatMap((item) => [`- ${item.due} · ${item.title} · ${item.contact}`, `  ${item.link}`]),
    ]),
    ...(moreLine ? ["", moreLine] : []),
    "",
    `Ver todas tus tareas: ${digest.tasksUrl}`,
    "",
    `El equipo de ${BRAND.name}`,
  ].join("\n");
  const html = layout(
    "Tus tareas de hoy",
    [
      `<p>Hola ${escapeHtml(ownerName)}:</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      ...sections.map(
        ([label, items]) =>
          `<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(label)}</h2><ul style="margin:0;padding-left:20px;font-size:14px">${items
            .map(
              (item) =>
                `<li style="margin:0 0 8px"><strong>${escapeHtml(item.due)}</strong> · <a href="${escapeHtml(item.link)}" style="color:#245c3a">${escapeHtml(item.title)}</a><br><span style="color:#44534a">${escapeHtml(item.contact)}</span></li>`,
            )
            .join("")}</ul>`,
      ),
      moreLine ? `<p>${escapeHtml(moreLine)}</p>` : "",
      `<p style="margin:24px 0 0"><a href="${escapeHtml(digest.tasksUrl)}" style="color:#245c3a">Ver todas tus tareas</a></p>`,
      `<p>El equipo de ${escapeHtml(BRAND.name)}</p>`,
    ].join(""),
  );
  return { subject: `Tus tareas de hoy: ${pending(digest.total)}`, text, html };
}

/** What the staff email about a received email shows of it. */
export type ReceivedEmailSummary = {
  /** The contact whose conversation it joined (or the new contact a stranger's email made). */
  name: string;
  email: string;
  /** The address in the email's From: who wrote it, whoever the conversation is with. */
  from: string;
  subject: string | null;
  text: string;
  attachments: string[];
  /** Why it waits in `Por revisar` (not accepted yet); empty for a client's answer. */
  reviewReasons: string[];
};

/** Said when an email in a client's conversation may come from someone else: how fraud begins. */
const FRAUD_WARNING =
  "No responda a ese correo ni siga sus instrucciones (pagos, cuentas bancarias, cambios de dirección) sin confirmarlo con el cliente por otro medio.";

/** The first sentence: who wrote, and why it waits for review when it does. */
function receivedIntro(received: ReceivedEmailSummary) {
  const contact = `${received.name} <${received.email}>`;
  if (received.reviewReasons.includes("sender_mismatch"))
    return `Llegó un correo de ${received.from} en la conversación con ${contact}, pero no lo envió la dirección del contacto: espera en Por revisar (remitente distinto). ${FRAUD_WARNING}`;
  if (received.reviewReasons.includes("sender_unverified"))
    return `Llegó un correo que dice venir de ${received.from} (${received.name}), pero el servidor de correo no confirmó que lo enviara esa dirección: espera en Por revisar (remitente no verificado). ${FRAUD_WARNING}`;
  if (received.reviewReasons.length > 0)
    return `Llegó un correo de ${received.name} <${received.from}>, que no es un contacto todavía: espera en Por revisar.`;
  return `${contact} respondió por correo.`;
}

/** To the contact's owner (or the staff address): an email arrived in the shared mailbox. */
export function clientEmailReceived(received: ReceivedEmailSummary, crmUrl: string): Email {
  const excerpt = received.text.length > 2000 ? `${received.text.slice(0, 2000)}…` : received.text;
  const intro = receivedIntro(received);
  const fields: [string, string][] = [
    ["De", received.from],
    ["Asunto", received.subject ?? "(sin asunto)"],
    ["Mensaje", excerpt || "(sin texto)"],
    ...(received.attachments.length > 0 ? ([["Adjuntos", received.attachments.join(", ")]] as [string, string][]) : []),
  ];
  const text = [
    intro,
    "",
    ...fields.map(([label, value]) => `${label}: ${value}`),
    "",
    `Responder desde el CRM: ${crmUrl}`,
  ].join("\n");
  const html = layout(
    "Correo recibido",
    `<p style="margin:0 0 16px">${escapeHtml(intro)}</p><table role="presentation" style="border-collapse:collapse;font-size:14px">${fields
      .map(([label, value]) => row(label, value))
      .join(
        "",
      )}</table><p style="margin:24px 0 0"><a href="${escapeHtml(crmUrl)}" style="color:#245c3a">Responder desde el CRM</a></p>`,
  );
  const subject = received.subject ?? "(sin asunto)";
  return {
    subject:
      received.reviewReasons.length > 0
        ? `Correo por revisar de ${received.from}: ${subject}`
        : `Correo de ${received.name}: ${subject}`,
    text,
    html,
  };
}

/** What a security email reports (second-factor/service.ts queues it). */
export type SecurityNotice =
  | { event: "factor_added"; factor: string }
  | { event: "factor_removed"; factor: string }
  | { event: "factors_reset"; by: string }
  | { event: "recovery_code_used"; remaining: number }
  | { event: "new_device"; browser: string; network: string }
  | { event: "account_locked"; failures: number }
  /** To the other administrators: `username` became an administrator, by `by`'s hand. */
  | { event: "admin_granted"; username: string; by: string };

const OWN_WARNING = "Si no fuiste tú, cambia tu contraseña y avisa a un administrador de inmediato.";

function securityLines(notice: SecurityNotice, when: string): { subject: string; lines: string[]; warning?: string } {
  switch (notice.event) {
    case "account_locked":
      return {
        subject: "Intentos fallidos de iniciar sesión en tu cuenta",
        lines: [
          `El ${when} hubo ${notice.failures} intentos fallidos de iniciar sesión en tu cuenta desde dispositivos en los que nunca la usaste.`,
          "Desde ahora, cada nuevo intento desde otro dispositivo debe esperar más que el anterior. En los dispositivos donde ya iniciaste sesión puedes entrar como siempre.",
        ],
        warning:
          "Si no fuiste tú, alguien está probando contraseñas: usa una contraseña larga y única, y agrega un segundo factor.",
      };
    case "admin_granted":
      return {
        subject: "Nueva cuenta de administrador",
        lines: [`El ${when}, ${notice.by} dio el rol de administrador a la cuenta «${notice.username}».`],
        warning: "Si no esperabas este cambio, revisa la cuenta en Usuarios y avisa a los demás administradores.",
      };
    case "factor_added":
      return { subject: "Agregaste un segundo factor", lines: [`El ${when} se agregó ${notice.factor} a tu cuenta.`] };
    case "factor_removed":
      return { subject: "Quitaste un segundo factor", lines: [`El ${when} se quitó ${notice.factor} de tu cuenta.`] };
    case "factors_reset":
      return {
        subject: "Se restablecieron tus factores de acceso",
        lines: [
          `El ${when}, ${notice.by} quitó todas tus llaves de acceso, tu aplicación de autenticación y tus códigos de recuperación.`,
          "En tu próximo inicio de sesión podrás agregarlos de nuevo desde Seguridad de la cuenta.",
        ],
      };
    case "recovery_code_used":
      return {
        subject: "Se usó un código de recuperación",
        lines: [
          `El ${when} se inició sesión en tu cuenta con un código de recuperación. Te quedan ${notice.remaining}.`,
          notice.remaining <= 3 ? "Genera códigos nuevos en Seguridad de la cuenta." : "",
        ].filter(Boolean),
      };
    case "new_device":
      return {
        subject: "Nuevo inicio de sesión en tu cuenta",
        lines: [
          `El ${when} se inició sesión en tu cuenta desde un dispositivo nuevo: ${notice.browser}, red ${notice.network}.`,
        ],
      };
  }
}

/** To a staff member: something changed in how their account is protected, or was used. */
export function securityNoticeEmail(
  displayName: string,
  notice: SecurityNotice,
  when: string,
  securityUrl: string,
): Email {
  const { subject, lines, warning = OWN_WARNING } = securityLines(notice, when);
  const text = [
    `Hola ${displayName}:`,
    "",
    ...lines,
    "",
    warning,
    `Revisa tus sesiones y factores en ${securityUrl}`,
    "",
    `El equipo de ${BRAND.name}`,
  ].join("\n");
  const html = layout(
    subject,
    [
      `<p>Hola ${escapeHtml(displayName)}:</p>`,
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><strong>${escapeHtml(warning)}</strong></p>`,
      `<p><a href="${escapeHtml(securityUrl)}" style="color:#245c3a">Revisar Seguridad de la cuenta</a></p>`,
      `<p>El equipo de ${escapeHtml(BRAND.name)}</p>`,
    ].join(""),
  );
  return { subject: `${subject} - ${BRAND.name}`, text, html };
}
