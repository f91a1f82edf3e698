// The bare reference: the same INSERT the API runs for `POST /api/client` (insertContactRequests,
// one statement: client upsert by email, message, service types, two outbox emails), called directly
// on the same engine with no HTTP, no validation, no Fastify. Started by run.mjs with
// `node --import tsx` (fork, own process group) and driven over IPC:
//   parent -> { type: "run", seconds, label }   child -> { type: "result", ... }
//   parent -> { type: "close" }                 child exits
// Environment: BENCH_ENGINE (pglite|postgres), BENCH_DATA_DIR or BENCH_DATABASE_URL,
// BENCH_CONNECTIONS (concurrent workers), BENCH_RUN_ID.
import { createHash } from "node:crypto";
import { performance } from "node:perf_hooks";
import { type ContactRequest, contactRequestSchema } from "@app/shared";
import { prepareDatabase } from "../../apps/api/src/db/setup.ts";
import { insertContactRequests, type NewContactRequest } from "../../apps/api/src/modules/contacts/intake-repo.ts";
import type { OutboxEmail } from "../../apps/api/src/modules/email/outbox.ts";
import { ServiceTypeCatalog } from "../../apps/api/src/modules/service-types/catalog.ts";
import { contactBody, STAFF_NOTIFY_EMAIL } from "./requests.mjs";

type RunMessage = { type: "run"; seconds: number; label: string } | { type: "close" };

const engine = process.env.BENCH_ENGINE;
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const runId = process.env.BENCH_RUN_ID ?? "bare";
const send = (message: object) => process.send?.(message);

const database = await prepareDatabase(
  engine === "postgres"
    ? { databaseUrl: process.env.BENCH_DATABASE_URL, dataDir: "" }
    : { dataDir: process.env.BENCH_DATA_DIR ?? "" },
);
const catalog = new ServiceTypeCatalog(database.db);

// What the server's zod schema makes of the body, computed once: the bare side does not validate.
// Only the email changes per request, and the schema only trims it.
const parsedTemplate: ContactRequest = contactRequestSchema.parse(contactBody(runId, 0));
const { found } = await catalog.resolve(parsedTemplate.serviceList);
const serviceTypeIds = found.map((service) => service.id);

/** The same emails service.ts queues (emailsFor): staff notification and confirmation. */
function emailsFor(request: ContactRequest): OutboxEmail[] {
  return [
    { kind: "staff_notification", to: STAFF_NOTIFY_EMAIL, replyTo: request.email },
    { kind: "contact_confirmation", to: request.email },
  ];
}

/** The parameters insertContactRequests gets, one request per statement, from service.ts for request `n` (no consent, no idempotency key). */
function newRequest(n: number): NewContactRequest {
  const request: ContactRequest = { ...parsedTemplate, email: contactBody(runId, n).email };
  return {
    firstName: request.firstName,
    lastName: request.lastName,
    email: request.email,
    countryCode: request.countryCode,
    phone: request.phone,
    company: request.company,
    message: request.message,
    serviceTypeIds,
    consentGiven: false,
    privacyNoticeVersion: null,
    reviewReasons: [],
    fillTimeMs: null,
    source: null,
    ip: "127.0.0.1",
    userAgent: null,
    idempotencyKey: null,
    requestHash: createHash("sha256").update(JSON.stringify(request)).digest("hex"),
    emails: emailsFor(request),
  };
}

let next = 0;

/** `connections` workers insert back to back (a closed loop, like autocannon's connections) for `seconds`. */
async function run(seconds: number) {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const request = newRequest(next++);
      const t0 = performance.now();
      try {
        const [id] = await insertContactRequests(database.db, [request]);
        if (id === undefined) throw new Error("no message id returned");
        latencies.push(performance.now() - t0);
      } catch (error) {
        errors += 1;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsedS = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    ok: latencies.length,
    errors,
    firstError,
    seconds: elapsedS,
    rps: latencies.length / elapsedS,
    latency: { p50: at(0.5), p99: at(0.99), max: latencies.at(-1) ?? 0 },
  };
}

process.on("message", async (message: RunMessage) => {
  if (message.type === "run") {
    try {
      send({ type: "result", label: message.label, ...(await run(message.seconds)) });
    } catch (error) {
      send({ type: "failed", error: error instanceof Error ? error.stack : String(error) });
    }
  } else if (message.type === "close") {
    await database.close().catch(() => {});
    process.exit(0);
  }
});
// The parent went away (crash, Ctrl-C): do not linger with the database open.
process.on("disconnect", () => {
  void database
    .close()
    .catch(() => {})
    .finally(() => process.exit(0));
});
send({ type: "ready", engine: database.engine });
