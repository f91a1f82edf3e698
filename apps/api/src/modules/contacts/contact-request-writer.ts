import type { Db } from "../../db/client.ts";
import { isDatabaseUnavailable } from "../../db/errors.ts";
import { insertContactRequests, type NewContactRequest } from "./intake-repo.ts";

type Pending = {
  request: NewContactRequest;
  resolve: (id: number | undefined) => void;
  reject: (error: unknown) => void;
};

/**
 * Group commit for contact requests: while a write is in flight, requests that arrive wait and are
 * then written together in one statement. Alone, a request is written at once (no added latency);
 * under load the per-statement cost is shared, which is what lets the embedded database, which runs
 * one statement at a time on its thread, keep up (bench/api).
 */
export class ContactRequestWriter {
  private queue: Pending[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly db: Db,
    /** Statements at once: 1 for PGlite (it runs them one by one anyway), a few for PostgreSQL. */
    private readonly concurrency: number,
    private readonly maxBatch = 100,
  ) {}

  /** Resolves with the new message id, or undefined when its idempotency key was already used. */
  write(request: NewContactRequest): Promise<number | undefined> {
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      this.schedule();
    });
  }

  /**
   * Flushes after the requests Node is reading in this turn of the event loop have queued theirs:
   * flushing at once would write them one by one.
   */
  private schedule() {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  private pump() {
    while (this.inFlight < this.concurrency && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.inFlight += 1;
      void this.flush(batch).finally(() => {
        this.inFlight -= 1;
        this.schedule();
      });
    }
  }

  private async flush(batch: Pending[]) {
    try {
      const ids = await insertContactRequests(
        this.db,
        batch.map((item) => item.request),
      );
      for (const [index, item] of batch.entries()) item.resolve(ids[index]);
    } catch (error) {
      if (batch.length === 1 || isDatabaseUnavailable(error)) {
        for (const item of batch) item.reject(error);
        return;
      }
      // One request the database refuses must not fail the others: write them one by one.
      for (const item of batch) {
        try {
          const [id] = await insertContactRequests(this.db, [item.request]);
          item.resolve(id);
        } catch (single) {
          item.reject(single);
        }
      }
    }
  }
}
