import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { queryRows } from "../../src/db/client.ts";
import { createTestApp, type TestApp } from "../app.ts";
import { contactRequest, postContact } from "../contact.ts";
import { engines } from "../database.ts";

// The limits the product promises (login 10/min per address and 5 failures/15 min per account,
// contact form 5/min and 20/h, refresh 30/min, password reset 5/15 min), as the defaults a deployment gets. Sign-in (per address and per
// account) is in modules/accounts/auth/security.test.ts, the contact form's 5/min in modules/contacts/intake.test.ts,
// the windows themselves (20/h) in plugins/rate-limit.test.ts.

const MINUTE = 60_000;

describe("default limits", () => {
  it("are the ones the product promises", () => {
    const config = loadConfig({});
    expect(config.contactRateLimit).toEqual([
      { max: 5, windowMs: MINUTE },
      { max: 20, windowMs: 60 * MINUTE },
    ]);
    expect(config.loginRateLimit).toEqual([{ max: 10, windowMs: MINUTE }]);
    expect(config.loginAccountLimit).toEqual([{ max: 5, windowMs: 15 * MINUTE }]);
    expect(config.refreshRateLimit).toEqual([{ max: 30, windowMs: MINUTE }]);
    expect(config.passwordResetRateLimit).toEqual([{ max: 5, windowMs: 15 * MINUTE }]);
    expect(config.trustProxyHops).toBe(0);
  });
});

describe.each(engines)("rate limits on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  /** Sends until the first 429; returns how many got through and the refusal. */
  async function untilRefused(send: (i: number) => Promise<LightMyRequestResponse>, max: number) {
    for (let i = 0; i < max; i++) {
      const response = await send(i);
      if (response.statusCode === 429) return { passed: i, refused: response };
    }
    return { passed: max, refused: undefined };
  }

  it("refresh: 30 a minute per address, then 429 with Retry-After", async () => {
    const { passed, refused } = await untilRefused(
      () =>
        t.app.inject({
          method: "POST",
          url: "/api/auth/refresh-token",
          payload: { refreshToken: "inventado" },
          remoteAddress: "203.0.113.10",
        }),
      40,
    );
    expect(passed).toBe(30);
    expect(Number(refused?.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused?.json().message).toMatch(/^Demasiadas solicitudes\. Intenta nuevamente en/);
    // The address's first refusal of the window is a security event, audited once (decision 039).
    for (let i = 0; i < 5; i++)
      await t.app.inject({
        method: "POST",
        url: "/api/auth/refresh-token",
        payload: {},
        remoteAddress: "203.0.113.10",
      });
    const audited = await queryRows<{ details: { limit: string } }>(
      t.app.db,
      sql`select details from audit_log where action = 'rate_limited' and ip = '203.0.113.10'`,
    );
    expect(audited.map((row) => row.details.limit)).toEqual(["refresh"]);
  });

  it("password reset: 5 requests per address in 15 minutes, for forgot and reset alike", async () => {
    const forgot = await untilRefused(
      (i) =>
        t.app.inject({
          method: "POST",
          url: "/api/auth/forgot-password",
          payload: { email: `persona${i}@finca.ec` },
          remoteAddress: "203.0.113.20",
        }),
      10,
    );
    expect(forgot.passed).toBe(5);
    expect(Number(forgot.refused?.headers["retry-after"])).toBeGreaterThan(14 * 60);
    const reset = await untilRefused(
      () =>
        t.app.inject({
          method: "POST",
          url: "/api/auth/reset-password",
          payload: { token: "inventado", newPassword: "una-clave-nueva-larga" },
          remoteAddress: "203.0.113.21",
        }),
      10,
    );
    expect(reset.passed).toBe(5);
    // One counter for both: an address that asked too often cannot switch to guessing tokens.
    const fromBlocked = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token: "inventado", newPassword: "una-clave-nueva-larga" },
      remoteAddress: "203.0.113.20",
    });
    expect(fromBlocked.statusCode).toBe(429);
  });

  it("a forged X-Forwarded-For does not get a fresh counter when no proxy is trusted", async () => {
    const { passed } = await untilRefused(
      (i) =>
        postContact(
          t.app,
          contactRequest({ email: `xff${i}@finca.ec` }),
          { "x-forwarded-for": `198.51.100.${i + 1}` },
          "203.0.113.30",
        ),
      10,
    );
    expect(passed).toBe(5);
  });
});
