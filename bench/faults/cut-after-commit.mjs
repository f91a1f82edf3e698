// The connection cut after COMMIT and before the answer, both ways: PostgreSQL's reply to the
// INSERT is lost (proxy between server and database), or the server's 201 never reaches the
// browser (proxy between browser and server). The form retries with the same key: one row each.
import { randomUUID } from "node:crypto";
import {
  check,
  compare,
  formatCounts,
  lead,
  postLead,
  sendLikeForm,
  serverBehindProxy,
  statusCounts,
  storedKeys,
  TcpProxy,
} from "./lib.mjs";

const SUBMISSIONS = 20;

export async function cutAfterCommit() {
  const { storage, proxy: dbProxy, server } = await serverBehindProxy("cut-after-commit");
  const { port } = new URL(server.url);
  const webProxy = new TcpProxy("127.0.0.1", Number(port));
  await webProxy.up();
  const viaWebProxy = webProxy.route(server.url).replace(/\/$/, "");
  // Warm the pool and the service-type catalog: the INSERT is then the statement whose reply is lost.
  await sendLikeForm(server.url, lead("warm"));

  // 1. Database reply lost: the statement commits, the server hears nothing and answers 503.
  // Replies stay lost until every first attempt has been answered (503 after the query deadline).
  dbProxy.mode = "drop-replies";
  let firstAnswers = 0;
  /** @type {import("./lib.mjs").SendOptions["onAttempt"]} */
  const onAttempt = (_result, attempt) => {
    if (attempt === 0 && ++firstAnswers === SUBMISSIONS) dbProxy.mode = "pass";
  };
  const dbResults = await Promise.all(
    Array.from({ length: SUBMISSIONS }, () => sendLikeForm(server.url, lead("db-cut"), undefined, { onAttempt })),
  );

  // 2. Answer to the browser lost: it gives up waiting after 2 s, then retries with the same key.
  webProxy.mode = "drop-replies";
  const webFirst = await Promise.all(
    Array.from({ length: SUBMISSIONS }, async () => {
      const body = lead("web-cut");
      const key = randomUUID();
      const first = await postLead(viaWebProxy, body, key, { timeoutMs: 2000 });
      return { body, key, first };
    }),
  );
  webProxy.cut();
  webProxy.mode = "pass";
  const webResults = await Promise.all(
    webFirst.map(async ({ body, key, first }) => {
      const retry = await sendLikeForm(viaWebProxy, body, key);
      return { ...retry, attempts: [first, ...retry.attempts] };
    }),
  );
  await server.stop();
  await Promise.all([dbProxy.down(), webProxy.down()]);

  const stored = await storedKeys(storage);
  const all = [...dbResults, ...webResults];
  const acknowledged = all.filter((r) => r.acknowledged).map((r) => r.key);
  const { missing, duplicates } = compare(acknowledged, stored);
  const storedOfRun = all.filter((r) => stored.has(r.key)).length;
  // Every send makes a first attempt.
  const firstDb = statusCounts(dbResults.map((r) => /** @type {import("./lib.mjs").Attempt} */ (r.attempts[0])));
  const firstWeb = statusCounts(webResults.map((r) => /** @type {import("./lib.mjs").Attempt} */ (r.attempts[0])));
  return {
    name: "Conexión cortada después del COMMIT y antes de la respuesta",
    figures: {
      sent: all.length,
      acknowledged: acknowledged.length,
      stored: storedOfRun,
      duplicates,
      "missing acknowledged": missing,
      "first answer, database reply lost": formatCounts(firstDb),
      "first answer, browser's answer lost": formatCounts(firstWeb),
      "all attempts": formatCounts(statusCounts(all.flatMap((r) => r.attempts))),
    },
    checks: [
      check("every retry acknowledged", acknowledged.length === all.length, `${acknowledged.length}/${all.length}`),
      check(
        "the first attempts were really cut",
        !firstDb["201"] && !firstWeb["201"],
        `${formatCounts(firstDb)}; ${formatCounts(firstWeb)}`,
      ),
      check(
        "one row per key",
        duplicates === 0 && storedOfRun === all.length,
        `${storedOfRun} stored, ${duplicates} duplicates`,
      ),
      check("never a 500", !statusCounts(all.flatMap((r) => r.attempts))["500"], "no 500"),
    ],
  };
}
