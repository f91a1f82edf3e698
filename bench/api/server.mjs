// Starts the real API server (`node --import tsx apps/api/src/server.ts`) for the benchmark and
// stops it reliably: it runs in its own process group (detached), so one kill of the group stops it
// and anything it spawned (behind a wrapper such as npm -> sh -> tsx -> node, killing only the
// leader's PID would leave the server alive). Also the bare script's process, forked the same way.
import { fork, spawn } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * What bare.ts sends over IPC: "ready" once, then for each run a "result" (its measure, as
 * load.mjs's) or "failed" (with the error's stack).
 * @typedef {{ type: "ready" | "result" | "failed", error?: string }} BareMessage
 * @typedef {import("./load.mjs").LoadResult & { type: "result", label: string }} BareResult
 */

/** The first free port from `from` up (ports below 3400 belong to other people on this machine). */
export async function freePort(from = 3400) {
  /**
   * @param {number} port
   * @returns {Promise<boolean>}
   */
  const tryListen = (port) =>
    new Promise((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
  for (let port = from; port < from + 200; port += 1) if (await tryListen(port)) return port;
  throw new Error(`no free port between ${from} and ${from + 199}`);
}

/**
 * The last `lines` lines of a log file, for an error message.
 * @param {string} file
 */
export function tail(file, lines = 30) {
  try {
    return readFileSync(file, "utf8").trim().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

/**
 * Process groups started here and not yet exited: killAllNow() is the last resort on exit.
 * @type {Set<number>}
 */
const liveGroups = new Set();

/** SIGKILL to every group still alive (synchronous: safe in a process "exit" handler). */
export function killAllNow() {
  for (const pid of liveGroups) killGroup(pid, "SIGKILL");
}

/**
 * SIGTERM to every group still alive, SIGKILL to what is left after `graceMs`: run before dropping
 * databases or removing directories, even those of a child that was still starting.
 */
export async function stopAllGroups(graceMs = 5000) {
  for (const pid of liveGroups) killGroup(pid, "SIGTERM");
  for (let waited = 0; liveGroups.size > 0 && waited < graceMs; waited += 50) await sleep(50);
  killAllNow();
  for (let waited = 0; liveGroups.size > 0 && waited < 2000; waited += 50) await sleep(50);
}

/**
 * Signals a whole process group; a group that is already gone is fine.
 * @param {number} pid
 * @param {NodeJS.Signals} signal
 */
function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

/**
 * Handle on a child in its own group: stop() = SIGTERM, then SIGKILL after `graceMs`.
 * @param {import("node:child_process").ChildProcess} child
 * @param {number} graceMs
 */
function groupHandle(child, graceMs) {
  // Node itself (process.execPath) always spawns: the child has its pid.
  const pid = /** @type {number} */ (child.pid);
  let exited = child.exitCode !== null || child.signalCode !== null;
  if (!exited) liveGroups.add(pid);
  child.once("exit", () => {
    exited = true;
    // The leader is gone; SIGKILL the group once more in case it left children behind.
    killGroup(pid, "SIGKILL");
    liveGroups.delete(pid);
  });
  return {
    child,
    pid,
    get exited() {
      return exited;
    },
    /** Synchronous last resort for process "exit" handlers. */
    killNow: () => killGroup(pid, "SIGKILL"),
    async stop() {
      if (!exited) killGroup(pid, "SIGTERM");
      for (let waited = 0; !exited && waited < graceMs; waited += 50) await sleep(50);
      killGroup(pid, "SIGKILL");
    },
  };
}

/**
 * How to start a child in its own process group: `env` on top of this process's, its output to
 * `logFile`, `nodeArgs` before the script (a profiler's flags).
 * @typedef {object} ChildOptions
 * @property {string} repoRoot
 * @property {Record<string, string | undefined>} env
 * @property {string} logFile
 * @property {string[]} [nodeArgs]
 * @property {number} [timeoutMs]
 */

/**
 * Spawns the API server with `env` (PORT, DATA_DIR or DATABASE_URL, ...) and waits for /api/health.
 * Returns the handle and the milliseconds from spawn to the first healthy answer.
 * @param {ChildOptions & { port: number }} options
 */
export async function startApiServer({ repoRoot, port, env, logFile, nodeArgs = [], timeoutMs = 90_000 }) {
  const log = openSync(logFile, "w");
  const started = Date.now();
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", "apps/api/src/server.ts"], {
    cwd: repoRoot,
    detached: true,
    stdio: ["ignore", log, log],
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
  });
  closeSync(log);
  const server = Object.assign(groupHandle(child, 10_000), { url: `http://127.0.0.1:${port}` });

  const deadline = started + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exited) throw new Error(`the API server exited before answering /api/health:\n${tail(logFile)}`);
    try {
      const response = await fetch(`${server.url}/api/health`);
      if (response.ok) return { server, readyMs: Date.now() - started };
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  await server.stop();
  throw new Error(`/api/health did not answer within ${timeoutMs / 1000} s:\n${tail(logFile)}`);
}

/**
 * Forks bare.ts (through tsx) in its own process group and waits for its "ready" message.
 * `bare.run(seconds, label)` resolves with its result; `bare.stop()` closes its database and ends it.
 * @param {ChildOptions & { script: string }} options
 */
export async function startBare({ repoRoot, script, env, logFile, nodeArgs = [], timeoutMs = 90_000 }) {
  const log = openSync(logFile, "w");
  const child = fork(script, [], {
    cwd: repoRoot,
    detached: true,
    execArgv: [...nodeArgs, "--import", "tsx"],
    stdio: ["ignore", log, log, "ipc"],
    env: { ...process.env, ...env },
  });
  closeSync(log);
  const handle = groupHandle(child, 10_000);
  /**
   * The next message of one of `types`, or the reason none came within `waitMs`.
   * @param {BareMessage["type"][]} types
   * @param {number} waitMs
   * @returns {Promise<BareMessage>}
   */
  const nextMessage = (types, waitMs) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => done(new Error(`bare script: no answer within ${waitMs / 1000} s`)), waitMs);
      /** @param {BareMessage} message */
      const onMessage = (message) => {
        if (types.includes(message.type)) done(undefined, message);
      };
      /** @param {number | null} code @param {NodeJS.Signals | null} signal */
      const onExit = (code, signal) =>
        done(new Error(`bare script exited (${signal ?? code}) before answering:\n${tail(logFile)}`));
      /**
       * Called with an error, or with the message waited for.
       * @param {Error | undefined} error
       * @param {BareMessage} [message]
       */
      function done(error, message) {
        clearTimeout(timer);
        child.off("message", onMessage);
        child.off("exit", onExit);
        if (error || !message) reject(error);
        else if (message.type === "failed") reject(new Error(`bare script failed:\n${message.error}`));
        else resolve(message);
      }
      child.on("message", onMessage);
      child.once("exit", onExit);
    });

  const started = Date.now();
  await nextMessage(["ready"], timeoutMs).catch(async (error) => {
    await handle.stop();
    throw error;
  });
  const stopGroup = handle.stop;
  return Object.assign(handle, {
    readyMs: Date.now() - started,
    /**
     * @param {number} seconds
     * @param {string} label
     */
    run(seconds, label) {
      const answer = nextMessage(["result", "failed"], (seconds + 60) * 1000);
      child.send({ type: "run", seconds, label });
      // A "failed" answer rejects: what resolves is a "result", with the run's measure.
      return /** @type {Promise<BareResult>} */ (answer);
    },
    async stop() {
      // Politely first (it closes its database), then the group signals.
      if (!handle.exited && child.connected) child.send({ type: "close" });
      for (let waited = 0; !handle.exited && waited < 5000; waited += 50) await sleep(50);
      await stopGroup();
    },
  });
}
