// What the CRM's open screens are told when something changed (decision 029): which kind of change,
// on which contact, by whom. Ids only, never a person's data: a screen that cares reloads through
// the authenticated API. The server's stream sends these kinds and the pages listen for them.

export const LIVE_EVENT_KINDS = [
  "lead_created",
  /** A client's email arrived in the shared mailbox. */
  "message_received",
  /** A reply email's delivery changed: sent, to be retried, failed, or a bounce came back. */
  "email_status_changed",
  "message_replied",
  "message_status_changed",
  "owner_changed",
  "stage_changed",
  "task_changed",
  /** A quote made, changed, sent or answered; an order made or moved on (issue 33). */
  "quote_changed",
  "order_changed",
] as const;
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];

export type LiveEvent = {
  kind: LiveEventKind;
  clientId?: number;
  messageId?: number;
  taskId?: number;
  quoteId?: number;
  orderId?: number;
  /** owner_changed: the new owner (null: nobody), so the page can say "Te asignaron un contacto". */
  ownerId?: number | null;
  /** The staff member who did it; absent for a lead from the public form. */
  actorId?: number;
  at: string;
};
