// Growers send photos of nearly 10 MB (the most a file may be) to the shared mailbox while others
// write through the contact form: the import of those files must not stall the site. Each file
// must be stored whole, every lead answered 201, and readiness never 503. PGlite and PostgreSQL.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { deliverToMaildir } from "../inbound/mail.mjs";
import {
  check,
  freshPglite,
  freshPostgres,
  lead,
  percentile,
  postLead,
  sleep,
  startServer,
  storageEnv,
} from "./lib.mjs";
import { inboundState, mailboxEnv, startMailbox, waitFor, watchMailbox } from "./mailbox.mjs";

const EMAILS = 12;
/** Just under the 10 MB limit: each is kept. */
const FILE_BYTES = 9.5 * 1024 * 1024;
const FORM_EVERY_MS = 250;
/** A lead's answer while the files are written: the slowest may take this long. */
const FORM_MAX_MS = 1000;

/**
 * @param {number} index
 * @param {string} tag
 */
function bigEmail(index, tag) {
  const messageId = `<${tag}-${index}@finca.test>`;
  const photo = randomBytes(FILE_BYTES);
  const boundary = `b${index}`;
  const raw = Buffer.from(
    [
      `From: Cliente ${index} <cliente${index}@finca.test>`,
      "To: ventas@floricola.test",
      `Subject: Foto del cultivo ${index}`,
      `Date: ${new Date().toUTCString()}`,
      `Message-ID: ${messageId}`,
      "MIME-Version: 1.0",
      `Content-Type: multipart/mixed; boundary="${boundary}"`,
      "",
      `--${boundary}`,
      "Content-Type: text/plain; charset=utf-8",
      "",
      "Adjunto la foto de la botrytis en el bloque 4.",
      `--${boundary}`,
      `Content-Type: image/jpeg; name="bloque-${index}.jpg"`,
      `Content-Disposition: attachment; filename="bloque-${index}.jpg"`,
      "Content-Transfer-Encoding: base64",
      "",
      photo.toString("base64").replace(/.{76}/g, "$&\r\n"),
      `--${boundary}--`,
      "",
    ].join("\r\n"),
  );
  return { messageId, raw, sha: createHash("sha256").update(photo).digest("hex") };
}

/** @param {import("./lib.mjs").Storage} storage */
async function engineRun(storage) {
  const imap = await startMailbox();
  const tag = `big-files-${randomBytes(3).toString("hex")}`;
  const emails = Array.from({ length: EMAILS }, (_, i) => bigEmail(i + 1, tag));
  deliverToMaildir(
    imap.dir,
    emails.map((email) => email.raw),
  );
  const server = await startServer(`big-files-${storage.engine}`, {
    ...storageEnv(storage),
    ...mailboxEnv(imap),
    ADMIN_PASSWORD: storage.adminPassword,
  });
  const watch = watchMailbox(server, 100);
  /** @type {Promise<import("./lib.mjs").Attempt>[]} */
  const forms = [];
  let reading = true;
  const writing = (async () => {
    while (reading) {
      forms.push(postLead(server.url, lead("big-files"), randomUUID(), { timeoutMs: 30_000 }));
      await sleep(FORM_EVERY_MS);
    }
  })();
  const started = performance.now();
  await waitFor(
    "every big email recorded",
    () => watch.latest.imported + watch.latest.setAside >= EMAILS,
    300_000,
    100,
  );
  const importMs = performance.now() - started;
  reading = false;
  await writing;
  const answers = await Promise.all(forms);
  await watch.stop();
  const files = await fetchFiles(server, storage);
  await server.stop();
  await imap.stop();
  imap.dispose();
  const state = await inboundState(storage);
  const whole = emails.filter((email) => files.get(email.sha) === FILE_BYTES).length;
  return { importMs, answers, samples: watch.samples, state, whole };
}

/**
 * The stored files by the SHA-256 of their content, with its size, downloaded through the staff
 * API (the database is fresh: the files are ids 1 to EMAILS).
 * @param {import("./lib.mjs").Server} server
 * @param {import("./lib.mjs").Storage} storage
 */
async function fetchFiles(server, storage) {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: storage.adminPassword }),
  });
  if (!login.ok) throw new Error(`sign-in: ${login.status}`);
  const { accessToken } = await login.json();
  /** @type {Map<string, number>} */
  const byHash = new Map();
  for (let id = 1; id <= EMAILS; id += 1) {
    const response = await fetch(`${server.url}/api/attachments/${id}`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    if (!response.ok) continue;
    const body = Buffer.from(await response.arrayBuffer());
    byHash.set(createHash("sha256").update(body).digest("hex"), body.length);
  }
  return byHash;
}

export async function bigFiles() {
  /** @type {Record<string, string | number>} */
  const figures = {};
  /** @type {import("./lib.mjs").Check[]} */
  const checks = [];
  for (const make of [freshPglite, freshPostgres]) {
    const storage = await make();
    storage.adminPassword = `clave-${randomBytes(12).toString("hex")}`;
    const r = await engineRun(storage);
    const name = storage.engine === "pglite" ? "PGlite" : "PostgreSQL";
    const ms = r.answers.map((a) => a.ms);
    const created = r.answers.filter((a) => a.status === 201).length;
    // The readiness body's own status: `ok`, or `unavailable` with a 503.
    const ready = r.samples.map((s) => s.status);
    figures[`${name}: ${EMAILS} emails of ${(FILE_BYTES / 1024 / 1024).toFixed(1)} MB imported in`] =
      `${(r.importMs / 1000).toFixed(1)} s`;
    figures[`${name}: leads meanwhile`] =
      `${created} × 201 of ${r.answers.length}; p50 ${Math.round(percentile(ms, 50))} ms, p99 ${Math.round(percentile(ms, 99))} ms, slowest ${Math.round(Math.max(...ms))} ms`;
    figures[`${name}: readiness meanwhile`] =
      `${ready.filter((s) => s === "ok").length} ok, ${ready.filter((s) => s !== "ok").length} not, of ${ready.length}`;
    checks.push(
      check(
        `${name}: each file stored whole and served back`,
        r.whole === EMAILS && r.state.messages === EMAILS,
        `${r.whole}/${EMAILS} files, ${r.state.messages} messages`,
      ),
      check(
        `${name}: every lead answered 201, none slower than ${FORM_MAX_MS / 1000} s`,
        created === r.answers.length && Math.max(...ms) <= FORM_MAX_MS,
        `${created}/${r.answers.length}, slowest ${Math.round(Math.max(...ms))} ms`,
      ),
      check(
        `${name}: readiness never 503 while the files were written`,
        ready.every((s) => s === "ok"),
        `${ready.filter((s) => s !== "ok").length} of ${ready.length} not ok`,
      ),
    );
  }
  const note =
    `${EMAILS} emails, each with a ${(FILE_BYTES / 1024 / 1024).toFixed(1)} MB photo (random bytes, base64), put in a real Dovecot's ` +
    `Maildir before the server starts; while it imports them a lead is posted every ${FORM_EVERY_MS} ms and readiness read every 100 ms. ` +
    "Afterwards every file is downloaded through the staff API and compared by SHA-256.";
  return { name: "Archivos de casi 10 MB en el buzón mientras llegan contactos", note, figures, checks };
}
