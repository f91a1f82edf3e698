import fp from "fastify-plugin";
import { MailboxReader, type MailboxStatus } from "../modules/inbound/mailbox-reader.ts";
import { publishLive } from "../modules/live/live-event.ts";

export type Mailbox = { status: () => MailboxStatus | undefined };

/**
 * The shared mailbox (IMAP_URL): contacts' answers come back into the CRM. Without it nothing is
 * read and replies carry the replying staff member's address (docs/operations.md).
 */
export const inbound = fp(async (app) => {
  const { inbound: config, staffNotifyEmail } = app.config;
  if (!config) {
    app.decorate("mailbox", { status: () => undefined } satisfies Mailbox);
    return;
  }
  const reader = new MailboxReader({
    db: app.db,
    config,
    settings: { mailboxAddress: config.address, staffNotifyEmail, authservIds: config.authservIds },
    log: app.log.child({ component: "mailbox" }),
    onImported: (result) => {
      if (result.outcome === "imported") {
        const { clientId, messageId } = result;
        // An email kept for review in a contact's conversation is not their answer: no "respondió"
        // for open screens (the form's submissions kept for review are not announced either).
        if (result.newClient || !result.inReview)
          publishLive(app.db, { kind: result.newClient ? "lead_created" : "message_received", clientId, messageId });
        app.outbox.kick();
      } else if (result.outcome === "bounce" && result.messageId !== undefined) {
        publishLive(app.db, { kind: "email_status_changed", messageId: result.messageId });
      }
    },
  });
  app.decorate("mailbox", { status: () => reader.status() } satisfies Mailbox);
  app.addHook("onReady", async () => reader.start());
  app.addHook("onClose", async () => reader.stop());
});

declare module "fastify" {
  interface FastifyInstance {
    mailbox: Mailbox;
  }
}
