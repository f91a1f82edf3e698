// A look run from inside the server every so often: never two at once, none after stop(), and the
// timer never keeps the process alive. The retention period and the task digests use it.

export abstract class PeriodicJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  /** Looks finished so far (whether or not they acted): lets a test see the job has moved on. */
  passes = 0;

  constructor(
    private readonly firstDelayMs: number,
    private readonly everyMs: number,
  ) {}

  /** One look; it handles its own errors (the next look tries again). */
  protected abstract runOnce(): Promise<void>;

  start() {
    this.schedule(this.firstDelayMs);
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.runOnce().finally(() => {
        this.running = undefined;
        this.passes += 1;
        this.schedule(this.everyMs);
      });
    }, delayMs);
    this.timer.unref();
  }
}
