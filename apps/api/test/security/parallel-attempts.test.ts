import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Config } from "../../src/config.ts";
import type { TestApp } from "../app.ts";
import { bearer, createAuthTestApp, createReadyStaff, signIn } from "../auth.ts";
import { engines } from "../database.ts";
import { auditEntries, awayFromStepEdge, enrolAuthenticator, startStep, wrongCode } from "../second-factor.ts";

// Every limit on guessing an account's secrets, attacked with 50 requests at once (issue 30): the
// attempt is reserved before the password or code is checked, so at most the limit reach a check,
// whatever the timing. Each file-level engine runs with the memory store; with TEST_REDIS_URL the
// same attacks run against the Redis store several instances share.

const AT_ONCE = 50;
const LIMIT = 5;

type Store = "memory" | "redis";
const stores: Store[] = process.env.TEST_REDIS_URL ? ["memory", "redis"] : ["memory"];
const cases = engines.flatMap((engine) => stores.map((store) => [engine, store] as const));

/** Sends the request `make(i)` gives, 50 times at once. */
const fiftyAtOnce = (app: TestApp["app"], make: (i: number) => InjectOptions) =>
  Promise.all(Array.from({ length: AT_ONCE }, (_, i) => app.inject(make(i))));

const statuses = (responses: LightMyRequestResponse[]) => {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
  return counts;
};

describe.each(cases)("%s with the %s store: 50 attempts at once", (engine, store) => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    const overrides: Partial<Config> = {
      loginAccountLimit: [{ max: LIMIT, windowMs: 15 * 60_000 }],
      passwordResetRateLimit: [{ max: 1000, windowMs: 60_000 }],
      ...(store === "redis" ? { redisUrl: process.env.TEST_REDIS_URL } : {}),
    };
    t = await createAuthTestApp(engine, overrides);
    adminToken = (await signIn(t.app, { username: "admin", password: "clave-de-pruebas-del-crm" })).accessToken;
  });
  afterAll(() => t.close());

  /** Audit entries of `action` about `username` (as actor or target). */
  const audited = async (action: string, username: string) =>
    (await auditEntries(t.app, adminToken, action)).filter(
      (entry) => entry.actorUsername === username || entry.targetUsername === username,
    );

  it("sign-in: 50 wrong passwords for one account from 50 addresses, at most 5 checked", async () => {
    const staff = await createReadyStaff(t.app, adminToken);
    const responses = await fiftyAtOnce(t.app, (i) => ({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: staff.username, password: `adivinanza-${i}` },
      remoteAddress: `198.51.100.${i + 1}`,
    }));
    const counts = statuses(responses);
    expect(counts[401]).toBe(LIMIT);
    expect(counts[429]).toBe(AT_ONCE - LIMIT);
    expect(await audited("login_failed", staff.username)).toHaveLength(LIMIT);
  });

  it("second step: 50 wrong codes at once, at most 5 checked", async () => {
    const staff = await createReadyStaff(t.app, adminToken);
    const { secret } = await enrolAuthenticator(t.app, (await signIn(t.app, staff)).accessToken);
    const step = await startStep(t.app, staff);
    await awayFromStepEdge();
    const responses = await fiftyAtOnce(t.app, () => ({
      method: "POST",
      url: "/api/auth/second-factor",
      payload: { stepToken: step.stepToken, method: "authenticator", code: wrongCode(secret) },
    }));
    expect(statuses(responses)[429]).toBe(AT_ONCE - LIMIT);
    expect(await audited("second_factor_failed", staff.username)).toHaveLength(LIMIT);
  });

  it("confirm-password: 50 wrong passwords at once in one session, at most 5 checked", async () => {
    const staff = await createReadyStaff(t.app, adminToken);
    const session = await signIn(t.app, staff);
    const responses = await fiftyAtOnce(t.app, (i) => ({
      method: "POST",
      url: "/api/account/confirm-password",
      headers: bearer(session.accessToken),
      payload: { password: `adivinanza-${i}` },
    }));
    const counts = statuses(responses);
    expect(counts[400]).toBe(LIMIT);
    expect(counts[429]).toBe(AT_ONCE - LIMIT);
    expect(
      (await audited("login_failed", staff.username)).filter((entry) => entry.details?.step === "confirm"),
    ).toHaveLength(LIMIT);
  });

  it("password change: 50 wrong current passwords at once with one access token, at most 5 checked", async () => {
    const staff = await createReadyStaff(t.app, adminToken);
    const session = await signIn(t.app, staff);
    const responses = await fiftyAtOnce(t.app, (i) => ({
      method: "POST",
      url: "/api/auth/password",
      headers: bearer(session.accessToken),
      payload: { currentPassword: `adivinanza-${i}`, newPassword: "una frase larga que nadie adivina" },
    }));
    const counts = statuses(responses);
    expect(counts[400]).toBe(LIMIT);
    expect(counts[429]).toBe(AT_ONCE - LIMIT);
    const wrong = (await audited("login_failed", staff.username)).filter(
      (entry) => entry.details?.step === "password_change",
    );
    expect(wrong).toHaveLength(LIMIT);
    // The right password still works from this session once the window allows it: only the
    // session's own device was slowed, and the person was never signed out.
    expect(
      (await t.app.inject({ method: "GET", url: "/api/auth/me", headers: bearer(session.accessToken) })).statusCode,
    ).toBe(200);
  });

  it("password reset: 50 requests for one account from 50 addresses queue at most 3 emails, all answered 202", async () => {
    const staff = await createReadyStaff(t.app, adminToken);
    const responses = await fiftyAtOnce(t.app, (i) => ({
      method: "POST",
      url: "/api/auth/forgot-password",
      payload: { email: staff.email },
      remoteAddress: `203.0.113.${i + 1}`,
    }));
    expect(statuses(responses)).toEqual({ 202: AT_ONCE });
    // The work follows the answer: wait until all 50 were looked at (3 queued, one flood audited).
    const count = (action: string) => async () => (await audited(action, staff.username)).length;
    await expect.poll(count("password_reset_limited"), { timeout: 10_000 }).toBe(1);
    await expect.poll(count("password_reset_requested"), { timeout: 10_000 }).toBe(3);
  });
});
