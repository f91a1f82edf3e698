import type { LiveEvent } from "@app/shared/constants";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, authRequest } from "~/lib/api-client";
import { LiveConnection } from "./live-connection";
import { announcementOf } from "./use-live-events";

vi.mock("~/lib/api-client", async (original) => ({
  ...(await original<typeof import("~/lib/api-client")>()),
  authRequest: vi.fn(),
}));

/** An EventSource the test drives: it records its URL and lets the test send frames and errors. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly listeners = new Map<string, ((message: MessageEvent<string>) => void)[]>();
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (message: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown, lastEventId = "") {
    const message = { data: JSON.stringify(data), lastEventId } as MessageEvent<string>;
    for (const listener of this.listeners.get(type) ?? []) listener(message);
  }
}

const windowListeners = new Map<string, () => void>();
const ticket = vi.mocked(authRequest);
const flush = () => vi.advanceTimersByTimeAsync(0);
const latest = () => FakeEventSource.opened.at(-1) as FakeEventSource;

describe("the CRM's live connection", () => {
  let events: LiveEvent[];
  let resyncs: number;
  let connection: LiveConnection;

  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.opened = [];
    windowListeners.clear();
    vi.stubGlobal("EventSource", FakeEventSource);
    vi.stubGlobal("window", {
      addEventListener: (type: string, listener: () => void) => windowListeners.set(type, listener),
      removeEventListener: (type: string) => windowListeners.delete(type),
    });
    ticket.mockReset();
    ticket.mockResolvedValue({ until: new Date(Date.now() + 14 * 60_000).toISOString() });
    events = [];
    resyncs = 0;
    connection = new LiveConnection({
      onEvent: (event) => events.push(event),
      onResync: () => {
        resyncs += 1;
      },
    });
  });

  afterEach(() => {
    connection.stop();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("opens a stream with a pass and hands over its events and resyncs", async () => {
    connection.start();
    await flush();
    expect(ticket).toHaveBeenCalledWith("/events/ticket", expect.objectContaining({ method: "POST" }));
    expect(latest().url).toBe("/api/events");
    latest().emit("lead_created", { kind: "lead_created", messageId: 7, at: "2026-01-01T00:00:00.000Z" }, "ab12cd34.1");
    latest().emit("resync", {});
    expect(events).toEqual([{ kind: "lead_created", messageId: 7, at: "2026-01-01T00:00:00.000Z" }]);
    expect(resyncs).toBe(1);
  });

  it("after the pass expires, waits for the person, then resumes from the last event", async () => {
    connection.start();
    await flush();
    latest().emit("lead_created", { kind: "lead_created", at: "2026-01-01T00:00:00.000Z" }, "ab12cd34.5");
    latest().emit("end", { reason: "expired" });
    expect(latest().closed).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeEventSource.opened).toHaveLength(1);
    windowListeners.get("keydown")?.();
    await flush();
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(latest().url).toBe("/api/events?lastEventId=ab12cd34.5");
  });

  it("after the pass expires, opens again at once when the session has renewed its token", async () => {
    connection.start();
    await flush();
    connection.sessionRenewed();
    latest().emit("end", { reason: "session" });
    await flush();
    expect(FakeEventSource.opened).toHaveLength(2);
  });

  it("a dropped connection or a restarting server: a new pass and a new stream after a pause", async () => {
    connection.start();
    await flush();
    const first = latest();
    first.onerror?.();
    // The browser would retry with a pass that may have ended: the connection does it instead.
    expect(first.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeEventSource.opened).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(FakeEventSource.opened).toHaveLength(2);
    // Opened: the pause starts again from 3 s.
    latest().onopen?.();
    latest().emit("end", { reason: "restart" });
    await vi.advanceTimersByTimeAsync(5000);
    expect(FakeEventSource.opened).toHaveLength(3);
    expect(ticket).toHaveBeenCalledTimes(3);
  });

  it("a refused pass (the session ended) waits instead of asking again", async () => {
    ticket.mockRejectedValueOnce(new ApiError(401, ""));
    connection.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ticket).toHaveBeenCalledTimes(1);
    expect(FakeEventSource.opened).toHaveLength(0);
  });

  it("stopping closes the stream and opens nothing more", async () => {
    connection.start();
    await flush();
    connection.stop();
    expect(latest().closed).toBe(true);
    latest().onerror?.();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeEventSource.opened).toHaveLength(1);
  });
});

describe("the live announcement", () => {
  it("says in Spanish what colleagues did", () => {
    const none = { leads: 0, assigned: 0, replies: 0, answers: 0 };
    expect(announcementOf({ ...none, leads: 1 })).toBe("1 contacto nuevo");
    expect(announcementOf({ ...none, leads: 3, assigned: 1 })).toBe("3 contactos nuevos. Te asignaron un contacto");
    expect(announcementOf({ ...none, replies: 2 })).toBe("Tus colegas respondieron 2 mensajes");
    expect(announcementOf({ ...none, answers: 1 })).toBe("Un cliente respondió por correo");
    expect(announcementOf({ ...none, answers: 2, leads: 1 })).toBe(
      "1 contacto nuevo. 2 clientes respondieron por correo",
    );
    expect(announcementOf(none)).toBe("");
  });
});
