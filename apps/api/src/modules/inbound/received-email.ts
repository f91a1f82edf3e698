import { type Email, escapeHtml, layout, row } from "../email/index.ts";

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
  /** Why it waits in `Por revisar` (not accepted yet); empty for a contact's answer. */
  reviewReasons: string[];
};

/** Said when an email in a contact's conversation may come from someone else: how fraud begins. */
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
export function contactEmailReceived(received: ReceivedEmailSummary, crmUrl: string): Email {
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
