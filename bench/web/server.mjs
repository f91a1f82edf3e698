// Starts the real server (scripts/start.mjs) for the benchmark and stops it reliably.
// The server runs in its own process group (detached) so one kill of the group stops node, tsx and
// anything they spawned, even when the leader is a wrapper (npm -> sh -> tsx -> node: killing only
// npm's PID would leave the server alive).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, openSync, readFileSync } from "node:fs";
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * The preferred port if it is free, otherwise whatever the OS hands out.
 * @param {number} [preferred]
 */
export async function freePort(preferred) {
  /**
   * @param {number} port
   * @returns {Promise<number | undefined>}
   */
  const tryListen = (port) =>
    new Promise((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(undefined));
      probe.listen(port, "0.0.0.0", () => {
        // Listening on a TCP port: its address is an AddressInfo.
        const { port: got } = /** @type {import("node:net").AddressInfo} */ (probe.address());
        probe.close(() => resolve(got));
      });
    });
  return (preferred && (await tryListen(preferred))) || (await tryListen(0));
}

/** @param {string} file */
function tail(file, lines = 30) {
  try {
    return readFileSync(file, "utf8").trim().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

/**
 * The first administrator of the in-memory database. With ADMIN_PASSWORD set the server creates the
 * account with it (no temporary password to replace), and the publish step signs in with it. New for
 * every run: the account lives and dies with this server.
 */
function firstAdmin() {
  return { username: "admin", password: randomBytes(24).toString("base64url"), email: "admin@bench.test" };
}

/**
 * Spawns `node scripts/start.mjs` with an in-memory database and waits for /api/health.
 * `webDist` points the server at the snapshot of the build that this run measures (its `client`
 * directory; the server build beside it renders the pages).
 * @param {{ repoRoot: string, port: number | undefined, webDist: string, logFile: string, timeoutMs?: number }} options
 */
export async function startRealServer({ repoRoot, port, webDist, logFile, timeoutMs = 90_000 }) {
  const log = openSync(logFile, "w");
  const admin = firstAdmin();
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: repoRoot,
    detached: true,
    stdio: ["ignore", log, log],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: "memory://",
      LOG_LEVEL: "warn",
      WEB_DIST: webDist,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      ADMIN_EMAIL: admin.email,
    },
  });
  closeSync(log);
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });

  /** @param {NodeJS.Signals} signal */
  const killGroup = (signal) => {
    try {
      // No pid only when spawning failed: the kill then throws, like that of a group already gone.
      process.kill(-(/** @type {number} */ (child.pid)), signal);
    } catch {
      // ESRCH: the group is already gone.
    }
  };
  const server = {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    admin: { username: admin.username, password: admin.password },
    /** Synchronous last resort for process "exit" handlers. */
    killNow: () => killGroup("SIGKILL"),
    /** SIGTERM to the group (the server drains and exits), SIGKILL whatever is left after 10 s. */
    async stop() {
      killGroup("SIGTERM");
      for (let waited = 0; !exited && waited < 10_000; waited += 100) await sleep(100);
      killGroup("SIGKILL");
    },
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the server exited before answering /api/health:\n${tail(logFile)}`);
    try {
      const response = await fetch(`${server.url}/api/health`);
      if (response.ok) return server;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  await server.stop();
  throw new Error(`/api/health did not answer within ${timeoutMs / 1000} s:\n${tail(logFile)}`);
}
