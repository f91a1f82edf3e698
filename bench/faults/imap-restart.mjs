// The IMAP server (Dovecot) killed with SIGKILL and started again on the same port, twice, while the
// server imports 300 emails: each email must be imported once, readiness must say `retrying` and
// then `connected` again, and the server process must stay up. PGlite and PostgreSQL.
import { randomBytes } from "node:crypto";
import { appendAll, simpleEmail } from "../inbound/mail.mjs";
import { check, freshPglite, freshPostgres, sleep, startServer, storageEnv } from "./lib.mjs";
import {
  exactlyOnce,
  imapSendQueue,
  inboundState,
  mailboxEnv,
  startMailbox,
  waitFor,
  watchMailbox,
} from "./mailbox.mjs";

const EMAILS = 300;
/**
 * Every other email carries a 400 KB photo: the reader's runs (at most 100 emails and 16 MB per FETCH)
 * are then about 60 emails and 16 MB, more than the socket buffers hold, so a FETCH in flight is cut.
 */
const PHOTO_EVERY = 2;
const PHOTO_BYTES = 400_000;
/** Dovecot is killed once this many emails are imported, and again this many after the reader is back. */
const KILL_AT = 40;
const KILL_AGAIN_AFTER = 20;
/** How long Dovecot stays down after the first kill (the second restarts it at once). */
const DOWN_MS = /** @type {const} */ ([1500, 0]);
/** A FETCH is "under way" while Dovecot's send queue to the reader holds more than this. */
const FETCH_QUEUE_BYTES = 16 * 1024;

/**
 * A kill of Dovecot: how far the import was, whether a FETCH was in flight, how long it stayed down.
 * @typedef {{
 *   importedAtKill: number, fetchSeen: boolean, queued: number, downMs: number, at: number, importedWhenBack?: number,
 * }} Kill
 */

/** @param {import("./lib.mjs").Storage} storage */
async function engineRun(storage) {
  const imap = await startMailbox();
  const tag = `imap-restart-${randomBytes(3).toString("hex")}`;
  const emails = Array.from({ length: EMAILS }, (_, i) =>
    simpleEmail(i + 1, tag, { attachmentBytes: (i + 1) % PHOTO_EVERY === 0 ? PHOTO_BYTES : 0 }),
  );
  await appendAll(
    imap,
    emails.map((email) => email.raw),
  );
  const server = await startServer(`imap-restart-${storage.engine}`, {
    ...storageEnv(storage),
    ...mailboxEnv(imap),
    LOG_LEVEL: "info",
  });
  const pid = server.pid;
  const watch = watchMailbox(server, 100);
  /** @type {Kill[]} */
  const kills = [];
  const started = performance.now();
  try {
    let threshold = KILL_AT;
    for (const downMs of DOWN_MS) {
      await waitFor(`${threshold} emails imported`, () => watch.latest.imported >= threshold, 60_000, 10);
      // Wait (up to 3 s) for a FETCH of message sources in flight, and kill at once when one is.
      let queued = 0;
      const fetchSeen = await waitFor(
        "a FETCH in flight",
        () => {
          queued = imapSendQueue(imap.port);
          return queued > FETCH_QUEUE_BYTES;
        },
        3000,
        2,
      )
        .then(() => true)
        .catch(() => false);
      const importedAtKill = watch.latest.imported;
      const at = performance.now();
      if (downMs > 0) {
        await imap.kill("SIGKILL");
        await sleep(downMs);
        await imap.restart();
      } else {
        await imap.restart("SIGKILL");
      }
      /** @type {Kill} */
      const kill = { importedAtKill, fetchSeen, queued, downMs: Math.round(performance.now() - at), at };
      kills.push(kill);
      // The reader may first import the sources it already holds; then `retrying`, then `connected`.
      const back = await waitFor(
        "readiness `retrying` then `connected` after the kill",
        () => {
          const after = watch.samples.filter((s) => s.at > at);
          const retrying = after.find((s) => s.state === "retrying");
          return retrying && after.find((s) => s.at > retrying.at && s.state === "connected");
        },
        30_000,
        20,
      ).catch(() => undefined);
      kill.importedWhenBack = back?.imported;
      threshold = (back?.imported ?? watch.latest.imported) + KILL_AGAIN_AFTER;
      if (!back) break;
    }
    await waitFor(`all ${EMAILS} read`, () => watch.latest.imported + watch.latest.setAside >= EMAILS, 90_000, 50);
    await sleep(1500); // anything read twice would show up now
  } finally {
    await watch.stop();
  }
  const seconds = (performance.now() - started) / 1000;
  const exited = server.exited;
  const final = watch.latest;
  // Each kill: did readiness go to `retrying`, and when was it `connected` again?
  const episodes = kills.map((kill) => {
    const after = watch.samples.filter((s) => s.at >= kill.at);
    const retrying = after.find((s) => s.state === "retrying");
    const back = retrying ? after.find((s) => s.at > retrying.at && s.state === "connected") : undefined;
    return {
      ...kill,
      retrying,
      importedWhenNoticed: retrying?.imported,
      backMs: back ? Math.round(back.at - kill.at) : Number.NaN,
      lastError: retrying?.lastError,
    };
  });
  const gaps = watch.samples.slice(1).map((s, i) => s.at - (watch.samples[i]?.at ?? Number.NaN));
  const probeGapMs = Math.round(Math.max(...gaps));
  await server.stop();
  await imap.stop();
  imap.dispose();
  const state = await inboundState(storage);
  const once = exactlyOnce(
    emails.map((email) => email.messageId),
    state,
  );
  return { storage, pid, exited, final, episodes, state, once, seconds, probeGapMs, states: watch.states() };
}

