// Starts the real API server (`node --import tsx apps/api/src/server.ts`) for the benchmark and
// stops it reliably: it runs in its own process group (detached), so one kill of the group stops it
// and anything it spawned (behind a wrapper such as npm -> sh -> tsx -> node, killing only the
// leader's PID would leave the server alive). Also the bare script's process, forked the same way.
import { fork, spawn } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

/** The first free port from `from` up (ports below 3400 belong to other people on this machine). */
export async function freePort(from = 3400) {
  const tryListen = (port) =>
    new Promise((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
  for (let port = from; port < from + 200; port += 1) if (await tryListen(port)) return port;
  throw new Error(`no free port between ${from} and ${from + 199}`);
}

export function tail(file, lines = 30) {
  try {
    return readFileSync(file, "utf8").trim().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

/** Process groups started here and not yet exited: killAllNow() is the last resort on exit. */
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

/** Signals a whole process group; a group that is already gone is fine. */
function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

/** Handle on a child in its own group: stop() = SIGTERM, then SIGKILL after `graceMs`. */
function groupHandle(child, graceMs) {
  let exited = child.exitCode !== null || child.signalCode !== null;
  if (!exited) liveGroups.add(child.pid);
  child.once("exit", () => {
    exited = true;
    // The leader is gone; SIGKILL the group once more in case it left children behind.
    killGroup(child.pid, "SIGKILL");
    liveGroups.delete(child.pid);
  });
  return {
    child,
    pid: child.pid,
    get exited() {
      return exited;
    },
    /** Synchronous last resort for process "exit" handlers. */
    killNow: () => killGroup(child.pid, "SIGKILL"),
    async stop() {
      if (!exited) killGroup(child.pid, "SIGTERM");
      for (let waited = 0; !exited && waited < graceMs; waited += 50) await sleep(50);
      killGroup(child.pid, "SIGKILL");
    },
  };
}

/**
 * Spawns the API server with `env` (PORT, DATA_DIR or DATABASE_URL, ...) and waits for /api/health.
 * Returns the handle and the milliseconds from spawn to the first healthy answer.
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
  const nextMessage = (types, waitMs) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => done(new Error(`bare script: no answer within ${waitMs / 1000} s`)), waitMs);
      const onMessage = (message) => {
        if (types.includes(message.type)) done(undefined, message);
      };
      const onExit = (code, signal) =>
        done(new Error(`bare script exited (${signal ?? code}) before answering:\n${tail(logFile)}`));
      function done(error, message) {
        clearTimeout(timer);
        child.off("message", onMessage);
        child.off("exit", onExit);
        if (error) reject(error);
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
    run(seconds, label) {
      const answer = nextMessage(["result", "failed"], (seconds + 60) * 1000);
      child.send({ type: "run", seconds, label });
      return answer;
    },
    async stop() {
      // Politely first (it closes its database), then the group signals.
      if (!handle.exited && child.connected) child.send({ type: "close" });
      for (let waited = 0; !handle.exited && waited < 5000; waited += 50) await sleep(50);
      await stopGroup();
    },
  });
}
