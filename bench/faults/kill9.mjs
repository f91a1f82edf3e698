// kill -9 at a random moment under load, 20 times per engine, restarting the server each time: no
// acknowledged lead may be missing once it is back (PGlite on disk, and PostgreSQL).
import { randomUUID } from "node:crypto";
import {
  check,
  compare,
  formatCounts,
  freshPglite,
  freshPostgres,
  lead,
  postLead,
  sleep,
  startServer,
  statusCounts,
  storageEnv,
  storedKeys,
} from "./lib.mjs";

const KILLS = 20;
const CLIENTS = 10;

/** @param {import("./lib.mjs").Storage} storage */
async function killCycles(storage) {
  /** @type {(import("./lib.mjs").Attempt & { key: string })[]} */
  const requests = [];
  /** @type {number[]} */
  const startMs = [];
  for (let kill = 0; kill < KILLS; kill += 1) {
    const server = await startServer(`kill9-${storage.engine}`, storageEnv(storage));
    startMs.push(server.readyMs);
    let sending = true;
    const clients = Array.from({ length: CLIENTS }, async () => {
      while (sending) {
        const key = randomUUID();
        const result = await postLead(server.url, lead(`kill9-${storage.engine}`), key, { timeoutMs: 10_000 });
        requests.push({ key, ...result });
        if (result.status === 0) return;
      }
    });
    await sleep(300 + Math.random() * 1200);
    server.killNow();
    for (let waited = 0; !server.exited && waited < 5000; waited += 20) await sleep(20);
    sending = false;
    await Promise.all(clients);
  }
  // One more start after the last kill: the database recovers, and what it holds is counted.
  const server = await startServer(`kill9-${storage.engine}`, storageEnv(storage));
  const healthy = (await fetch(`${server.url}/api/health/ready`)).status;
  await server.stop();
  return { requests, startMs, healthy };
}

/** @param {import("./lib.mjs").Storage} storage */
async function engineRun(storage) {
  const { requests, startMs, healthy } = await killCycles(storage);
  const acknowledged = requests.filter((r) => r.status === 201).map((r) => r.key);
  const stored = await storedKeys(storage);
  const { missing, duplicates } = compare(acknowledged, stored);
  const storedOfRun = requests.filter((r) => stored.has(r.key)).length;
  return { requests, acknowledged, missing, duplicates, storedOfRun, startMs, healthy };
}

export async function kill9() {
  /** @type {Record<string, string | number>} */
  const figures = {};
  /** @type {import("./lib.mjs").Check[]} */
  const checks = [];
  for (const storage of [freshPglite(), await freshPostgres()]) {
    const r = await engineRun(storage);
    const name = storage.engine === "pglite" ? "PGlite" : "PostgreSQL";
    figures[`${name}: sent`] = r.requests.length;
    figures[`${name}: acknowledged`] = r.acknowledged.length;
    figures[`${name}: stored`] =
      `${r.storedOfRun} (${r.storedOfRun - r.acknowledged.length} stored but cut before their answer)`;
    figures[`${name}: missing acknowledged`] = r.missing;
    figures[`${name}: duplicates`] = r.duplicates;
    figures[`${name}: statuses`] = formatCounts(statusCounts(r.requests));
    figures[`${name}: restart to /api/health`] =
      `median ${Math.round(r.startMs.sort((a, b) => a - b)[r.startMs.length >> 1] ?? Number.NaN)} ms`;
    checks.push(
      check(
        `${name}: ${KILLS} kills, no acknowledged lead missing`,
        r.missing === 0 && r.acknowledged.length > 0,
        `${r.missing} of ${r.acknowledged.length} missing`,
      ),
      check(`${name}: no duplicates`, r.duplicates === 0, `${r.duplicates}`),
      check(`${name}: ready after the last restart`, r.healthy === 200, `readiness ${r.healthy}`),
    );
  }
  const note =
    "10 clients send without retrying; SIGKILL to the server's process group 0.3-1.5 s after it answered " +
    "/api/health, then a restart on the same data. kill -9 loses the process, not the operating system's " +
    "page cache: a power cut is not simulated.";
  return { name: `kill -9 bajo carga, ${KILLS} veces por motor`, note, figures, checks };
}
