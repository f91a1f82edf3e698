import { LIVE_EVENT_KINDS, type LiveEvent } from "@app/shared/constants";
import { ApiError, authRequest } from "~/lib/api-client";

// The CRM's live updates (docs/decisions/029): an EventSource on /api/events, opened with a pass
// cookie that POST /api/events/ticket gives for the access token. No person's data comes this way,
// only what changed: the screens reload through the API.

export type LiveHandlers = {
  onEvent: (event: LiveEvent) => void;
  /** Some events may have been missed: reload once. */
  onResync: () => void;
};

/** A frame this page cannot read is skipped: the next reload shows the truth anyway. */
function parsed<T>(data: string): T | undefined {
  try {
    return JSON.parse(data) as T;
  } catch {
    return undefined;
  }
}

const RETRY_MS = 3000;
const MAX_RETRY_MS = 30_000;
const ACTIVITY = ["pointerdown", "keydown"] as const;

/**
 * Keeps one stream open while the session lasts. It ends with the access token it was opened with
 * (the server says `end`); a new one opens once the session has renewed its token, or the person
 * uses the page again. An unattended page never renews the session by itself, so the idle limit
 * of decision 014 still holds. A dropped connection or a server that restarts: again after a pause.
 */
export class LiveConnection {
  private source: EventSource | undefined;
  private lastEventId = "";
  private state: "idle" | "connecting" | "open" | "waiting" | "retrying" | "stopped" = "idle";
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** The session renewed its access token since this stream's pass was issued. */
  private renewed = false;
  /** When the current pass (and so the stream) ends. */
  private until = 0;
  /** The pass request in flight: stopping (signing out) cancels it, so it never meets a 401. */
  private request: AbortController | undefined;

  constructor(private readonly handlers: LiveHandlers) {}

  start() {
    void this.connect();
  }

  stop() {
    this.state = "stopped";
    this.request?.abort();
    this.closeSource();
    clearTimeout(this.retryTimer);
    this.stopWaiting();
  }

  /** The session has a new access token (a refresh, a password change). */
  sessionRenewed() {
    if (this.state === "waiting") void this.connect();
    else this.renewed = true;
  }

  private async connect() {
    if (this.state === "stopped" || this.state === "connecting") return;
    this.state = "connecting";
    this.renewed = false;
    this.stopWaiting();
    clearTimeout(this.retryTimer);
    this.closeSource();
    this.request = new AbortController();
    try {
      const { until } = await authRequest<{ until: string }>("/events/ticket", {
        method: "POST",
        signal: this.request.signal,
      });
      this.until = Date.parse(until);
    } catch (error) {
      // Stopped meanwhile (the state changes while the call is out).
      if (this.isStopped()) return;
      // The session is over or must change its password: the CRM's guard takes the person there.
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return this.waitForPerson();
      return this.retryLater();
    }
    if (this.state !== "connecting") return;
    this.open();
  }

  private open() {
    const query = this.lastEventId ? `?lastEventId=${encodeURIComponent(this.lastEventId)}` : "";
    const source = new EventSource(`/api/events${query}`);
    this.source = source;
    this.state = "open";
    source.onopen = () => {
      this.failures = 0;
    };
    const receive = (message: MessageEvent<string>) => {
      if (message.lastEventId) this.lastEventId = message.lastEventId;
      const event = parsed<LiveEvent>(message.data);
      if (event) this.handlers.onEvent(event);
    };
    for (const kind of LIVE_EVENT_KINDS) source.addEventListener(kind, receive);
    source.addEventListener("resync", () => this.handlers.onResync());
    source.addEventListener("end", (message) => {
      this.closeSource();
      if (parsed<{ reason?: string }>(message.data)?.reason === "restart") this.retryLater();
      else this.waitForPerson();
    });
    // The browser would reconnect by itself with a pass that may have ended: this does it instead.
    source.onerror = () => {
      if (this.source !== source) return;
      this.closeSource();
      this.retryLater();
    };
  }

  private retryLater() {
    if (this.state === "stopped") return;
    // Past the pass, a new one would need a token refresh: that is for the person's next action.
    if (this.until > 0 && Date.now() >= this.until && !this.renewed) return this.waitForPerson();
    this.state = "retrying";
    this.failures += 1;
    const delay = Math.min(RETRY_MS * 2 ** (this.failures - 1), MAX_RETRY_MS) * (0.75 + Math.random() / 2);
    this.retryTimer = setTimeout(() => void this.connect(), delay);
  }

  private waitForPerson() {
    if (this.state === "stopped") return;
    if (this.renewed) return void this.connect();
    this.state = "waiting";
    for (const type of ACTIVITY) window.addEventListener(type, this.onActivity, { capture: true, passive: true });
  }

  private readonly onActivity = () => {
    if (this.state === "waiting") void this.connect();
  };

  private stopWaiting() {
    for (const type of ACTIVITY) window.removeEventListener(type, this.onActivity, { capture: true });
  }

  private isStopped() {
    return this.state === "stopped";
  }

  private closeSource() {
    this.source?.close();
    this.source = undefined;
  }
}
