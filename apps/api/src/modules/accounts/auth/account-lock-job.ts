import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../../db/client.ts";
import { PeriodicJob } from "../../../kernel/periodic-job.ts";
import { recordAudit } from "../../audit/index.ts";
import { releaseExpiredLocks } from "./account-locks.ts";

/**
 * Ends the locks of accounts whose strangers stopped trying (decision 039), so the end of each lock
 * is in the audit log even when nobody signs in afterwards. Every instance may look: each ended lock
 * is deleted, and audited, by exactly one.
 */
export async function endExpiredLocks(db: Db) {
  const ended = await releaseExpiredLocks(db);
  for (const lock of ended) {
    await recordAudit(db, {
      action: "account_unlocked",
      target: lock.account,
      details: { reason: "expired", failures: lock.failures, lockedAt: lock.lockedAt.toISOString() },
    });
  }
  return ended.length;
}

export class AccountLockJob extends PeriodicJob {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {
    super(60_000, 60_000);
  }

  protected async runOnce() {
    try {
      const ended = await endExpiredLocks(this.db);
      if (ended > 0) this.log.info({ ended }, "account locks ended");
    } catch (error) {
      // The database may be away: the next look tries again.
      this.log.error({ err: error }, "account locks not swept");
    }
  }
}
