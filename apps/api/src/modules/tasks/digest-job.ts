import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { PeriodicJob } from "../../kernel/periodic-job.ts";
import { digestDay, queueTaskDigests } from "./digest.ts";

export type TaskDigestJobOptions = {
  db: Db;
  log: FastifyBaseLogger;
  /** Called after a look queued emails, so the outbox sends them now rather than at its next poll. */
  onQueued?: () => void;
  /** First look after start, then every `everyMs`. */
  firstDelayMs?: number;
  everyMs?: number;
  /** The time the job acts at (tests pick it). */
  clock?: () => Date;
};

/**
 * Queues the morning task digests from inside the server. It looks every minute, so the digest goes
 * out at 07:30 in Ecuador or as soon as a server is up after it that day; queueTaskDigests makes sure
 * a day is queued once across instances and restarts. Once this instance has seen a day's run, it
 * does not ask the database again until the next day.
 */
export class TaskDigestJob extends PeriodicJob {
  private doneDay: string | undefined;

  constructor(private readonly options: TaskDigestJobOptions) {
    super(options.firstDelayMs ?? 10_000, options.everyMs ?? 60_000);
  }

  protected async runOnce() {
    const { db, log, onQueued, clock = () => new Date() } = this.options;
    const now = clock();
    const day = digestDay(now);
    if (!day || day === this.doneDay) return;
    try {
      const queued = await queueTaskDigests(db, now);
      this.doneDay = day;
      if (queued > 0) {
        log.info({ day, queued }, "task digests queued");
        onQueued?.();
      }
    } catch (error) {
      // The database may be away: the next look tries again.
      log.error({ err: error }, "task digests failed");
    }
  }
}
