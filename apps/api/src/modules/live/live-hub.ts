import { randomBytes } from "node:crypto";
import type { BusDelivery, EventBus } from "./event-bus.ts";
import type { LiveEvent } from "./live-event.ts";

/** An event as a stream sends it: with this instance's id for it (`<boot>.<sequence>`). */
export type NumberedEvent = { id: string; event: LiveEvent };
export type HubDelivery = NumberedEvent | { missed: true };
type HubListener = (delivery: HubDelivery) => void;

/** What a reconnecting stream gets: the events it missed, or word that it must reload (`resync`). */
export type Resume = { events: NumberedEvent[] } | { resync: true };

/**
 * This instance's side of the bus: numbers the events, keeps the last ones so a stream that
 * reconnects (Last-Event-ID) gets what it missed, and fans them out to the open streams.
 */
export class LiveHub {
  /** Ids from another instance, or from before a restart, are not ours to resume from. */
  private readonly boot = randomBytes(4).toString("hex");
  private sequence = 0;
  /** Events up to this sequence may have been missed (the LISTEN connection dropped): no resuming past it. */
  private gapAt = 0;
  private readonly recent: NumberedEvent[] = [];
  private readonly listeners = new Set<HubListener>();
  private readonly unsubscribe: () => void;

  constructor(
    bus: EventBus,
    private readonly keep = 200,
  ) {
    this.unsubscribe = bus.subscribe((delivery) => this.receive(delivery));
  }

  get size() {
    return this.listeners.size;
  }

  subscribe(listener: HubListener) {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /**
   * The events after `lastId`, if this instance still holds all of them and all happened at or after
   * `notBefore` (when the person's current session was last proven): never one from before it.
   */
  resume(lastId: string, notBefore: Date): Resume {
    const [boot, sequenceText] = lastId.split(".");
    const last = Number(sequenceText);
    if (boot !== this.boot || !Number.isInteger(last) || last <= this.gapAt || last > this.sequence) {
      return { resync: true };
    }
    const oldest = this.sequence - this.recent.length;
    if (last < oldest) return { resync: true };
    const events = this.recent.slice(last - oldest);
    if (events.some(({ event }) => new Date(event.at) < notBefore)) return { resync: true };
    return { events };
  }

  close() {
    this.unsubscribe();
    this.listeners.clear();
  }

  private receive(delivery: BusDelivery) {
    let out: HubDelivery;
    if ("missed" in delivery) {
      this.gapAt = this.sequence;
      out = delivery;
    } else {
      this.sequence += 1;
      out = { id: `${this.boot}.${this.sequence}`, event: delivery.event };
      this.recent.push(out);
      if (this.recent.length > this.keep) this.recent.shift();
    }
    for (const listener of this.listeners) {
      try {
        listener(out);
      } catch {
        // A stream that failed is closed by its own handlers; the others go on.
      }
    }
  }
}
