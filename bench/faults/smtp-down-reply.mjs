// The mail server (SMTP) is down while staff answer 20 contacts from the CRM: every reply must be
// accepted at once (200), shown `Reintentando (n)` while the mail server is away, and delivered
// once, `Enviado`, when it is back. A real SMTP peer (apps/api/test/smtp.ts) on a port that nothing
// listens on until it starts; short retry settings so it ends in seconds. PGlite and PostgreSQL.
import { randomBytes, randomUUID } from "node:crypto";
import { freePort, startSmtpServer } from "../../apps/api/test/smtp.ts";
import { deliveryLabel } from "../../packages/shared/src/schemas/emails.ts";
import { personsFormToken } from "../api/requests.mjs";
import {
  check,
  freshPglite,
  freshPostgres,
  lead,
  percentile,
  postLead,
  run,
  sleep,
  startServer,
  storageEnv,
} from "./lib.mjs";
import { waitFor } from "./mailbox.mjs";

const REPLIES = 20;
/** How long the mail server stays away after the last reply was accepted. */
const DOWN_MS = 4000;
const RETRY_BASE_MS = 250;
const POLL_MS = 100;
/** "At once": the slowest reply call may take this long. */
const ANSWER_MS = 2000;

/**
 * A delivery of a reply as the contact dialog shows it; `(none)` when the contact has none.
 * @typedef {{ status?: EmailDeliveryStatus, attempts?: number, label: string }} DeliveryView
 * @typedef {import("../../packages/shared/src/schemas/emails.ts").EmailDeliveryStatus} EmailDeliveryStatus
 */

/**
 * One call of the staff API: its status and its JSON answer.
 * @param {{ url: string }} server
 * @param {string} token
 * @param {string} method
 * @param {string} url
 * @param {object} [body]
 */
async function api(server, token, method, url, body) {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/**
 * The reply deliveries as the contact dialog shows them: `{status, attempts, label}` per client.
 * @param {{ url: string }} server
 * @param {string} token
 * @param {number[]} clientIds
 * @returns {Promise<DeliveryView[]>}
 */
async function deliveries(server, token, clientIds) {
  return Promise.all(
    clientIds.map(async (clientId) => {
      /** @type {{ body?: { messages?: { replyDelivery?: { status: EmailDeliveryStatus, attempts: number } }[] } }} */
      const { body } = await api(server, token, "GET", `/api/clients/${clientId}/emails`);
      const delivery = body?.messages?.find((m) => m.replyDelivery)?.replyDelivery;
      return delivery ? { ...delivery, label: deliveryLabel(delivery.status, delivery.attempts) } : { label: "(none)" };
    }),
  );
}

/** @param {import("./lib.mjs").Storage} storage */
async function engineRun(storage) {
  const port = await freePort();
  const password = `clave-${randomBytes(12).toString("hex")}`;
  const server = await startServer(`smtp-down-${storage.engine}`, {
    ...storageEnv(storage),
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: "FloraPro Ecuador <no-reply@florapro.test>",
    ADMIN_PASSWORD: password,
    ADMIN_EMAIL: "admin@florapro.test",
    EMAIL_RETRY_BASE_MS: String(RETRY_BASE_MS),
    EMAIL_POLL_MS: String(POLL_MS),
  });
  // Twenty people wrote through the form (their confirmations wait in the outbox too), with a page
  // served a person's time before (decision 046): otherwise they wait for review, not in the list.
  const formToken = await personsFormToken(server.url);
  const people = Array.from({ length: REPLIES }, () => lead("smtp-down"));
  for (const person of people) {
    const { status } = await postLead(server.url, { ...person, formToken }, randomUUID());
    if (status !== 201) throw new Error(`contact form answered ${status}`);
  }
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password }),
  });
  if (!login.ok) throw new Error(`sign-in: ${login.status} ${await login.text()}`);
  const { accessToken: token } = await login.json();
  const list = await api(server, token, "GET", "/api/client-message?size=100");
  /** @typedef {{ client: { email: string, id: number }, messages: [{ id: number }, ...{ id: number }[]] }} Group */
  const byEmail = new Map(list.body.content.map((/** @type {Group} */ group) => [group.client.email, group]));
  const targets = people.map((person) => {
    const group = byEmail.get(person.email);
    if (!group) throw new Error(`${person.email} is not in the CRM's list`);
    return { email: person.email, clientId: group.client.id, messageId: group.messages[0].id };
  });

  // Staff answer all twenty while the mail server is down.
  const answers = await Promise.all(
    targets.map(async (target, index) => {
      const started = performance.now();
      const { status } = await api(server, token, "POST", `/api/client-message/${target.messageId}/reply`, {
        reply: `Hola, respuesta número ${index + 1}: le enviamos la cotización de Chrysal RVB.`,
      });
      return { status, ms: performance.now() - started };
    }),
  );
  const clientIds = targets.map((t) => t.clientId);
  const downStarted = performance.now();
  /** @type {Map<string, number>} */
  const duringLabels = new Map();
  let retryingSeen = 0;
  while (performance.now() - downStarted < DOWN_MS) {
    const now = await deliveries(server, token, clientIds);
    for (const d of now)
      duringLabels.set(
        d.label.replace(/\(\d+\)/, "(n)"),
        (duringLabels.get(d.label.replace(/\(\d+\)/, "(n)")) ?? 0) + 1,
      );
    retryingSeen = Math.max(retryingSeen, now.filter((d) => /^Reintentando/.test(d.label)).length);
    await sleep(500);
  }
  const beforeUp = await deliveries(server, token, clientIds);

  // The mail server comes back on the same port.
  const smtp = await startSmtpServer(port);
  run.onCleanup(`SMTP server on ${port}`, () => smtp.close());
  const upAt = performance.now();
  /** @type {DeliveryView[]} */
  let afterUp = [];
  await waitFor(
    "every reply Enviado",
    async () => {
      afterUp = await deliveries(server, token, clientIds);
      return afterUp.every((d) => d.status === "sent");
    },
    60_000,
    200,
  );
  const allSentMs = performance.now() - upAt;
  await sleep(2 * RETRY_BASE_MS + 500); // a second copy of any would arrive now
  await server.stop();
  await smtp.close();

  const replies = smtp.received.filter((m) => m.mail.subject?.startsWith("Respuesta a tu solicitud"));
  const perAddress = new Map();
  for (const m of replies) for (const to of m.envelopeTo) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
  const messageIds = smtp.received.map((m) => m.mail.messageId);
  const repeatedIds = messageIds.length - new Set(messageIds).size;
  return {
    answers,
    retryingSeen,
    duringLabels,
    beforeUp,
    afterUp,
    allSentMs,
    replies: replies.length,
    received: smtp.received.length,
    missing: targets.filter((t) => !perAddress.has(t.email)).length,
    twice: [...perAddress.values()].filter((n) => n > 1).length,
    repeatedIds,
  };
}

