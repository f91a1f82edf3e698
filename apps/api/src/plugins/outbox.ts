import fp from "fastify-plugin";
import { accountEmailRenderers } from "../modules/accounts/index.ts";
import { contactEmailRenderers } from "../modules/contacts/index.ts";
import { domainOf } from "../modules/email/conversation-address.ts";
import type { EmailRenderers } from "../modules/email/index.ts";
import { createSmtpMailer } from "../modules/email/mailer.ts";
import { OutboxWorker } from "../modules/email/outbox-worker.ts";
import { inboundEmailRenderers } from "../modules/inbound/index.ts";
import { publishLive } from "../modules/live/index.ts";
import { type QuoteLinks, salesEmailRenderers } from "../modules/sales/index.ts";
import { taskEmailRenderers } from "../modules/tasks/index.ts";

export type Outbox = { kick: () => void };

/**
 * Every kind of email with its renderer, each written by the module that sends it: the outbox imports
 * none of them (decision 050). A kind left out fails to compile.
 */
const renderersWith = (quoteLinks: QuoteLinks): EmailRenderers => ({
  ...contactEmailRenderers,
  ...accountEmailRenderers,
  ...inboundEmailRenderers,
  ...taskEmailRenderers,
  ...salesEmailRenderers(quoteLinks),
});

/**
 * Email delivery. With SMTP_URL a worker sends the outbox (now and on retries); without it emails
 * stay queued in the database, visible and sent once SMTP is configured.
 */
export const outbox = fp(async (app) => {
  const { smtpUrl, mailFrom, emailPollMs, emailRetryBaseMs } = app.config;
  if (!smtpUrl) {
    app.log.info(
      "SMTP_URL no está configurado: los correos quedan en la bandeja de salida (email_outbox) sin enviarse",
    );
    app.decorate("outbox", {
      // Said once at start: at info level, a mail bomb read from the mailbox would say it 5,000 times.
      kick: () => app.log.debug("correo en cola sin enviar: SMTP_URL no está configurado"),
    } satisfies Outbox);
    return;
  }
  const worker = new OutboxWorker({
    db: app.db,
    mailer: createSmtpMailer(smtpUrl, mailFrom),
    log: app.log.child({ component: "outbox" }),
    pollMs: emailPollMs,
    retryBaseMs: emailRetryBaseMs,
    publicUrl: app.config.publicUrl,
    thread: { domain: domainOf(mailFrom), inbound: app.config.inbound },
    renderers: renderersWith(app.quoteLinks),
    onReplyStatus: (messageId) => publishLive(app.db, { kind: "email_status_changed", messageId }),
  });
  app.decorate("outbox", { kick: () => worker.kick() } satisfies Outbox);
  app.addHook("onReady", async () => worker.start());
  app.addHook("onClose", async () => worker.stop());
});

declare module "fastify" {
  interface FastifyInstance {
    outbox: Outbox;
    /** Signs and reads the answer links of quotes' emails (the sales module). */
    quoteLinks: QuoteLinks;
  }
}
