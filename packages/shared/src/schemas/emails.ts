import { z } from "zod";

// What the contact dialog shows about a conversation's emails, beside the messages: the received
// emails' subject, quoted history and files, and how each reply email is going.

/** Where an email stands, as the outbox keeps it. */
export const EMAIL_DELIVERY_STATUSES = ["pending", "sending", "sent", "failed", "bounced"] as const;
export type EmailDeliveryStatus = (typeof EMAIL_DELIVERY_STATUSES)[number];

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
      // `attempts` counts the try under way too: a first try being sent is still "En cola".
      const failed = status === "sending" ? attempts - 1 : attempts;
      return failed > 0 ? `Reintentando (${failed})` : "En cola";
    }
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
export const clientEmailsSchema = z.object({ messages: z.array(messageEmailSchema), canReplyByEmail: z.boolean() });
export type ClientEmails = z.infer<typeof clientEmailsSchema>;
