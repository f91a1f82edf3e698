import { connect, type Socket } from "node:net";
import { describe, expect, it, vi } from "vitest";
import { contactRequest } from "../contact.ts";
import { startServerProcess } from "../server-process.ts";

// SIGTERM while requests are on their way: those already being received finish and are stored,
// one that arrives once the server is closing is told to come back (503), and the process exits 0.

function openSocket(url: string) {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let answer = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk) => {
    answer += chunk;
  });
  const ended = new Promise<string>((resolve) => {
    socket.on("close", () => resolve(answer));
    socket.on("error", () => {});
  });
  return { socket, ended, received: () => answer };
}

function contactHead(body: string, key: string) {
  return [
    "POST /api/client HTTP/1.1",
    "Host: 127.0.0.1",
    "Content-Type: application/json",
    `Content-Length: ${Buffer.byteLength(body)}`,
    `Idempotency-Key: ${key}`,
    "Connection: close",
    "",
    "",
  ].join("\r\n");
}

const write = (socket: Socket, text: string) => new Promise((resolve) => socket.write(text, resolve));
const HEALTH = "GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";

describe("SIGTERM with requests in flight", () => {
  it("finishes them, answers a new one 503 with Retry-After, and exits 0 within 10 s", async () => {
    const server = await startServerProcess({ DATA_DIR: "memory://", NODE_ENV: "test" });
    try {
      // In flight: headers and half the body sent (the server logs the request once it has the headers);
      // the rest comes after the signal.
      const body = JSON.stringify(contactRequest({ email: "en-vuelo@finca.ec" }));
      const inFlight = openSocket(server.url);
      await write(inFlight.socket, contactHead(body, "en-vuelo-0001") + body.slice(0, 40));
      await vi.waitFor(() => expect(server.output()).toContain('"url":"/api/client"'), { timeout: 10_000 });
      // Arriving during shutdown: a connection the server has taken (it answered on it), then a
      // request whose request line is not finished yet.
      const late = openSocket(server.url);
      await write(late.socket, HEALTH);
      await vi.waitFor(() => expect(late.received()).toMatch(/^HTTP\/1\.1 200[\s\S]*\r\n\r\n\{[\s\S]*\}$/), {
        timeout: 10_000,
      });
      const afterHealth = late.received().length;
      await write(late.socket, "POST /api/client HTTP/1.1\r\n");

      const signalled = Date.now();
      server.child.kill("SIGTERM");
      // Logged right before the server starts turning new requests away.
      await vi.waitFor(() => expect(server.output()).toContain('"shutting down"'), { timeout: 10_000 });
      const lateBody = JSON.stringify(contactRequest({ email: "tarde@finca.ec" }));
      await write(
        late.socket,
        contactHead(lateBody, "tarde-0001").replace("POST /api/client HTTP/1.1\r\n", "") + lateBody,
      );
      await write(inFlight.socket, body.slice(40));

      const [finished, lateAnswers] = await Promise.all([inFlight.ended, late.ended]);
      const refused = lateAnswers.slice(afterHealth);
      expect(finished).toMatch(/^HTTP\/1\.1 201/);
      expect(refused).toMatch(/^HTTP\/1\.1 503/);
      expect(refused).toMatch(/retry-after: \d+/i);
      expect(refused).toContain("reiniciando");
      // A brand-new connection is refused outright once the listener is closed.
      await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();

      expect(await server.exited).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(10_000);
      expect(server.output()).toContain('"contact request stored"');
    } finally {
      await server.stop("SIGKILL");
    }
  }, 60_000);
});
