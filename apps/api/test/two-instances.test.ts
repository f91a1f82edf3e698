import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { authenticatorCode } from "../src/modules/accounts/second-factor/authenticator-code.ts";
import { contactRequest, formTokenFor } from "./contact.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { type ServerProcess, startServerProcess } from "./server-process.ts";
import { startSmtpServer, type TestSmtp } from "./smtp.ts";

// Two real server processes on two ports, one PostgreSQL database and one Redis: what a deployment
// with several instances behind a load balancer relies on: the API keeps no state of its own, so
// tokens, refresh tokens, rate-limit counters and the email outbox are shared (decision 017).
const redisUrl = process.env.TEST_REDIS_URL;
const runs = Boolean(process.env.TEST_DATABASE_URL && redisUrl);

/** Its own logical Redis database (7), emptied first: counters of other runs must not count here. */
function isolatedRedisUrl() {
  const url = new URL(redisUrl ?? "redis://127.0.0.1:6379");
  url.pathname = "/7";
  return url.toString();
}

/** Forgets every rate-limit counter, so each test starts with its own allowance. */
async function emptyRedis() {
  const redis = new Redis(isolatedRedisUrl());
  await redis.flushdb();
  await redis.quit();
}

const json = (body: unknown) => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

describe.skipIf(!runs)("two instances on one PostgreSQL and one Redis", () => {
  let testDb: TestDatabase;
  let smtp: TestSmtp;
  let one: ServerProcess;
  let two: ServerProcess;
  const password = `clave-${randomBytes(12).toString("hex")}`;
  const jwtSecret = randomBytes(48).toString("base64");

  beforeAll(async () => {
    testDb = await createTestDatabase("postgres");
    smtp = await startSmtpServer();
    await emptyRedis();
    const env = {
      NODE_ENV: "production",
      DATABASE_URL: testDb.databaseUrl ?? "",
      REDIS_URL: isolatedRedisUrl(),
      JWT_SECRET: jwtSecret,
      MFA_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      ADMIN_USERNAME: "jefa",
      ADMIN_PASSWORD: password,
      SMTP_URL: smtp.url,
      STAFF_NOTIFY_EMAIL: "ventas@floraprotect.test",
      EMAIL_POLL_MS: "50",
      EMAIL_RETRY_BASE_MS: "200",
      LOGIN_RATE_LIMIT: "6/min",
      LOGIN_ACCOUNT_LIMIT: "100/15min",
      CONTACT_RATE_LIMIT: "1000/min",
      COOKIE_SECURE: "false",
    };
    // One after the other: the first creates the schema and the administrator, the second finds them.
    one = await startServerProcess(env);
    two = await startServerProcess(env);
  }, 120_000);

  beforeEach(emptyRedis);

  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
    await smtp?.close();
    await testDb?.drop();
  }, 60_000);

  it("signs in on one instance and refreshes the session on the other", async () => {
    const login = await fetch(`${one.url}/api/auth/login`, json({ username: "jefa", password }));
    expect(login.status).toBe(200);
    const session = (await login.json()) as { accessToken: string; refreshToken: string };
    const refreshed = await fetch(`${two.url}/api/auth/refresh-token`, json({ refreshToken: session.refreshToken }));
    expect(refreshed.status).toBe(200);
    const { accessToken } = (await refreshed.json()) as { accessToken: string };
    // A token one instance signed is good on the other, and the rotated refresh token is spent on both.
    const me = await fetch(`${one.url}/api/auth/me`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(me.status).toBe(200);
    const reused = await fetch(`${one.url}/api/auth/refresh-token`, json({ refreshToken: session.refreshToken }));
    expect(reused.status).toBe(401);
  });

  it("counts the sign-in rate limit across both instances", async () => {
    // 6 per minute per address in all; alternate instances with wrong passwords.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const server = attempt % 2 === 0 ? one : two;
      const response = await fetch(`${server.url}/api/auth/login`, json({ username: "jefa", password: "no-es" }));
      statuses.push(response.status);
      if (response.status === 429) expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    // Each instance got at most 4 tries, which alone it would have allowed: together they allowed 6.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
  });

  it("sends every email exactly once while both instances deliver the one outbox", async () => {
    const requests = 12;
    await Promise.all(
      Array.from({ length: requests }, async (_, i) => {
        const server = i % 2 === 0 ? one : two;
        const response = await fetch(
          `${server.url}/api/client`,
          // A page served by either instance a minute ago (decision 046).
          json(contactRequest({ email: `finca${i}@example.ec`, formToken: formTokenFor(jwtSecret) })),
        );
        expect(response.status).toBe(201);
      }),
    );
    // A staff notification and a confirmation per request.
    const expected = requests * 2;
    await smtp.waitFor(expected, 20_000);
    // A worker sends only what it claimed, and every claim counts an attempt. Once every email is
    // "sent" after a single claim, no worker holds one and none can claim one again: no duplicate
    // can still be on its way, however long both workers keep polling.
    const client = new pg.Client({ connectionString: testDb.databaseUrl });
    await client.connect();
    try {
      await expect
        .poll(
          async () =>
            (await client.query("select status, attempts, count(*)::int as count from email_outbox group by 1, 2"))
              .rows,
          { timeout: 10_000 },
        )
        .toEqual([{ status: "sent", attempts: 1, count: expected }]);
    } finally {
      await client.end();
    }
    expect(smtp.received).toHaveLength(expected);
    const confirmations = smtp.received.flatMap((mail) => mail.envelopeTo).filter((to) => to.startsWith("finca"));
    expect(new Set(confirmations).size).toBe(requests);
    // Every email was sent by exactly one of the two instances' workers (each logs after marking it sent).
    const sentBy = () => [one, two].map((server) => (server.output().match(/"email sent"/g) ?? []).length);
    await expect.poll(() => sentBy().reduce((sum, count) => sum + count, 0)).toBe(expected);
  }, 60_000);

  it("shares the second factor: the policy, the app's sealed secret and the sign-in step hold on both", async () => {
    const call = async (server: ServerProcess, method: string, path: string, token?: string, body?: unknown) => {
      const response = await fetch(`${server.url}/api${path}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    };
    const login = await call(one, "POST", "/auth/login", undefined, { username: "jefa", password });
    const token = login.body.accessToken as string;
    try {
      // Required on one: the other refuses the CRM to an account without a factor.
      expect((await call(one, "PUT", "/users/second-factor-policy", token, { required: true })).status).toBe(200);
      const refused = await call(two, "GET", "/client-message", token);
      expect(refused).toMatchObject({ status: 403, body: { error: "Second Factor Required" } });
      // The app is set up on one and confirmed on two: the key that seals its secret is the same.
      const setup = await call(one, "POST", "/account/authenticator", token);
      const confirmed = await call(two, "POST", "/account/authenticator/confirm", token, {
        code: authenticatorCode(setup.body.secret),
      });
      expect(confirmed.status).toBe(200);
      const [recovery] = confirmed.body.recoveryCodes as string[];
      expect((await call(two, "GET", "/client-message", token)).status).toBe(200);
      // The step begun on two is completed on one.
      const step = await call(two, "POST", "/auth/login", undefined, { username: "jefa", password });
      expect(step.body).toMatchObject({ step: "second_factor", methods: ["authenticator", "recovery"] });
      const done = await call(one, "POST", "/auth/second-factor", undefined, {
        stepToken: step.body.stepToken,
        method: "recovery",
        code: recovery,
      });
      expect(done.status).toBe(200);
      expect(done.body.accessToken).toEqual(expect.any(String));
    } finally {
      // Straight in the database: an administrator held by the policy could not turn it off. Jefa
      // signs in with her password alone again, as the other tests (in any order) expect.
      const client = new pg.Client({ connectionString: testDb.databaseUrl });
      await client.connect();
      await client.query("delete from settings where key = 'second_factor_required'");
      for (const table of ["authenticator_apps", "recovery_codes"]) {
        await client.query(`delete from ${table} where user_id = (select id from users where username = 'jefa')`);
      }
      await client.end();
    }
  }, 60_000);
});
