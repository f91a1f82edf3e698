import { z } from "zod";

// What the contact dialog shows about a conversation's emails, beside the messages: the received
// emails' sender, subject, quoted history and files, and how each reply email is going.

/** Where an email stands, as the outbox keeps it. */
export const EMAIL_DELIVERY_STATUSES = ["pending", "sending", "sent", "failed", "bounced"] as const;
export type EmailDeliveryStatus = (typeof EMAIL_DELIVERY_STATUSES)[number];

/** Tries that failed so far: `attempts` counts the try under way too, so a first try being sent is none. */
const failedTries = (status: EmailDeliveryStatus, attempts: number) => (status === "sending" ? attempts - 1 : attempts);

/** `En cola`, `Enviado`, `Reintentando (n)`, `Rebotado`, `Fallido`: n is the number of tries that failed. */
export function deliveryLabel(status: EmailDeliveryStatus, attempts: number) {
  switch (status) {
    case "sent":
      return "Enviado";
    case "bounced":
      return "Rebotado";
    case "failed":
      return "Fallido";
    default: {
      const failed = failedTries(status, attempts);
      return failed > 0 ? `Reintentando (${failed})` : "En cola";
    }
  }
}

/**
 * What a delivery means for the person who wrote the reply, in words: the mail server's own answer
 * ("250 OK: message queued") is kept for the technical detail. Null while there is nothing to say
 * (a first try still under way).
 */
export function deliveryMeaning(status: EmailDeliveryStatus, attempts: number): string | null {
  switch (status) {
    case "sent":
      return "El servidor de correo lo aceptó para entregarlo al cliente.";
    case "bounced":
      return "No llegó: el correo del cliente lo devolvió. Revise la dirección o escríbale por otro medio.";
    case "failed":
      return "No se pudo enviar tras varios intentos. Pulse Reintentar o escríbale por otro medio.";
    default:
      return failedTries(status, attempts) > 0
        ? "El servidor de correo no lo aceptó todavía; se vuelve a intentar solo."
        : null;
  }
}

export const emailDeliverySchema = z.object({
  /** The outbox row: `POST /api/emails/:id/retry` sends it again. */
  id: z.number().int(),
  status: z.enum(EMAIL_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** What the mail server answered (on success, or the bounce's reason), or the last error. */
  serverAnswer: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type EmailDelivery = z.infer<typeof emailDeliverySchema>;

export const attachmentSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** Why the file was not kept (too big); it cannot be downloaded then. */
  skippedReason: z.string().nullable(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const messageEmailSchema = z.object({
  messageId: z.number().int(),
  /** A received email's From address: who wrote it, whoever the conversation is with (null: not kept). */
  from: z.string().nullable(),
  subject: z.string().nullable(),
  quotedText: z.string().nullable(),
  attachments: z.array(attachmentSchema),
  /** The newest reply email of this message, if it was answered by email. */
  replyDelivery: emailDeliverySchema.nullable(),
});
export type MessageEmail = z.infer<typeof messageEmailSchema>;

/**
 * `GET /api/clients/:id/emails`: the email side of each message that has one, and whether the
 * person asking can reply by email (the shared mailbox is set, or their account has an address for
 * the client's answer), so the CRM says so before they write a reply.
 */
export const contactEmailsSchema = z.object({ messages: z.array(messageEmailSchema), canReplyByEmail: z.boolean() });
export type ContactEmails = z.infer<typeof contactEmailsSchema>;
