// Figures too costly to count on every request (the dashboard's windows over a million messages take
// 0.3-1 s), kept between requests (decision 049). A change the CRM announces (a live event, from any
// instance) makes them stale: the next request waits for figures counted after it, so a person who
// just answered a message sees it counted. Changes nobody announces (a WhatsApp click, a deletion, the
// retention job) show within `maxAgeMs`: older figures are served once more while new ones are
// counted. While someone looks at the figures, a change has them counted again at once, so the
// next look rarely waits. Never more than one count at a time.

export type SnapshotOptions = {
  maxAgeMs: number;
  /** How long after the last look a change still has the figures counted again at once. */
  watchedMs: number;
  /** A count that failed in the background (the next request tries again). */
  onBackgroundError: (error: unknown) => void;
  now?: () => number;
};

type Counted<T> = { value: T; generation: number; startedAt: number };
type Waiter<T> = { generation: number; resolve: (value: T) => void; reject: (error: unknown) => void };

export class Snapshot<T> {
  private current: Counted<T> | undefined;
  /** Goes up with every change announced. */
  private generation = 0;
  private counting: Promise<void> | undefined;
  /** The generation the count under way started at. */
  private countingGeneration = -1;
  private closed = false;
  private again = false;
  private waiters: Waiter<T>[] = [];
  private lookedAt = Number.NEGATIVE_INFINITY;
  private readonly now: () => number;

  constructor(
    private readonly count: () => Promise<T>,
    private readonly options: SnapshotOptions,
  ) {
    this.now = options.now ?? (() => performance.now());
  }

  /** Figures counted after the last change announced; past `maxAgeMs` they are served while counted again. */
  get(): Promise<T> {
    this.lookedAt = this.now();
    const current = this.current;
    if (current && current.generation === this.generation) {
      if (this.now() - current.startedAt >= this.options.maxAgeMs) this.start();
      return Promise.resolve(current.value);
    }
    const generation = this.generation;
    const waited = new Promise<T>((resolve, reject) => this.waiters.push({ generation, resolve, reject }));
    this.start();
    return waited;
  }

  /** Something the figures count changed. */
  changed() {
    this.generation += 1;
    if (!this.closed && this.now() - this.lookedAt < this.options.watchedMs) this.start();
  }

  /** Counts now, or once more after the count under way (whose start may predate a change). */
  private start() {
    if (this.counting) {
      if (this.countingGeneration !== this.generation) this.again = true;
      return;
    }
    this.counting = this.loop();
  }

  /** No count starts any more; resolves once the one under way (if any) is done. */
  async close() {
    this.closed = true;
    await this.counting;
  }

  private async loop() {
    do {
      this.again = false;
      const generation = this.generation;
      this.countingGeneration = generation;
      const startedAt = this.now();
      try {
        const value = await this.count();
        this.current = { value, generation, startedAt };
        const ready = this.waiters.filter((waiter) => waiter.generation <= generation);
        this.waiters = this.waiters.filter((waiter) => waiter.generation > generation);
        for (const waiter of ready) waiter.resolve(value);
      } catch (error) {
        const failed = this.waiters;
        this.waiters = [];
        for (const waiter of failed) waiter.reject(error);
        if (failed.length === 0) this.options.onBackgroundError(error);
        // Those who asked during it were told; the next request counts again.
        this.again = false;
      }
    } while (this.again && !this.closed);
    this.counting = undefined;
  }
}
