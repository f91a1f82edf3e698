import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { PeriodicJob } from "../../kernel/periodic-job.ts";
import { applyLeadRetention, type RetentionAction } from "./retention.ts";

export type RetentionJobOptions = {
  db: Db;
  log: FastifyBaseLogger;
  months: number;
  action: RetentionAction;
  /** First look after start (the start stays fast), then every `everyMs`. */
  firstDelayMs?: number;
  everyMs?: number;
};

/**
 * Applies the retention period about once a day from inside the server. It looks every hour, so a
 * restart neither skips nor repeats a day: applyLeadRetention skips when any instance ran it in the
 * last 20 hours, and its lock lets one instance act at a time.
 */
export class RetentionJob extends PeriodicJob {
  constructor(private readonly options: RetentionJobOptions) {
    super(options.firstDelayMs ?? 120_000, options.everyMs ?? 3_600_000);
  }

  override start() {
    if (this.options.months === 0) {
      this.options.log.info("retención de contactos desactivada (LEAD_RETENTION_MONTHS=0)");
      return;
    }
    super.start();
  }

  protected async runOnce() {
    const { db, log, months, action } = this.options;
    try {
      const result = await applyLeadRetention(db, { months, action, trigger: "schedule" });
      if (result.ran) {
        log.info(
          { clients: result.clients, messages: result.messages, action, cutoff: result.cutoff.toISOString() },
          "lead retention applied",
        );
      }
    } catch (error) {
      // The database may be away: the next hourly look tries again.
      log.error({ err: error }, "lead retention failed");
    }
  }
}
