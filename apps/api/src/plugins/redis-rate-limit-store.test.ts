import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { RedisRateLimitStore } from "./redis-rate-limit-store.ts";

const silent = pino({ level: "silent" });
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)("rate-limit counters in Redis (REDIS_URL)", () => {
  const clients: Redis[] = [];
  const connect = () => {
    const client = new Redis(redisUrl ?? "", { maxRetriesPerRequest: 0, enableOfflineQueue: true });
    clients.push(client);
    return new RedisRateLimitStore(client, silent);
  };
  let one: RedisRateLimitStore;
  let two: RedisRateLimitStore;
  beforeAll(() => {
    one = connect();
    two = connect();
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.quit()));
  });
  const key = () => `test:${randomBytes(6).toString("hex")}`;

  it("counts the hits of two instances (two connections) in one window", async () => {
    const k = key();
    const now = Date.now();
    expect((await one.hit(k, 60_000, now)).count).toBe(1);
    expect((await two.hit(k, 60_000, now)).count).toBe(2);
    const third = await one.hit(k, 60_000, now);
    expect(third.count).toBe(3);
    expect(third.resetAt - now).toBeGreaterThan(59_000);
    expect(third.resetAt - now).toBeLessThanOrEqual(60_000);
    expect((await two.peek(k, 60_000, now)).count).toBe(3);
  });

  it("keeps windows of different lengths apart, forgets a window on reset and when it ends", async () => {
    const k = key();
    const now = Date.now();
    await one.hit(k, 60_000, now);
    await one.hit(k, 150, now);
    expect((await two.peek(k, 60_000, now)).count).toBe(1);
    await two.reset(k, 60_000);
    expect((await one.peek(k, 60_000, now)).count).toBe(0);
    // Redis ends the 150 ms window on its own clock: wait for that, not for a guessed time.
    await vi.waitFor(async () => expect((await one.peek(k, 150, Date.now())).count).toBe(0), { timeout: 5000 });
    expect((await one.hit(k, 150, Date.now())).count).toBe(1);
  });

  it("counts hits sent at the same moment exactly once each", async () => {
    const k = key();
    const now = Date.now();
    const counts = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? one : two).hit(k, 60_000, now)));
    expect(counts.map((result) => result.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
  });

  it("spaces attempts for two instances: free ones at once, then doubling waits; a refund and a forget", async () => {
    const k = key();
    const spacing = { free: 2, firstDelayMs: 1000, maxDelayMs: 3000, quietMs: 60_000 };
    const now = Date.now();
    const at = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? one : two).space(k, spacing, now)));
    // Sent at once: the two free attempts and the first one past them; the others are told to wait.
    expect(at.filter((attempt) => attempt.allowed)).toHaveLength(2);
    expect(at.find((attempt) => !attempt.allowed)).toEqual({ allowed: false, waitMs: 1000 });
    expect(await one.space(k, spacing, now + 1000)).toEqual({ allowed: true, attempt: 3, nextAt: now + 3000 });
    expect(await two.space(k, spacing, now + 2000)).toEqual({ allowed: false, waitMs: 1000 });
    expect(await two.space(k, spacing, now + 3000)).toEqual({ allowed: true, attempt: 4, nextAt: now + 6000 });
    await one.refundSpaced(k, now + 3000);
    expect(await two.space(k, spacing, now + 3000)).toEqual({ allowed: true, attempt: 4, nextAt: now + 6000 });
    await one.forget(k);
    expect(await two.space(k, spacing, now + 3000)).toEqual({ allowed: true, attempt: 1, nextAt: now + 3000 });
  });
});

describe("Redis unreachable", () => {
  it("falls back to counting in this instance's memory instead of failing requests", async () => {
    // Port 1 on loopback: nothing listens, the connection is refused at once.
    const client = new Redis("redis://127.0.0.1:1", {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      lazyConnect: true,
      retryStrategy: () => null,
    });
    client.on("error", () => {});
    const store = new RedisRateLimitStore(client, silent);
    const now = Date.now();
    expect((await store.hit("k", 60_000, now)).count).toBe(1);
    expect((await store.hit("k", 60_000, now)).count).toBe(2);
    expect((await store.peek("k", 60_000, now)).count).toBe(2);
    await store.reset("k", 60_000);
    expect((await store.peek("k", 60_000, now)).count).toBe(0);
    client.disconnect();
  });
});
