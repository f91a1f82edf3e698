/** Too many tasks wait already: the caller answers at once rather than queue without end. */
export class QueueFullError extends Error {
  override name = "QueueFullError";
}

/** The request gave up (its handler timed out, or the client left) before or while its task ran. */
export class AbandonedError extends Error {
  override name = "AbandonedError";
}

/**
 * Runs tasks one after the other, in arrival order; at most `maxWaiting` wait behind the one
 * running. A task whose request gives up while waiting leaves the line and never starts.
 */
export class OneAtATime {
  private running = false;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly maxWaiting: number) {}

  async run<T>(task: () => Promise<T>, signal: AbortSignal): Promise<T> {
    if (this.running) {
      if (this.waiting.length >= this.maxWaiting) throw new QueueFullError();
      await this.turn(signal);
    }
    if (signal.aborted) {
      this.next();
      throw new AbandonedError();
    }
    this.running = true;
    try {
      return await task();
    } finally {
      this.next();
    }
  }

  /** Resolves when the task before is done; rejects (and leaves the line) if the request gives up first. */
  private turn(signal: AbortSignal) {
    return new Promise<void>((resolve, reject) => {
      const go = () => {
        signal.removeEventListener("abort", leave);
        resolve();
      };
      const leave = () => {
        this.waiting.splice(this.waiting.indexOf(go), 1);
        reject(new AbandonedError());
      };
      this.waiting.push(go);
      signal.addEventListener("abort", leave, { once: true });
    });
  }

  /** Hands the turn to the first in line, or frees it. */
  private next() {
    const first = this.waiting.shift();
    this.running = first !== undefined;
    first?.();
  }
}
