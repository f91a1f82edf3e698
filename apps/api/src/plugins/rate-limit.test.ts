import { waitText } from "@app/shared/constants";
import Fastify from "fastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryRateLimitStore, rateLimit } from "./rate-limit.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function appWithLimit() {
  const app = Fastify();
  app.get(
    "/",
    {
      onRequest: rateLimit({
        name: "test",
        rules: [
          { max: 5, windowMs: MINUTE },
          { max: 20, windowMs: HOUR },
        ],
        store: new MemoryRateLimitStore(),
      }),
    },
    async () => ({ ok: true }),
  );
  return app;
}

describe("rate limits (5/min and 20/h per address)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-22T10:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  const hit = (app: ReturnType<typeof appWithLimit>, ip = "192.0.2.1") =>
    app.inject({ method: "GET", url: "/", remoteAddress: ip });

  it("lets 5 requests a minute through, then answers 429 until the minute is over", async () => {
    const app = appWithLimit();
    for (let i = 0; i < 5; i += 1) expect((await hit(app)).statusCode).toBe(200);
    vi.advanceTimersByTime(20_000);
    const refused = await hit(app);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBe("40");
    expect(refused.json().message).toBe("Demasiadas solicitudes. Intenta nuevamente en 40 segundos.");
    vi.advanceTimersByTime(40_001);
    expect((await hit(app)).statusCode).toBe(200);
  });

  it("caps an address at 20 requests an hour even when it keeps under 5 a minute", async () => {
    const app = appWithLimit();
    for (let minute = 0; minute < 4; minute += 1) {
      for (let i = 0; i < 5; i += 1) expect((await hit(app)).statusCode).toBe(200);
      vi.advanceTimersByTime(MINUTE);
    }
    const refused = await hit(app);
    expect(refused.statusCode).toBe(429);
    // The hour started four minutes ago: 56 minutes to wait.
    expect(Number(refused.headers["retry-after"])).toBe(56 * 60);
    expect(refused.json().message).toMatch(/56 minutos\.$/);
    // Another address has its own counters.
    expect((await hit(app, "192.0.2.99")).statusCode).toBe(200);
  });

  it("says how long to wait as a person reads it", () => {
    expect(waitText(1)).toBe("1 segundo");
    expect(waitText(45)).toBe("45 segundos");
    expect(waitText(60)).toBe("1 minuto");
    expect(waitText(61)).toBe("2 minutos");
  });
});

describe("spaced attempts in memory", () => {
  it("lets the free attempts through at once, then doubles the wait up to the longest", async () => {
    const store = new MemoryRateLimitStore();
    const spacing = { free: 2, firstDelayMs: 1000, maxDelayMs: 3000, quietMs: 60_000 };
    const at = await Promise.all(Array.from({ length: 10 }, () => store.space("k", spacing, 0)));
    expect(at.filter((attempt) => attempt.allowed)).toHaveLength(2);
    expect(await store.space("k", spacing, 1000)).toEqual({ allowed: true, attempt: 3, nextAt: 3000 });
    expect(await store.space("k", spacing, 3000)).toEqual({ allowed: true, attempt: 4, nextAt: 6000 });
    expect(await store.space("k", spacing, 6000)).toEqual({ allowed: true, attempt: 5, nextAt: 9000 });
    // Forgotten after a quiet spell.
    expect(await store.space("k", spacing, 9000 + 60_000)).toEqual({ allowed: true, attempt: 1, nextAt: 69_000 });
  });
});
