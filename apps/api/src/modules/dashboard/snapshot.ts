// Figures too costly to count on every request (the dashboard's windows over a million messages take
// 0.3-1 s), kept between requests (decision 049). A change the CRM announces (a live event, from any
// instance) makes them stale, and so does age (`maxAgeMs`: changes nobody announces, such as a
// deletion or the retention job). A request for stale figures waits for a count that began after
// the last change it could know of, so a person who has just answered a message sees it counted. Requests that come together
// share one count, and there is never more than one at a time. Nothing is counted in the background:
// no work for nobody, and no count racing a write it did not ask about.

type Counted<T> = { value: T; generation: number; startedAt: number };
type Waiter<T> = { generation: number; resolve: (value: T) => void; reject: (error: unknown) => void };

export class Snapshot<T> {
  private current: Counted<T> | undefined;
  /** Goes up with every change announced. */
  private generation = 0;
  private counting: Promise<void> | undefined;
  private waiters: Waiter<T>[] = [];
  private readonly now: () => number;

  constructor(
    private readonly count: () => Promise<T>,
    private readonly options: { maxAgeMs: number; now?: () => number },
  ) {
    this.now = options.now ?? (() => performance.now());
  }

  /** Figures counted after the last change announced and less than `maxAgeMs` ago. */
  get(): Promise<T> {
    const current = this.current;
    if (current && current.generation === this.generation && this.now() - current.startedAt < this.options.maxAgeMs)
      return Promise.resolve(current.value);
    const waited = new Promise<T>((resolve, reject) =>
      this.waiters.push({ generation: this.generation, resolve, reject }),
    );
    this.counting ??= this.loop();
    return waited;
  }

  /** Something the figures count changed. */
  changed() {
    this.generation += 1;
  }

  /** Resolves once the count under way (if any) is done. */
  async close() {
    await this.counting;
  }

  /** Counts until every waiter has figures of the generation it saw, or a later one. */
  private async loop() {
    while (this.waiters.length > 0) {
      const generation = this.generation;
      const startedAt = this.now();
      try {
        const value = await this.count();
        this.current = { value, generation, startedAt };
        const ready = this.waiters.filter((waiter) => waiter.generation <= generation);
        this.waiters = this.waiters.filter((waiter) => !ready.includes(waiter));
        for (const waiter of ready) waiter.resolve(value);
      } catch (error) {
        const failed = this.waiters;
        this.waiters = [];
        for (const waiter of failed) waiter.reject(error);
      }
    }
    this.counting = undefined;
  }
}
