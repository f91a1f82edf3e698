import { describe, expect, it } from "vitest";
import { startServerProcess } from "./server-process.ts";
import { dataOf, fetchAccessToken, fetchLivePass, openEventStream } from "./sse.ts";

// An open live stream must not hold a stopping server: SIGTERM ends it with word to come back
// (`restart`: the page reconnects, to another instance behind a load balancer), and the process
// still exits 0 promptly.
describe("SIGTERM with a live stream open", () => {
  it("ends the stream with reason restart and exits 0 promptly", async () => {
    const password = "clave-de-pruebas-del-crm";
    const server = await startServerProcess({
      DATA_DIR: "memory://",
      NODE_ENV: "test",
      ADMIN_USERNAME: "admin",
      ADMIN_PASSWORD: password,
      COOKIE_SECURE: "false",
    });
    try {
      const token = await fetchAccessToken(server.url, "admin", password);
      const stream = await openEventStream(server.url, { cookie: await fetchLivePass(server.url, token) });
      expect(stream.status).toBe(200);
      await stream.next((frame) => frame.retry !== undefined);

      const signalled = Date.now();
      server.child.kill("SIGTERM");
      expect(dataOf(await stream.next((frame) => frame.event === "end", 5000))).toEqual({ reason: "restart" });
      await stream.waitEnd(5000);
      expect(await server.exited).toBe(0);
      // Well within the 10 s bar: a stream left open would hold the server until the forced exit 1.
      expect(Date.now() - signalled).toBeLessThan(5000);
    } finally {
      await server.stop("SIGKILL");
    }
  }, 60_000);
});
