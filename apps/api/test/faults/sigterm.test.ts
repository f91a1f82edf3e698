import { connect, type Socket } from "node:net";
import { describe, expect, it } from "vitest";
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
  return { socket, ended };
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
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("SIGTERM with requests in flight", () => {
  it("finishes them, answers a new one 503 with Retry-After, and exits 0 within 10 s", async () => {
    const server = await startServerProcess({ DATA_DIR: "memory://", NODE_ENV: "test" });
    try {
      // In flight: headers and half the body sent; the rest comes after the signal.
      const body = JSON.stringify(contactRequest({ email: "en-vuelo@finca.ec" }));
      const inFlight = openSocket(server.url);
      await write(inFlight.socket, contactHead(body, "en-vuelo-0001") + body.slice(0, 40));
      // Arriving during shutdown: the connection is open, its request line not finished yet.
      const late = openSocket(server.url);
      await write(late.socket, "POST /api/client HTTP/1.1\r\n");
      await sleep(300);

      const signalled = Date.now();
      server.child.kill("SIGTERM");
      await sleep(300);
      const lateBody = JSON.stringify(contactRequest({ email: "tarde@finca.ec" }));
      await write(
        late.socket,
        contactHead(lateBody, "tarde-0001").replace("POST /api/client HTTP/1.1\r\n", "") + lateBody,
      );
      await write(inFlight.socket, body.slice(40));

      const [finished, refused] = await Promise.all([inFlight.ended, late.ended]);
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
