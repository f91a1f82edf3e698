import { connect, createServer, type Server, type Socket } from "node:net";

/**
 * `pass` forwards both ways; `blackhole` swallows bytes both ways (a hung server); `drop-replies`
 * forwards what the client sends but swallows the answers, so work is done and committed upstream
 * while the client never hears of it (a connection cut after COMMIT and before the answer).
 */
export type ProxyMode = "pass" | "blackhole" | "drop-replies";

/**
 * A TCP proxy in front of the test database (or the server), to make it fail the way networks do:
 * the modes above, `down()` closes every connection and stops listening (a stopped server), `up()`
 * brings it back on the same port, `cut()` closes the open connections but keeps listening, and
 * `latencyMs` delays every chunk (a slow network, so requests stay in flight long enough to be seen).
 */
export class TcpProxy {
  private server: Server | undefined;
  private sockets = new Set<Socket>();
  mode: ProxyMode = "pass";
  latencyMs = 0;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** Starts listening; does nothing when already up, so a test can say "up" without knowing. */
  async up() {
    if (this.server) return;
    this.server = createServer((client) => {
      const upstream = connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on("close", () => this.sockets.delete(socket));
        socket.on("error", () => socket.destroy());
      }
      client.on("data", (chunk) => this.forward(chunk, upstream, this.mode !== "blackhole"));
      upstream.on("data", (chunk) => this.forward(chunk, client, this.mode === "pass"));
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
    });
    await new Promise<void>((resolve) => this.server?.listen(this.port, "127.0.0.1", resolve));
    const address = this.server.address();
    if (typeof address === "object" && address) this.port = address.port;
  }

  private forward(chunk: Buffer, to: Socket, passes: boolean) {
    if (!passes) return;
    if (this.latencyMs === 0) to.write(chunk);
    else setTimeout(() => !to.destroyed && to.write(chunk), this.latencyMs);
  }

  /** Closes every open connection; new ones are still accepted. */
  cut() {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  async down() {
    this.cut();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
  }

  /** `url` with its host and port replaced by the proxy's. */
  route(url: string) {
    const routed = new URL(url);
    routed.hostname = "127.0.0.1";
    routed.port = String(this.port);
    return routed.toString();
  }
}