export async function smtpDownReply() {
  /** @type {Record<string, string | number>} */
  const figures = {};
  /** @type {import("./lib.mjs").Check[]} */
  const checks = [];
  for (const storage of [freshPglite(), await freshPostgres()]) {
    const r = await engineRun(storage);
    const name = storage.engine === "pglite" ? "PGlite" : "PostgreSQL";
    const statuses = r.answers.map((a) => a.status);
    const slowest = Math.max(...r.answers.map((a) => a.ms));
    const attempts = r.beforeUp.map((d) => d.attempts ?? 0);
    figures[`${name}: reply calls`] =
      `${statuses.filter((s) => s === 200).length} × 200 of ${REPLIES}; p50 ${Math.round(
        percentile(
          r.answers.map((a) => a.ms),
          50,
        ),
      )} ms, slowest ${Math.round(slowest)} ms`;
    figures[`${name}: labels while the mail server was down`] = [...r.duringLabels.entries()]
      .map(([label, count]) => `${label}: ${count}`)
      .join(", ");
    figures[`${name}: just before it came back`] =
      `${r.beforeUp.filter((d) => (d.attempts ?? 0) > 0).length} with attempts > 0 (attempts ${Math.min(...attempts)}-${Math.max(...attempts)}), labels ${[...new Set(r.beforeUp.map((d) => d.label))].join(", ")}`;
    figures[`${name}: all \`Enviado\``] = `${(r.allSentMs / 1000).toFixed(1)} s after the mail server came back`;
    figures[`${name}: emails received`] =
      `${r.received} (${r.replies} replies, the rest the form's confirmations); Message-IDs received twice: ${r.repeatedIds}`;
    checks.push(
      check(
        `${name}: every reply call answered 200 at once (≤ ${ANSWER_MS} ms)`,
        statuses.every((s) => s === 200) && slowest <= ANSWER_MS,
        `${statuses.filter((s) => s === 200).length}/${REPLIES}, slowest ${Math.round(slowest)} ms`,
      ),
      check(
        `${name}: \`Reintentando (n)\` meanwhile`,
        // By the label staff read: a delivery whose try is under way is `sending`, with the same label.
        r.beforeUp.every((d) => /^Reintentando \(\d+\)$/.test(d.label)),
        `${r.beforeUp.filter((d) => /^Reintentando/.test(d.label)).length}/${REPLIES} just before the mail server came back`,
      ),
      check(
        `${name}: ${REPLIES} replies delivered, none twice`,
        r.replies === REPLIES && r.missing === 0 && r.twice === 0 && r.repeatedIds === 0,
        `${r.replies} received, ${r.missing} missing, ${r.twice} twice, ${r.repeatedIds} repeated Message-IDs`,
      ),
      check(
        `${name}: every delivery \`Enviado\` (status sent) after`,
        r.afterUp.every((d) => d.status === "sent" && d.label === "Enviado"),
        `${r.afterUp.filter((d) => d.label === "Enviado").length}/${REPLIES}`,
      ),
    );
  }
  const note =
    `${REPLIES} people write through the form; the administrator signs in and answers each of them through the API while ` +
    `SMTP_URL points at a port nothing listens on; ${DOWN_MS / 1000} s later a real SMTP server (smtp-server) starts on that port. ` +
    `EMAIL_RETRY_BASE_MS=${RETRY_BASE_MS}, EMAIL_POLL_MS=${POLL_MS}. Deliveries are read the way the contact dialog reads them ` +
    "(`GET /api/clients/:id/emails`, labelled with the shared `deliveryLabel`) every 500 ms.";
  return { name: "SMTP caído mientras el personal responde", note, figures, checks };
}
