import type { FastifyInstance } from "fastify";
import { bearer } from "./auth.ts";

/** One block of a text/event-stream answer: fields by name, comment lines apart. */
export type SseFrame = { id?: string; event?: string; data?: string; retry?: string; comments: string[] };

/** A `text/event-stream` answer read over real HTTP, frame by frame, as a browser reads it. */
export type SseReader = {
  status: number;
  headers: Headers;
  /** The answer's body when it is not a stream (a refusal). */
  body: string;
  frames: SseFrame[];
  /** Whether the server ended the answer. */
  ended: () => boolean;
  /** Waits for a frame that matches (already there or still to come). */
  next: (match: (frame: SseFrame) => boolean, timeoutMs?: number) => Promise<SseFrame>;
  /** Waits for the server to end the answer. */
  waitEnd: (timeoutMs?: number) => Promise<void>;
  close: () => void;
};

function parseFrame(block: string): SseFrame {
  const frame: SseFrame = { comments: [] };
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) {
      frame.comments.push(line.slice(1).trim());
      continue;
    }
    const colon = line.indexOf(":");
    const name = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (name === "id" || name === "event" || name === "data" || name === "retry") frame[name] = value;
  }
  return frame;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens `GET {base}/api/events` with the given cookie (and Last-Event-ID) and reads it in the background. */
export async function openEventStream(
  base: string,
  { cookie, lastEventId }: { cookie?: string | undefined; lastEventId?: string } = {},
): Promise<SseReader> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/events`, {
    headers: {
      accept: "text/event-stream",
      ...(cookie ? { cookie } : {}),
      ...(lastEventId ? { "last-event-id": lastEventId } : {}),
    },
    signal: controller.signal,
  });
  const frames: SseFrame[] = [];
  let done = !response.ok || !response.body;
  // A refusal is read to its end, so its connection is free again (an unread one keeps the server open).
  const body = response.ok ? "" : await response.text();
  if (response.body && response.ok) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    void (async () => {
      try {
        for (;;) {
          const { value, done: finished } = await reader.read();
          if (finished) break;
          buffer += decoder.decode(value, { stream: true });
          let end = buffer.indexOf("\n\n");
          while (end !== -1) {
            frames.push(parseFrame(buffer.slice(0, end)));
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf("\n\n");
          }
        }
      } catch {
        // Aborted by close().
      } finally {
        done = true;
      }
    })();
  }
  return {
    status: response.status,
    headers: response.headers,
    body,
    frames,
    ended: () => done,
    async next(match, timeoutMs = 2000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = frames.find(match);
        if (found) return found;
        if (Date.now() > deadline) {
          throw new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`);
        }
        await sleep(20);
      }
    },
    async waitEnd(timeoutMs = 2000) {
      const deadline = Date.now() + timeoutMs;
      while (!done) {
        if (Date.now() > deadline) throw new Error(`the stream did not end within ${timeoutMs} ms`);
        await sleep(20);
      }
    },
    close: () => controller.abort(),
  };
}

/** `POST /api/events/ticket` with an access token: the pass cookie, as `name=value`. */
export async function livePass(app: FastifyInstance, accessToken: string) {
  const response = await app.inject({ method: "POST", url: "/api/events/ticket", headers: bearer(accessToken) });
  if (response.statusCode !== 200) throw new Error(`ticket failed: ${response.statusCode} ${response.body}`);
  const line = [response.headers["set-cookie"]].flat().find((value) => value?.startsWith("fp_live="));
  if (!line) throw new Error("no fp_live cookie");
  return { cookie: line.split(";")[0] ?? "", setCookie: line, until: (response.json() as { until: string }).until };
}

/** The data of an event frame as JSON. */
export const dataOf = (frame: SseFrame) => JSON.parse(frame.data ?? "null") as Record<string, unknown>;

/** The same over the network, for a server in its own process: `POST {base}/api/events/ticket`. */
export async function fetchLivePass(base: string, accessToken: string) {
  const response = await fetch(`${base}/api/events/ticket`, { method: "POST", headers: bearer(accessToken) });
  if (response.status !== 200) throw new Error(`ticket failed: ${response.status} ${await response.text()}`);
  await response.text();
  const line = response.headers.getSetCookie().find((value) => value.startsWith("fp_live="));
  if (!line) throw new Error("no fp_live cookie");
  return line.split(";")[0] ?? "";
}

/** `POST {base}/api/auth/login`: the access token. */
export async function fetchAccessToken(base: string, username: string, password: string) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}
