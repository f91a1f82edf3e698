// Every PostgreSQL connection of the server terminated (pg_terminate_backend), five times, under a
// steady stream of submissions: the process stays up and the next request succeeds each time.

import { randomUUID } from "node:crypto";
import { PG_ADMIN_URL, withPg } from "../api/postgres.mjs";
import {
  check,
  compare,
  formatCounts,
  freshPostgres,
  lead,
  postLead,
  sendLikeForm,
  sleep,
  startServer,
  statusCounts,
  storedKeys,
} from "./lib.mjs";

const ROUNDS = 5;

export async function terminated() {
  const storage = await freshPostgres();
  const server = await startServer("terminated", { DATABASE_URL: storage.url });
  /** @type {Awaited<ReturnType<typeof sendLikeForm<ReturnType<typeof lead>>>>[]} */
  const submissions = [];
  let streaming = true;
  const stream = Array.from({ length: 4 }, async () => {
    while (streaming) {
      submissions.push(await sendLikeForm(server.url, lead("stream")));
      await sleep(50);
    }
  });
  const next = [];
  let ended = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    await sleep(1000);
    ended += await withPg(PG_ADMIN_URL, async (admin) => {
      const { rows } = await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [
        storage.name,
      ]);
      return rows.length;
    });
    // The very next request, no pause, no retry.
    next.push(await postLead(server.url, lead("next"), randomUUID()));
  }
  streaming = false;
  await Promise.all(stream);
  const alive = !server.exited;
  await server.stop();

  const stored = await storedKeys(storage);
  const acknowledged = submissions.filter((s) => s.acknowledged).map((s) => s.key);
  const { missing, duplicates } = compare(acknowledged, stored);
  const attempts = submissions.flatMap((s) => s.attempts);
  return {
    name: "Todas las conexiones de PostgreSQL terminadas",
    figures: {
      "connections terminated": `${ended} in ${ROUNDS} rounds`,
      "stream sent": submissions.length,
      "stream acknowledged": acknowledged.length,
      "stream attempt statuses": formatCounts(statusCounts(attempts)),
      "next request after each round": next.map((r) => r.status).join(", "),
      "missing acknowledged": missing,
      duplicates,
      "process alive": alive ? "yes" : "no",
    },
    checks: [
      check("the process stays up", alive, alive ? "up" : "exited"),
      check(
        "the next request succeeds",
        next.every((r) => r.status === 201),
        next.map((r) => r.status).join(", "),
      ),
      check(
        "every acknowledged submission stored, no duplicates",
        missing === 0 && duplicates === 0,
        `${missing} missing, ${duplicates} duplicates`,
      ),
      check("never a 500", !statusCounts(attempts)["500"], formatCounts(statusCounts(attempts))),
    ],
  };
}
