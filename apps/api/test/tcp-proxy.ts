import { connect, createServer, type Server, type Socket } from "node:net";

export type ProxyMode = "pass" | "blackhole";

/**
 * A TCP proxy in front of the test database, to make it fail the way networks do: `blackhole`
 * swallows bytes in both directions (a hung server), `down()` closes every connection and stops
 * listening (a stopped server), `up()` brings it back on the same port.
 */
export class TcpProxy {
  private server: Server | undefined;
  private sockets = new Set<Socket>();
  mode: ProxyMode = "pass";
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async up() {
    this.server = createServer((client) => {
      const upstream = connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on("close", () => this.sockets.delete(socket));
        socket.on("error", () => socket.destroy());
      }
      client.on("data", (chunk) => this.mode === "pass" && upstream.write(chunk));
      upstream.on("data", (chunk) => this.mode === "pass" && client.write(chunk));
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
    });
    await new Promise<void>((resolve) => this.server?.listen(this.port, "127.0.0.1", resolve));
    const address = this.server.address();
    if (typeof address === "object" && address) this.port = address.port;
  }

  async down() {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
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