export async function imapRestart() {
  /** @type {Record<string, string | number>} */
  const figures = {};
  /** @type {import("./lib.mjs").Check[]} */
  const checks = [];
  for (const storage of [freshPglite(), await freshPostgres()]) {
    const r = await engineRun(storage);
    const name = storage.engine === "pglite" ? "PGlite" : "PostgreSQL";
    figures[`${name}: ledger rows / distinct UIDs / messages`] =
      `${r.state.ledger} / ${r.state.uids} / ${r.state.messages}`;
    figures[`${name}: kills`] = r.episodes
      .map(
        (e, i) =>
          `#${i + 1} at ${e.importedAtKill} imported, ${e.fetchSeen ? `FETCH in flight (${Math.round(e.queued / 1024)} KB in Dovecot's send queue)` : "no FETCH seen in flight"}, down ${e.downMs} ms; \`retrying\` at ${e.importedWhenNoticed ?? "?"} imported, \`connected\` again ${e.backMs} ms after the kill`,
      )
      .join("; ");
    figures[`${name}: reader's errors`] = [...new Set(r.episodes.map((e) => e.lastError ?? "none"))].join(" | ");
    figures[`${name}: mailbox states`] = r.states.join(" → ");
    figures[`${name}: readiness at the end`] =
      `${r.final.state}, imported ${r.final.imported}, set aside ${r.final.setAside}, failures ${r.final.failures}`;
    figures[`${name}: import time, 2 restarts included`] = `${r.seconds.toFixed(1)} s`;
    figures[`${name}: longest gap between readiness answers`] = `${r.probeGapMs} ms`;
    checks.push(
      check(
        `${name}: ${EMAILS} ledger rows, ${EMAILS} distinct UIDs, ${EMAILS} messages`,
        r.state.ledger === EMAILS && r.state.uids === EMAILS && r.state.messages === EMAILS,
        `${r.state.ledger} / ${r.state.uids} / ${r.state.messages}`,
      ),
      check(
        `${name}: every email once (by Message-ID, ledger and messages)`,
        Object.values(r.once).every((n) => n === 0),
        `missing ${r.once.missingLedger}/${r.once.missingMessage}, twice ${r.once.twiceLedger}/${r.once.twiceMessage}`,
      ),
      check(
        `${name}: readiness \`retrying\` then \`connected\` after each kill`,
        r.episodes.every((e) => e.retrying && Number.isFinite(e.backMs)),
        r.episodes.map((e) => (e.retrying ? `retrying, back in ${e.backMs} ms` : "never retrying")).join("; "),
      ),
      check(
        `${name}: the server process never exited`,
        !r.exited,
        `pid ${r.pid} ${r.exited ? "exited" : "up until stopped"}`,
      ),
    );
  }
  const note =
    `${EMAILS} emails (every other one with a ${PHOTO_BYTES / 1000} KB photo, so the reader's FETCHes are about 16 MB) appended to a real ` +
    `Dovecot over one IMAP connection, then the server started on them; Dovecot killed with SIGKILL once ${KILL_AT} were imported ` +
    `(down ${DOWN_MS[0] / 1000} s), and again ${KILL_AGAIN_AFTER} emails after the reader was \`connected\` again (started again at once), ` +
    "each time when its send queue to the reader showed a FETCH of message sources in flight (read from /proc/net/tcp; up to 3 s " +
    "is waited for one). The reader first imports the sources it already received, then notices. Readiness is probed every 100 ms.";
  return { name: "Servidor IMAP reiniciado durante la importación", note, figures, checks };
}
