import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import type { Mailer } from "./mailer.ts";
import { type ClaimedEmail, claimDueEmails, markEmailFailed, markEmailSent } from "./outbox.ts";
import type { EmailRenderers } from "./renderers.ts";
import { type ThreadOptions, threadHeaders } from "./threading.ts";

export type OutboxWorkerOptions = {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** How often due emails (retries) are looked for when nobody kicks the worker. */
  pollMs: number;
  retryBaseMs: number;
  /** The site's address, for the links inside emails. */
  publicUrl: string;
  /** The domain of the From address and the shared mailbox: Message-IDs and Reply-To. */
  thread: ThreadOptions;
  /** Each kind's renderer, written by the module that sends it (decision 050). */
  renderers: EmailRenderers;
  /**
   * A contact reply's delivery changed (sent, or failed for now or for good): it shows on its message
   * (`Enviado`, `Reintentando (n)`, `Fallido`), so open screens should reload it.
   */
  onReplyStatus: (messageId: number) => void;
};

const BATCH = 10;

/** Only a contact reply's delivery is shown in the CRM, on its message. */
function changed(email: ClaimedEmail, onReplyStatus: (messageId: number) => void) {
  if (email.kind === "client_reply" && email.messageId !== undefined) onReplyStatus(email.messageId);
}

/**
 * Delivers the outbox: right after a request queued an email (`kick`), and every `pollMs` for
 * retries. One batch at a time; a failed email goes back with a later attempt time.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(private readonly options: OutboxWorkerOptions) {}

  start() {
    this.kick();
  }

  /** Asks for a delivery round now; rounds never overlap. */
  kick() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.stopped) return;
      if (this.again) {
        this.again = false;
        this.kick();
      } else {
        this.timer = setTimeout(() => this.kick(), this.options.pollMs);
        this.timer.unref();
      }
    });
  }

  /** Resolves once the round in progress (if any) has finished. */
  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    this.options.mailer.close();
  }

  private async drain() {
    const { db, mailer, log, retryBaseMs, publicUrl, thread, renderers, onReplyStatus } = this.options;
    try {
      for (;;) {
        const emails = await claimDueEmails(db, BATCH);
        for (const email of emails) {
          try {
            const rendered = await renderers[email.kind](db, email, { publicUrl });
            const headers = await threadHeaders(db, email, thread);
            const response = await mailer.send({ ...rendered, ...headers, to: email.to });
            await markEmailSent(db, email.id, rendered.subject, response);
            log.info({ emailId: email.id, kind: email.kind }, "email sent");
            changed(email, onReplyStatus);
          } catch (error) {
            const reason = error instanceof Error ? error.message : String(error);
            log.warn(
              { emailId: email.id, kind: email.kind, attempts: email.attempts, reason },
              "email not sent, will retry",
            );
            await markEmailFailed(db, email, reason, retryBaseMs);
            changed(email, onReplyStatus);
          }
        }
        if (emails.length < BATCH || this.stopped) return;
      }
    } catch (error) {
      // The database may be away: the next round tries again, nothing is lost.
      log.error({ err: error }, "outbox round failed");
    }
  }
}
