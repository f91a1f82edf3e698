// PostgreSQL stopped for 15 s (the TCP proxy between the server and PostgreSQL goes down) while
// people keep submitting the contact form with its retry behaviour.
import {
  check,
  compare,
  formatCounts,
  healthDetailsHeaders,
  lead,
  percentile,
  sendLikeForm,
  serverBehindProxy,
  sleep,
  statusCounts,
  storedKeys,
} from "./lib.mjs";

const OUTAGE_MS = 15_000;
const PEOPLE = 8;
const THINK_MS = 250;

export async function outage() {
  const { storage, proxy, server } = await serverBehindProxy("outage");
  const timeline = { outageStart: 0, outageEnd: 0 };
  /** @type {{ at: number, ready: number, database: unknown, live: number, liveMs: number }[]} */
  const probes = [];
  let probing = true;
  // Readiness and liveness every 200 ms: when the database is reported away and back.
  const probe = (async () => {
    while (probing) {
      const at = performance.now();
      const [ready, live] = await Promise.all([
        fetch(`${server.url}/api/health/ready`, { headers: healthDetailsHeaders }).then((r) =>
          r.json().then((body) => ({ status: r.status, body })),
        ),
        fetch(`${server.url}/api/health`).then((r) => ({ status: r.status, ms: performance.now() - at })),
      ]).catch(
        () =>
          /** @type {const} */ ([
            { status: 0, body: undefined },
            { status: 0, ms: Number.NaN },
          ]),
      );
      probes.push({ at, ready: ready.status, database: ready.body?.database, live: live.status, liveMs: live.ms });
      await sleep(200);
    }
  })();

  /** @type {Awaited<ReturnType<typeof sendLikeForm<ReturnType<typeof lead>>>>[]} */
  const submissions = [];
  let streaming = true;
  const person = async () => {
    while (streaming) {
      submissions.push(await sendLikeForm(server.url, lead("outage")));
      await sleep(THINK_MS);
    }
  };
  const people = Array.from({ length: PEOPLE }, person);
  await sleep(5000);
  timeline.outageStart = performance.now();
  await proxy.down();
  await sleep(OUTAGE_MS);
  await proxy.up();
  timeline.outageEnd = performance.now();
  await sleep(8000);
  streaming = false;
  await Promise.all(people);
  // Whoever the form told "not sent" presses Send again: same key, the form is still open.
  const resent = await Promise.all(
    submissions.filter((s) => !s.acknowledged).map((s) => sendLikeForm(server.url, s.body, s.key)),
  );
  probing = false;
  await probe;
  await server.stop();
  await proxy.down();

  const attempts = [...submissions, ...resent].flatMap((s) => s.attempts);
  const acknowledged = [...submissions, ...resent].filter((s) => s.acknowledged).map((s) => s.key);
  const stored = await storedKeys(storage);
  const { missing, duplicates, storedRows } = compare(acknowledged, stored);
  const counts = statusCounts(attempts);
  const unavailable = attempts.filter((a) => a.status === 503);
  const firstReady = probes.find((p) => p.at > timeline.outageEnd && p.ready === 200);
  const recoveryMs = firstReady ? Math.round(firstReady.at - timeline.outageEnd) : Number.NaN;
  const duringOutage = probes.filter((p) => p.at > timeline.outageStart + 500 && p.at < timeline.outageEnd);
  const liveMs = probes.map((p) => p.liveMs).filter(Number.isFinite);
  const slowest = Math.max(...attempts.map((a) => a.ms));
  return {
    name: "Base de datos detenida 15 s (PostgreSQL)",
    note:
      "The TCP proxy between the server and PostgreSQL stops listening and closes every connection for 15 s " +
      "(PostgreSQL itself keeps running for the other users of the machine). 8 people send the form one after " +
      "another, 250 ms apart, with its retry behaviour; readiness and liveness are probed every 200 ms.",
    figures: {
      sent: submissions.length,
      acknowledged: new Set(acknowledged).size,
      "gave up, then re-sent": `${resent.length} (${resent.filter((s) => s.acknowledged).length} acknowledged)`,
      stored: storedRows,
      duplicates,
      "missing acknowledged": missing,
      "attempt statuses": formatCounts(counts),
      "slowest answer": `${Math.round(slowest)} ms`,
      "readiness during outage": formatCounts(statusCounts(duringOutage.map((p) => ({ status: p.ready })))),
      "liveness p99": `${Math.round(percentile(liveMs, 99))} ms`,
      "ready again after recovery": `${recoveryMs} ms`,
    },
    checks: [
      check("every acknowledged submission stored", missing === 0, `${missing} missing`),
      check("no duplicates", duplicates === 0, `${duplicates} keys stored twice`),
      check(
        "503 during the outage, all with Retry-After",
        unavailable.length > 0 && unavailable.every((a) => (a.retryAfter ?? 0) > 0),
        `${unavailable.length} × 503`,
      ),
      check("never a 500, never a hang", !counts["500"] && !counts.timeout, formatCounts(counts)),
      check("every answer within 3 s", slowest < 3000, `${Math.round(slowest)} ms`),
      check(
        "readiness reports the database away",
        duringOutage.length > 0 && duringOutage.every((p) => p.ready === 503 && p.database === "unavailable"),
        `${duringOutage.length} probes`,
      ),
      check("ready again within 5 s of recovery", recoveryMs <= 5000, `${recoveryMs} ms`),
    ],
  };
}
