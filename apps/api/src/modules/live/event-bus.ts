import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import type { Db } from "../../db/client.ts";
import { type LiveEvent, liveEventSchema } from "./live-event.ts";

/** An event, or word that some may have been missed (the screens then reload once). */
export type BusDelivery = { event: LiveEvent } | { missed: true };
export type BusListener = (delivery: BusDelivery) => void;

export interface EventBus {
  publish(event: LiveEvent): void;
  subscribe(listener: BusListener): () => void;
  close(): Promise<void>;
}

/** PGlite, one process: events go straight to this process's listeners. */
export class LocalEventBus implements EventBus {
  private readonly listeners = new Set<BusListener>();

  publish(event: LiveEvent) {
    this.deliver({ event });
  }

  subscribe(listener: BusListener) {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  async close() {
    this.listeners.clear();
  }

  protected deliver(delivery: BusDelivery) {
    for (const listener of this.listeners) {
      try {
        listener(delivery);
      } catch {
        // One broken stream must not keep the event from the others.
      }
    }
  }
}

export const CHANNEL = "crm_events";
const RECONNECT_MAX_MS = 15_000;
/** A LISTEN connection can die without a word (a half-open TCP connection): asked now and then. */
const PING_MS = 30_000;

/**
 * PostgreSQL, any number of instances: each event is delivered here at once and sent to the others
 * with NOTIFY (after the write committed, on the app's pool). One dedicated connection per instance
 * LISTENs, skips its own instance's events and reconnects with backoff when it drops; the streams
 * are then told that events may have been missed.
 */
export class PostgresEventBus extends LocalEventBus {
  private readonly origin = randomUUID();
  private client: pg.Client | undefined;
  private closed = false;
  private failures = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private pingTimer: NodeJS.Timeout | undefined;
  private everConnected = false;

  constructor(
    private readonly url: string,
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {
    super();
  }

  /** Resolves once the first LISTEN is in place (or failed: it keeps trying in the background). */
  async start() {
    await this.connect();
  }

  override publish(event: LiveEvent) {
    this.deliver({ event });
    const payload = JSON.stringify({ ...event, origin: this.origin });
    this.db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`).catch((error: unknown) => {
      this.log.warn({ err: error, kind: event.kind }, "live event not sent to the other instances");
    });
  }

  override async close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
    await super.close();
  }

  private async connect() {
    if (this.closed) return;
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: 2000,
      query_timeout: 2500,
      keepAlive: true,
    });
    const lost = () => this.lost(client);
    client.on("error", lost);
    client.on("end", lost);
    client.on("notification", (message) => this.received(message.payload));
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch (error) {
      this.log.warn({ err: error }, "live events: LISTEN failed, retrying");
      client.removeAllListeners();
      client.on("error", () => {});
      await client.end().catch(() => {});
      this.retry();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.failures = 0;
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => {
      client.query("select 1").catch(lost);
    }, PING_MS);
    this.pingTimer.unref();
    // Whatever the others sent while this instance was not listening is gone: screens reload once.
    if (this.everConnected) this.deliver({ missed: true });
    this.everConnected = true;
  }

  private lost(client: pg.Client) {
    if (this.client !== client) return;
    this.client = undefined;
    clearInterval(this.pingTimer);
    client.removeAllListeners();
    client.on("error", () => {});
    client.end().catch(() => {});
    if (this.closed) return;
    this.log.warn("live events: LISTEN connection lost, reconnecting");
    this.retry();
  }

  private retry() {
    if (this.closed) return;
    this.failures += 1;
    const delay = Math.min(250 * 2 ** (this.failures - 1), RECONNECT_MAX_MS);
    this.retryTimer = setTimeout(() => void this.connect(), delay);
    this.retryTimer.unref();
  }

  private received(payload: string | undefined) {
    if (!payload) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    const origin = (parsed as { origin?: unknown }).origin;
    if (origin === this.origin) return;
    const event = liveEventSchema.safeParse(parsed);
    if (event.success) this.deliver({ event: event.data });
  }
}
