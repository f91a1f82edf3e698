import type { AuthenticatorSetup, FactorAdded, SecondFactorRequest, SecondFactorStep } from "@app/shared";
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { queryRows } from "../src/db/client.ts";
import { authenticatorCode } from "../src/modules/accounts/second-factor/authenticator-code.ts";
import type { Misbehaviour, SoftwarePasskey } from "../src/modules/accounts/second-factor/test-authenticator.ts";
import { bearer } from "./auth.ts";
import type { TestSmtp } from "./smtp.ts";

// The second factor's steps as the browser takes them (issue 15), for the API tests.

const STEP_MS = 30_000;

/**
 * Waits out the last moments of a 30-second step (at most 2 s), so that codes computed now are
 * checked by the server in the same step.
 */
export async function awayFromStepEdge() {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < 2000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** The app's code `steps` steps from now (-1: the previous 30 seconds). */
export const codeFor = (secret: string, steps = 0) => authenticatorCode(secret, Date.now() + steps * STEP_MS);

/** Six digits that are no code of `secret` around now. */
export function wrongCode(secret: string) {
  const near = new Set([-1, 0, 1].map((steps) => codeFor(secret, steps)));
  let code = Number(codeFor(secret));
  do code = (code + 1) % 1_000_000;
  while (near.has(String(code).padStart(6, "0")));
  return String(code).padStart(6, "0");
}

type Credentials = { username: string; password: string; remember?: boolean };
type From = { ip?: string; headers?: Record<string, string> };

export const login = (app: FastifyInstance, { username, password, remember }: Credentials, from: From = {}) =>
  app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { username, password, ...(remember === undefined ? {} : { remember }) },
    remoteAddress: from.ip ?? "127.0.0.1",
    ...(from.headers ? { headers: from.headers } : {}),
  });

/** The password step of someone with a second factor: the step it answers. */
export async function startStep(app: FastifyInstance, credentials: Credentials) {
  const response = await login(app, credentials);
  const body = response.json() as SecondFactorStep;
  if (response.statusCode !== 200 || body.step !== "second_factor")
    throw new Error(`expected the second step: ${response.statusCode} ${response.body}`);
  return body;
}

export const completeStep = (app: FastifyInstance, payload: SecondFactorRequest | object, from: From = {}) =>
  app.inject({
    method: "POST",
    url: "/api/auth/second-factor",
    payload,
    remoteAddress: from.ip ?? "127.0.0.1",
    ...(from.headers ? { headers: from.headers } : {}),
  });

/** The passkey options of a step (a fresh challenge each time). */
export async function stepPasskeyOptions(app: FastifyInstance, stepToken: string) {
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/second-factor/passkey-options",
    payload: { stepToken },
  });
  if (response.statusCode !== 200) throw new Error(`passkey options: ${response.statusCode} ${response.body}`);
  return (response.json() as { options: PublicKeyCredentialRequestOptionsJSON }).options;
}

/** Answers a step with `key`, as the browser does after asking for the options. */
export async function passkeyStep(app: FastifyInstance, stepToken: string, key: SoftwarePasskey, wrong?: Misbehaviour) {
  const options = await stepPasskeyOptions(app, stepToken);
  return completeStep(app, { stepToken, method: "passkey", credential: key.assert(options, wrong) });
}

/** Sets up and confirms an authenticator app with the previous step's code: now's code still signs in. */
export async function enrolAuthenticator(app: FastifyInstance, accessToken: string) {
  const setup = await app.inject({ method: "POST", url: "/api/account/authenticator", headers: bearer(accessToken) });
  if (setup.statusCode !== 200) throw new Error(`authenticator setup: ${setup.statusCode} ${setup.body}`);
  const { secret } = setup.json() as AuthenticatorSetup;
  await awayFromStepEdge();
  const confirmed = await app.inject({
    method: "POST",
    url: "/api/account/authenticator/confirm",
    headers: bearer(accessToken),
    payload: { code: codeFor(secret, -1) },
  });
  if (confirmed.statusCode !== 200) throw new Error(`authenticator confirm: ${confirmed.statusCode} ${confirmed.body}`);
  return { secret, recoveryCodes: (confirmed.json() as FactorAdded).recoveryCodes };
}

export async function passkeyRegistrationOptions(app: FastifyInstance, accessToken: string) {
  const response = await app.inject({
    method: "POST",
    url: "/api/account/passkeys/options",
    headers: bearer(accessToken),
  });
  if (response.statusCode !== 200) throw new Error(`registration options: ${response.statusCode} ${response.body}`);
  return (response.json() as { options: PublicKeyCredentialCreationOptionsJSON }).options;
}

/** Registers `key` on the account; the response (201 with recovery codes for a first factor). */
export async function addPasskey(
  app: FastifyInstance,
  accessToken: string,
  key: SoftwarePasskey,
  name = "Laptop oficina",
  wrong?: Misbehaviour,
) {
  const options = await passkeyRegistrationOptions(app, accessToken);
  return app.inject({
    method: "POST",
    url: "/api/account/passkeys",
    headers: bearer(accessToken),
    payload: { name, credential: key.register(options, wrong) },
  });
}

/** The subjects of the emails `address` received so far. */
export const subjectsTo = (smtp: TestSmtp, address: string) =>
  smtp.received.filter((mail) => mail.envelopeTo.includes(address)).map((mail) => mail.mail.subject ?? "");

/**
 * The first email to `address` whose subject starts with `subject` (and whose text holds `containing`,
 * when given: two notices of one kind may arrive in either order), once it arrived.
 */
export async function mailTo(smtp: TestSmtp, address: string, subject: string, timeoutMs = 10_000, containing = "") {
  const started = Date.now();
  for (;;) {
    const found = smtp.received.find(
      (mail) =>
        mail.envelopeTo.includes(address) &&
        mail.mail.subject?.startsWith(subject) &&
        (mail.mail.text ?? "").includes(containing),
    );
    if (found) return found.mail;
    if (Date.now() - started > timeoutMs) throw new Error(`no "${subject}" email to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The security emails queued for `address` (rows are written before the sign-in answers). */
export const securityNotices = (app: FastifyInstance, address: string) =>
  queryRows<{ event: string }>(
    app.db,
    sql`select payload->>'event' as event from email_outbox where kind = 'security_notice' and to_address = ${address} order by id`,
  ).then((rows) => rows.map((row) => row.event));

/** An audit page's entries of `action` (newest first). */
export async function auditEntries(app: FastifyInstance, adminToken: string, action: string) {
  const response = await app.inject({ method: "GET", url: "/api/audit-log?size=100", headers: bearer(adminToken) });
  const entries = (
    response.json() as {
      content: {
        action: string;
        actorUsername: string | null;
        targetUsername: string | null;
        details: Record<string, unknown> | null;
      }[];
    }
  ).content;
  return entries.filter((entry) => entry.action === action);
}

/** The session id (`sid`) an access token belongs to. */
export const sessionIdOf = (accessToken: string) =>
  (JSON.parse(Buffer.from(accessToken.split(".")[1] ?? "", "base64url").toString()) as { sid: string }).sid;

/** The `name=value` of a Set-Cookie the response sets, if it sets `name`. */
export function cookieSet(response: { headers: Record<string, unknown> }, name: string) {
  return [response.headers["set-cookie"]]
    .flat()
    .filter((line): line is string => typeof line === "string")
    .find((line) => line.startsWith(`${name}=`));
}
