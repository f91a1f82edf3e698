// kill -9 of the server's process group while it imports 500 emails from the shared mailbox, at a
// random moment 0.3-1.5 s after the import (re)started, then a restart on the same data, a few times:
// after the last restart every email must be imported exactly once (PGlite on disk, and PostgreSQL).
import { randomBytes } from "node:crypto";
import { appendAll, simpleEmail } from "../inbound/mail.mjs";
import { check, freshPglite, freshPostgres, sleep, startServer, storageEnv } from "./lib.mjs";
import { exactlyOnce, inboundState, mailboxEnv, startMailbox, waitFor, watchMailbox } from "./mailbox.mjs";

const EMAILS = 500;
const KILLS = 3;
/** Every 5th email carries a 100 KB photo, so an import takes a few seconds and a kill lands inside it. */
const PHOTO_EVERY = 5;
const PHOTO_BYTES = 100_000;
/** A restarted reader connects within this, not after the killed one's 90 s lease. */
const TAKEOVER_MS = 5000;
/** Reading counts as finished when nothing new was recorded for this long. */
const QUIET_MS = 2500;

/**
 * How long after the server was ready its reader connected (undefined: not within 30 s). A killed
 * predecessor's lease, still running in the database, is taken over at once instead of waited for.
 * @param {ReturnType<typeof watchMailbox>} watch
 */
async function connected(watch) {
  const readyAt = performance.now();
  return waitFor("the mailbox connected", () => watch.latest.state === "connected", 30_000, 10)
    .then(() => Math.round(performance.now() - readyAt))
    .catch(() => undefined);
}

/** @param {import("./lib.mjs").Storage} storage */
async function engineRun(storage) {
  const imap = await startMailbox();
  const tag = `inbound-kill9-${randomBytes(3).toString("hex")}`;
  const emails = Array.from({ length: EMAILS }, (_, i) =>
    simpleEmail(i + 1, tag, { attachmentBytes: (i + 1) % PHOTO_EVERY === 0 ? PHOTO_BYTES : 0 }),
  );
  await appendAll(
    imap,
    emails.map((email) => email.raw),
  );
  const label = `inbound-kill9-${storage.engine}`;
  const env = { ...storageEnv(storage), ...mailboxEnv(imap) };
  /**
   * @type {{
   *   importing: boolean, connectedMs: number | undefined, delay: number, readBeforeKill: number, readyMs: number,
   * }[]}
   */
  const cycles = [];
  for (let kill = 0; kill < KILLS; kill += 1) {
    const server = await startServer(label, env);
    const watch = watchMailbox(server, 50);
    const connectedMs = await connected(watch);
    // The import has (re)started once this process recorded an email.
    const importing = await waitFor(
      "the import under way",
      () => watch.latest.imported + watch.latest.setAside > 0,
      30_000,
      10,
    )
      .then(() => true)
      .catch(() => false);
    const delay = 300 + Math.random() * 1200;
    await sleep(delay);
    const before = watch.latest.imported + watch.latest.setAside;
    server.killNow();
    await waitFor("the killed server gone", () => server.exited, 5000, 10);
    await watch.stop();
    cycles.push({ importing, connectedMs, delay: Math.round(delay), readBeforeKill: before, readyMs: server.readyMs });
  }
  // The last restart: it reads what is left, then nothing new is recorded for QUIET_MS.
  const server = await startServer(label, env);
  const watch = watchMailbox(server, 100);
  const lastConnectedMs = await connected(watch);
  let lastChange = performance.now();
  let lastCount = -1;
  await waitFor(
    "reading finished",
    () => {
      const { state, imported = 0, setAside = 0 } = watch.latest;
      if (imported + setAside !== lastCount) {
        lastCount = imported + setAside;
        lastChange = performance.now();
      }
      return state === "connected" && performance.now() - lastChange > QUIET_MS;
    },
    120_000,
    100,
  );
  await watch.stop();
  const lastRead = watch.latest.imported + watch.latest.setAside;
  await server.stop();
  await imap.stop();
  imap.dispose();
  const state = await inboundState(storage);
  const once = exactlyOnce(
    emails.map((email) => email.messageId),
    state,
  );
  return { cycles, lastConnectedMs, lastRead, state, once };
}

export async function inboundKill9() {
  /** @type {Record<string, string | number>} */
  const figures = {};
  /** @type {import("./lib.mjs").Check[]} */
  const checks = [];
  for (const storage of [freshPglite(), await freshPostgres()]) {
    const r = await engineRun(storage);
    const name = storage.engine === "pglite" ? "PGlite" : "PostgreSQL";
    figures[`${name}: kills`] = r.cycles
      .map(
        (c, i) =>
          `#${i + 1} ${c.delay} ms after the import ${c.importing ? "started" : "(never started)"}, ${c.readBeforeKill} read by that process`,
      )
      .join("; ");
    figures[`${name}: read after the last restart`] = r.lastRead;
    figures[`${name}: ledger rows / distinct UIDs / messages`] =
      `${r.state.ledger} / ${r.state.uids} / ${r.state.messages}`;
    figures[`${name}: outcomes`] = Object.entries(r.state.outcomes)
      .map(([outcome, count]) => `${outcome}: ${count}`)
      .join(", ");
    figures[`${name}: missing (ledger / messages)`] = `${r.once.missingLedger} / ${r.once.missingMessage}`;
    figures[`${name}: twice (ledger / messages)`] = `${r.once.twiceLedger} / ${r.once.twiceMessage}`;
    const restarts = [...r.cycles.slice(1).map((c) => c.connectedMs), r.lastConnectedMs];
    figures[`${name}: a restarted server's reader connected`] =
      `${restarts.map((ms) => (ms === undefined ? "not within 30 s" : `${ms} ms`)).join(", ")} after the server was ready`;
    checks.push(
      check(
        `${name}: each of the ${EMAILS} imported exactly once`,
        Object.values(r.once).every((n) => n === 0) && r.state.ledger === EMAILS && r.state.messages === EMAILS,
        `${r.state.ledger} ledger rows, ${r.state.messages} messages; missing ${r.once.missingLedger}/${r.once.missingMessage}, twice ${r.once.twiceLedger}/${r.once.twiceMessage}`,
      ),
      check(
        `${name}: each restarted server reads at once, taking over the killed one's lease (≤ ${TAKEOVER_MS / 1000} s)`,
        restarts.every((ms) => ms !== undefined && ms <= TAKEOVER_MS),
        restarts.map((ms) => (ms === undefined ? "never" : `${ms} ms`)).join(", "),
      ),
      check(
        `${name}: every kill landed during the import`,
        r.cycles.every((c) => c.importing && c.readBeforeKill > 0),
        r.cycles.map((c) => c.readBeforeKill).join(", "),
      ),
    );
  }
  const note =
    `${EMAILS} emails (every ${PHOTO_EVERY}th with a ${PHOTO_BYTES / 1000} KB photo) appended to a real Dovecot; the server started on them ` +
    `and its process group killed with SIGKILL 0.3-1.5 s after it recorded its first email, ${KILLS} times, restarting on the same data; ` +
    `the last start reads what is left (finished when nothing new is recorded for ${QUIET_MS / 1000} s). A killed reader's lease would keep the ` +
    "mailbox for 90 s after its last renewal: each restarted server takes it over at once, its holder being a process of this host " +
    "that is gone (the scenario leaves the lease as the kill left it).";
  return { name: `kill -9 durante la importación del buzón, ${KILLS} veces por motor`, note, figures, checks };
}
