import { randomUUID } from "node:crypto";
import { SECOND_FACTOR_MESSAGES as M } from "@app/shared/constants";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../../test/app.ts";
import { ADMIN, bearer, createAuthTestApp, createReadyStaff, type LoggedIn, signIn } from "../../../../test/auth.ts";
import { engines } from "../../../../test/database.ts";
import {
  addPasskey,
  completeStep,
  cookieSet,
  mailTo,
  passkeyRegistrationOptions,
  passkeyStep,
  startStep,
  stepPasskeyOptions,
} from "../../../../test/second-factor.ts";
import { startSmtpServer, type TestSmtp } from "../../../../test/smtp.ts";
import { type Misbehaviour, type SoftwarePasskey, softwarePasskey } from "./test-authenticator.ts";

// Passkeys (issue 15) through HTTP with a software authenticator: registering, the second step,
// a sign-in without username, renaming and removing; and what an attacker or a cloned key tries.

const PUBLIC_URL = "https://crm.floraprotect.test";
type Answer = ReturnType<SoftwarePasskey["assert"]>;
const EVIL_ORIGIN = "https://crm-floraprotect.example";

describe.each(engines)("passkeys on %s", (engine) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let admin: LoggedIn;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createAuthTestApp(engine, {
      smtpUrl: smtp.url,
      emailPollMs: 100,
      publicUrl: PUBLIC_URL,
      // The attacks below fail many times on purpose; the per-account cap has its test in second-factor.test.ts.
      loginAccountLimit: [{ max: 1000, windowMs: 15 * 60_000 }],
    });
    admin = await signIn(t.app, ADMIN);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const security = async (accessToken: string) =>
    (await t.app.inject({ method: "GET", url: "/api/account/security", headers: bearer(accessToken) })).json();

  /** A staff member with a registered passkey. */
  async function staffWithPasskey(options: { backedUp?: boolean; presenceOnly?: boolean } = {}) {
    const staff = await createReadyStaff(t.app, admin.accessToken);
    const session = await signIn(t.app, staff);
    const key = softwarePasskey(PUBLIC_URL, options);
    const added = await addPasskey(t.app, session.accessToken, key);
    if (added.statusCode !== 201) throw new Error(`passkey not added: ${added.statusCode} ${added.body}`);
    return { staff, session, key, recoveryCodes: added.json().recoveryCodes as string[] };
  }

  /** A sign-in with a passkey alone: fresh options, the key's answer. */
  async function passkeySignIn(key: SoftwarePasskey, wrong?: Misbehaviour, remember?: boolean) {
    const options = await t.app.inject({ method: "POST", url: "/api/auth/passkey/options" });
    const { challengeId, options: request } = options.json() as {
      challengeId: string;
      options: PublicKeyCredentialRequestOptionsJSON;
    };
    const credential = key.assert(request, wrong);
    const send = () =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/passkey",
        payload: { challengeId, credential, ...(remember === undefined ? {} : { remember }) },
      });
    return { response: await send(), send };
  }

  it("registers passkeys: options for our site, recovery codes with the first one only", async () => {
    const staff = await createReadyStaff(t.app, admin.accessToken);
    const { accessToken } = await signIn(t.app, staff);
    const options = await passkeyRegistrationOptions(t.app, accessToken);
    expect(options).toMatchObject({
      rp: { id: "crm.floraprotect.test" },
      user: { name: staff.username, id: Buffer.from(String(staff.id)).toString("base64url") },
      attestation: "none",
      authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
      excludeCredentials: [],
    });

    const laptop = softwarePasskey(PUBLIC_URL, { backedUp: true });
    const first = await t.app.inject({
      method: "POST",
      url: "/api/account/passkeys",
      headers: bearer(accessToken),
      payload: { name: "  Laptop oficina ", credential: laptop.register(options) },
    });
    expect(first.statusCode).toBe(201);
    expect(first.headers["cache-control"]).toBe("no-store");
    expect(first.json().recoveryCodes).toHaveLength(10);
    const phone = softwarePasskey(PUBLIC_URL);
    const secondOptions = await passkeyRegistrationOptions(t.app, accessToken);
    expect(secondOptions.excludeCredentials?.map((excluded) => excluded.id)).toEqual([laptop.id]);
    const second = await t.app.inject({
      method: "POST",
      url: "/api/account/passkeys",
      headers: bearer(accessToken),
      payload: { name: "Teléfono", credential: phone.register(secondOptions) },
    });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual({ recoveryCodes: null });

    const state = await security(accessToken);
    expect(state.passkeys).toEqual([
      { id: laptop.id, name: "Laptop oficina", createdAt: expect.any(String), lastUsedAt: null, backedUp: true },
      { id: phone.id, name: "Teléfono", createdAt: expect.any(String), lastUsedAt: null, backedUp: false },
    ]);
    expect(state.recoveryCodes.remaining).toBe(10);
    const mail = await mailTo(smtp, staff.email, "Agregaste un segundo factor", 10_000, "«Laptop oficina»");
    expect(mail.text).toContain("«Laptop oficina»");
  });

  it("refuses a registration answered twice, from another origin, or of a key already registered", async () => {
    const staff = await createReadyStaff(t.app, admin.accessToken);
    const { accessToken } = await signIn(t.app, staff);
    const register = (name: string, credential: unknown) =>
      t.app.inject({
        method: "POST",
        url: "/api/account/passkeys",
        headers: bearer(accessToken),
        payload: { name, credential },
      });
    const key = softwarePasskey(PUBLIC_URL);
    const options = await passkeyRegistrationOptions(t.app, accessToken);
    const phishing = await register("Phishing", key.register(options, { origin: EVIL_ORIGIN }));
    expect(phishing.statusCode).toBe(400);
    expect(phishing.json().message).toBe(M.passkeyFailed);
    // That challenge is spent, even by a right answer.
    const late = await register("Tarde", key.register(options));
    expect(late.statusCode).toBe(400);
    const stale = await register(
      "Vieja",
      key.register(await passkeyRegistrationOptions(t.app, accessToken), {
        challenge: options.challenge,
      }),
    );
    expect(stale.statusCode).toBe(400);
    expect((await security(accessToken)).passkeys).toEqual([]);

    expect((await addPasskey(t.app, accessToken, key, "Llave")).statusCode).toBe(201);
    expect((await addPasskey(t.app, accessToken, key, "Llave otra vez")).statusCode).toBe(409);
    // Another account cannot take the same credential either.
    const other = await signIn(t.app, await createReadyStaff(t.app, admin.accessToken));
    expect((await addPasskey(t.app, other.accessToken, key, "Ajena")).statusCode).toBe(409);

    for (const credential of [
      {},
      { id: "x", rawId: "x", type: "public-key" },
      { id: "x", rawId: "y", type: "public-key", response: {} },
    ]) {
      await passkeyRegistrationOptions(t.app, accessToken);
      const response = await register("Rota", credential);
      expect(response.statusCode, JSON.stringify(credential)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(credential)).toBeLessThan(500);
    }
  });

  it("completes the second step with a passkey", async () => {
    const { staff, session, key } = await staffWithPasskey();
    const step = await startStep(t.app, { ...staff, remember: true });
    expect(step.methods).toEqual(["passkey", "recovery"]);
    const options = await stepPasskeyOptions(t.app, step.stepToken);
    expect(options).toMatchObject({ rpId: "crm.floraprotect.test", userVerification: "preferred" });
    // As registered: its id, and the ways the browser said it can reach it.
    expect(options.allowCredentials).toEqual([{ id: key.id, type: "public-key", transports: ["hybrid", "internal"] }]);
    const done = await completeStep(t.app, {
      stepToken: step.stepToken,
      method: "passkey",
      credential: key.assert(options),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ username: staff.username, user: { mustAddSecondFactor: false } });
    expect(Number(/Max-Age=(\d+)/.exec(cookieSet(done, "fp_refresh") ?? "")?.[1])).toBeGreaterThan(29 * 24 * 3600);
    const [used] = (await security(session.accessToken)).passkeys;
    expect(used.lastUsedAt).toEqual(expect.any(String));
  });

  it("refuses a replayed answer, another origin, a counter going back and someone else's passkey; never a 5xx", async () => {
    const alice = await staffWithPasskey();
    const bob = await staffWithPasskey();
    const refused = (response: { statusCode: number; json: () => { message: string } }) => {
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(M.passkeyFailed);
    };

    // A right answer, recorded by someone on the way, presented again in a later step: with no
    // challenge asked for, and with a new one.
    const first = await startStep(t.app, alice.staff);
    const answer = alice.key.assert(await stepPasskeyOptions(t.app, first.stepToken));
    const answered = await completeStep(t.app, { stepToken: first.stepToken, method: "passkey", credential: answer });
    expect(answered.statusCode).toBe(200);
    const replayed = await startStep(t.app, alice.staff);
    refused(await completeStep(t.app, { stepToken: replayed.stepToken, method: "passkey", credential: answer }));
    await stepPasskeyOptions(t.app, replayed.stepToken);
    refused(await completeStep(t.app, { stepToken: replayed.stepToken, method: "passkey", credential: answer }));

    // A phishing page's answer; the challenge it answered is then spent, even for a right answer.
    const phished = await startStep(t.app, alice.staff);
    const options = await stepPasskeyOptions(t.app, phished.stepToken);
    const phishing = alice.key.assert(options, { origin: EVIL_ORIGIN });
    refused(await completeStep(t.app, { stepToken: phished.stepToken, method: "passkey", credential: phishing }));
    const late = alice.key.assert(options);
    refused(await completeStep(t.app, { stepToken: phished.stepToken, method: "passkey", credential: late }));

    // A clone of the key, behind the counter the server saw (1, at the first sign-in).
    const cloned = await startStep(t.app, alice.staff);
    refused(await passkeyStep(t.app, cloned.stepToken, alice.key, { counter: 1 }));
    // The real key, which moved on, still signs in.
    expect((await passkeyStep(t.app, cloned.stepToken, alice.key)).statusCode).toBe(200);

    // Bob's passkey offered in Alice's step, and Alice's in Bob's.
    const aliceStep = await startStep(t.app, alice.staff);
    refused(await passkeyStep(t.app, aliceStep.stepToken, bob.key));
    const bobStep = await startStep(t.app, bob.staff);
    refused(await passkeyStep(t.app, bobStep.stepToken, alice.key));
    expect((await passkeyStep(t.app, bobStep.stepToken, bob.key)).statusCode).toBe(200);

    // Broken answers, each in its own step (five wrong tries lock one).
    for (const broken of [
      () => ({ id: "x", rawId: "x", type: "public-key" }),
      (valid: Answer) => ({ ...valid, rawId: "otro" }),
      (valid: Answer) => ({ ...valid, response: { ...valid.response, signature: "!!" } }),
      (valid: Answer) => ({ ...valid, response: { ...valid.response, authenticatorData: "AA" } }),
      (valid: Answer) => ({
        ...valid,
        response: { ...valid.response, clientDataJSON: Buffer.from("{").toString("base64url") },
      }),
      (valid: Answer) => ({ ...valid, response: { ...valid.response, userHandle: 5 } }),
      (valid: Answer) => ({ ...valid, response: null }),
    ]) {
      const { stepToken } = await startStep(t.app, alice.staff);
      const credential = broken(alice.key.assert(await stepPasskeyOptions(t.app, stepToken)));
      refused(await completeStep(t.app, { stepToken, method: "passkey", credential }));
    }
  });

  it("signs in with a passkey alone (no username), once per challenge", async () => {
    const { staff, key } = await staffWithPasskey();
    const options = await t.app.inject({ method: "POST", url: "/api/auth/passkey/options" });
    expect(options.statusCode).toBe(200);
    expect(options.headers["cache-control"]).toBe("no-store");
    expect(options.json()).toMatchObject({
      challengeId: expect.any(String),
      options: { rpId: "crm.floraprotect.test" },
    });
    expect(options.json().options.allowCredentials ?? []).toEqual([]);

    const { response, send } = await passkeySignIn(key, undefined, true);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: staff.username, user: { id: staff.id } });
    expect(Number(/Max-Age=(\d+)/.exec(cookieSet(response, "fp_refresh") ?? "")?.[1])).toBeGreaterThan(29 * 24 * 3600);
    const me = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: bearer(response.json().accessToken) });
    expect(me.json()).toMatchObject({ username: staff.username });

    const replay = await send();
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(M.passkeyFailed);
    expect((await passkeySignIn(key, { origin: EVIL_ORIGIN })).response.statusCode).toBe(401);
    expect((await passkeySignIn(key, { counter: 1 })).response.statusCode).toBe(401);
    // A key that was never registered, and a challenge that was never given.
    expect((await passkeySignIn(softwarePasskey(PUBLIC_URL))).response.statusCode).toBe(401);
    const invented = await t.app.inject({
      method: "POST",
      url: "/api/auth/passkey",
      payload: { challengeId: randomUUID(), credential: key.assert({ challenge: "aW52ZW50YWRv" }) },
    });
    expect(invented.statusCode).toBe(401);
    // Not even an id: refused before anything is looked up.
    const malformed = await t.app.inject({
      method: "POST",
      url: "/api/auth/passkey",
      payload: { challengeId: "inventado", credential: key.assert({ challenge: "aW52ZW50YWRv" }) },
    });
    expect(malformed.statusCode).toBe(400);
    expect((await passkeySignIn(key)).response.statusCode).toBe(200);

    // The same answer twice at once: one sign-in.
    const fresh = (await t.app.inject({ method: "POST", url: "/api/auth/passkey/options" })).json();
    const payload = { challengeId: fresh.challengeId, credential: key.assert(fresh.options) };
    const twice = () => t.app.inject({ method: "POST", url: "/api/auth/passkey", payload });
    const raced = await Promise.all([twice(), twice()]);
    expect(raced.map((response) => response.statusCode).sort()).toEqual([200, 401]);

    // A disabled account's passkey opens nothing.
    await t.app.inject({
      method: "PATCH",
      url: `/api/users/${staff.id}`,
      headers: bearer(admin.accessToken),
      payload: { active: false },
    });
    expect((await passkeySignIn(key)).response.statusCode).toBe(403);
  });

  it("a passkey that only shows presence (no PIN, no biometrics) is never the whole sign-in", async () => {
    const { staff, key } = await staffWithPasskey({ presenceOnly: true });
    const options = (await t.app.inject({ method: "POST", url: "/api/auth/passkey/options" })).json();
    expect(options.options.userVerification).toBe("required");
    const alone = await passkeySignIn(key);
    expect(alone.response.statusCode).toBe(401);
    expect(alone.response.json().message).toBe(M.passkeyFailed);

    // After the password it is the second factor, where presence is enough.
    const step = await startStep(t.app, staff);
    expect((await passkeyStep(t.app, step.stepToken, key)).statusCode).toBe(200);
  });

  it("renames and removes one's own passkeys, not anyone else's", async () => {
    const { staff, session, key } = await staffWithPasskey();
    const phone = softwarePasskey(PUBLIC_URL);
    expect((await addPasskey(t.app, session.accessToken, phone, "Teléfono")).statusCode).toBe(201);
    const bob = await staffWithPasskey();
    const as = (accessToken: string, method: "PATCH" | "DELETE", id: string, name?: string) =>
      t.app.inject({
        method,
        url: `/api/account/passkeys/${id}`,
        headers: bearer(accessToken),
        ...(name === undefined ? {} : { payload: { name } }),
      });

    expect((await as(session.accessToken, "PATCH", key.id, "  Laptop casa ")).statusCode).toBe(204);
    expect((await security(session.accessToken)).passkeys.map((passkey: { name: string }) => passkey.name)).toEqual([
      "Laptop casa",
      "Teléfono",
    ]);
    const empty = await as(session.accessToken, "PATCH", key.id, "   ");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain(M.passkeyNameRequired);
    const long = await as(session.accessToken, "PATCH", key.id, "x".repeat(61));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain(M.passkeyNameTooLong);
    expect((await as(session.accessToken, "PATCH", bob.key.id, "Mía")).statusCode).toBe(404);
    expect((await as(session.accessToken, "PATCH", "no-existe", "Nada")).statusCode).toBe(404);
    expect((await as(session.accessToken, "PATCH", "no.valida", "Nada")).statusCode).toBe(400);

    expect((await as(session.accessToken, "DELETE", bob.key.id)).statusCode).toBe(404);
    expect((await passkeySignIn(bob.key)).response.statusCode).toBe(200);
    expect((await as(session.accessToken, "DELETE", key.id)).statusCode).toBe(204);
    expect((await as(session.accessToken, "DELETE", key.id)).statusCode).toBe(404);
    expect((await security(session.accessToken)).passkeys.map((passkey: { id: string }) => passkey.id)).toEqual([
      phone.id,
    ]);
    expect((await passkeySignIn(key)).response.statusCode).toBe(401);
    const mail = await mailTo(smtp, staff.email, "Quitaste un segundo factor");
    expect(mail.text).toContain("«Laptop casa»");

    // Without any factor left the password alone signs in again (no policy here).
    expect((await as(session.accessToken, "DELETE", phone.id)).statusCode).toBe(204);
    const password = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: staff.username, password: staff.password },
    });
    expect(password.json().accessToken).toEqual(expect.any(String));
  });

  it("keeps a passkey's name on one line (CR/LF in a single-line field: 400)", async () => {
    const { session, key } = await staffWithPasskey();
    for (const name of ["Laptop\noficina", "Laptop\r\noficina", "Laptop\toficina"]) {
      const renamed = await t.app.inject({
        method: "PATCH",
        url: `/api/account/passkeys/${key.id}`,
        headers: bearer(session.accessToken),
        payload: { name },
      });
      expect(renamed.statusCode, JSON.stringify(name)).toBe(400);
    }
    const phone = softwarePasskey(PUBLIC_URL);
    expect((await addPasskey(t.app, session.accessToken, phone, "Teléfono\r\nBcc: otro")).statusCode).toBe(400);
  });

  it("answers a NUL in a challenge id or a credential id with a 4xx, never a 5xx", async () => {
    const { staff } = await staffWithPasskey();
    const post = (url: string, body: object) =>
      t.app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/json" },
        // JSON.stringify writes the NUL as \u0000, as a hostile client would send it.
        payload: JSON.stringify(body),
      });
    const broken = { id: "a\u0000b", rawId: "a\u0000b", type: "public-key" };
    const fresh = (await t.app.inject({ method: "POST", url: "/api/auth/passkey/options" })).json();
    const step = await startStep(t.app, staff);
    await stepPasskeyOptions(t.app, step.stepToken);
    for (const [url, body] of [
      ["/api/auth/passkey", { challengeId: "a\u0000b", credential: { id: "x", rawId: "x", type: "public-key" } }],
      ["/api/auth/passkey", { challengeId: fresh.challengeId, credential: broken }],
      ["/api/auth/second-factor", { stepToken: step.stepToken, method: "passkey", credential: broken }],
      ["/api/auth/second-factor", { stepToken: "a\u0000b", method: "recovery", code: "abcde-23456" }],
    ] as const) {
      const response = await post(url, body);
      expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBeLessThan(500);
    }
  });
});
