// The outbox's public face: what other modules may use. It imports no other module: each one
// writes the emails it sends, with the frame below, and hands them over (decision 050).
export { tokenOf } from "./conversation-address.ts";
export { escapeHtml, layout, paragraphs, row } from "./html.ts";
export type { ClaimedEmail, OutboxEmail } from "./outbox.ts";
export {
  forgetEmailsOf,
  markEmailBounced,
  type QueuedEmail,
  queueEmails,
  queueEmailsStep,
  retryEmail,
} from "./queue.ts";
export type { Attachment, Email, EmailLinks, EmailRenderer, EmailRenderers } from "./renderers.ts";
export { keyOf } from "./threading.ts";
