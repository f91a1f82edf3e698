import type { ServerResponse } from "node:http";
import type { HubDelivery, LiveHub, NumberedEvent } from "./live-hub.ts";

/**
 * Why the server ended a stream. `expired` and `session`: the page waits for the person (or a renewed
 * session) before opening another; `restart` (shutting down, or the session could not be checked):
 * it opens another after a pause, probably on another instance.
 */
export type EndReason = "expired" | "session" | "restart";

export type StreamTimings = {
  /** A comment line this often keeps proxies from closing a quiet stream. */
  heartbeatMs: number;
  /** The session is checked again this often, and before an event when the last check is older than `eventCheckMs`. */
  recheckMs: number;
  eventCheckMs: number;
};

export type EventStreamOptions = {
  raw: ServerResponse;
  hub: LiveHub;
  timings: StreamTimings;
  /** The stream ends by itself then (the pass's expiry). */
  until: Date;
  /** Whether the session the stream was opened for may still see events. */
  stillAllowed: () => Promise<boolean>;
  onEnd: () => void;
};

/** How long the browser waits before reconnecting by itself after the connection drops. */
const RETRY_MS = 3000;
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * One open `text/event-stream` answer. Events are written in order; before one is written the
 * session is checked again if the last check is a few seconds old, so a disabled account or a
 * signed-out session gets nothing more, and the stream ends.
 */
export class EventStream {
  private ended = false;
  private checkedAt = Date.now();
  /** Deliveries are written one after the other, each after its session check. */
  private queue: Promise<void> = Promise.resolve();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly unsubscribe: () => void;

  constructor(private readonly options: EventStreamOptions) {
    const { raw, hub, timings, until } = options;
    this.unsubscribe = hub.subscribe((delivery) => this.enqueue(delivery));
    raw.on("close", () => this.finish());
    raw.on("error", () => this.finish());
    this.write(`retry: ${RETRY_MS}\n\n`);
    this.timers.push(setInterval(() => this.write(": ping\n\n"), timings.heartbeatMs));
    this.timers.push(setInterval(() => this.enqueue("check"), timings.recheckMs));
    this.timers.push(setTimeout(() => this.end("expired"), Math.min(until.getTime() - Date.now(), MAX_TIMER_MS)));
  }

  /** Sends what a reconnecting page missed, or tells it to reload once. */
  replay(resume: { events: NumberedEvent[] } | { resync: true }) {
    if ("resync" in resume) this.write("event: resync\ndata: {}\n\n");
    else for (const numbered of resume.events) this.write(frame(numbered));
  }

  /** Ends the stream with a last event saying why, so the page does not reconnect blindly. */
  end(reason: EndReason) {
    if (this.ended) return;
    this.write(`event: end\ndata: ${JSON.stringify({ reason })}\n\n`);
    this.options.raw.end();
    this.finish();
  }

  private enqueue(delivery: HubDelivery | "check") {
    this.queue = this.queue.then(() => this.handle(delivery)).catch(() => this.end("restart"));
  }

  private async handle(delivery: HubDelivery | "check") {
    if (this.ended) return;
    const stale = Date.now() - this.checkedAt >= (delivery === "check" ? 0 : this.options.timings.eventCheckMs);
    if (stale) {
      const allowed = await this.options.stillAllowed();
      this.checkedAt = Date.now();
      if (!allowed) return this.end("session");
    }
    if (this.ended || delivery === "check") return;
    if ("missed" in delivery) this.write("event: resync\ndata: {}\n\n");
    else this.write(frame(delivery));
  }

  private write(text: string) {
    if (this.ended || this.options.raw.writableEnded) return;
    this.options.raw.write(text);
  }

  /** The connection is gone (or ended): no timer, listener or queued check is left behind. */
  private finish() {
    if (this.ended) return;
    this.ended = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.unsubscribe();
    this.options.onEnd();
  }
}

const frame = ({ id, event }: NumberedEvent) => `id: ${id}\nevent: ${event.kind}\ndata: ${JSON.stringify(event)}\n\n`;
