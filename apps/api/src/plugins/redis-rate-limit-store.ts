import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import { MemoryRateLimitStore, type RateLimitStore } from "./rate-limit.ts";

// One fixed window per key and window length, shared by every instance: the first hit creates the
// counter with the window's expiry, later hits only count. Atomic in Redis, so two instances that
// count at once never lose a hit.
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

const PEEK = `
local count = redis.call('GET', KEYS[1])
if not count then return {0, 0} end
return {tonumber(count), redis.call('PTTL', KEYS[1])}`;

const KEY_PREFIX = "fp:rl:";

/**
 * Rate-limit counters in Redis (REDIS_URL), so N instances behind a proxy enforce one limit. When
 * Redis cannot answer, each instance falls back to counting in its own memory: the limits get looser
 * (one allowance per instance) but keep working, and the site stays up.
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly fallback = new MemoryRateLimitStore();
  private lastWarning = 0;

  constructor(
    private readonly redis: Redis,
    private readonly log: FastifyBaseLogger,
  ) {}

  async hit(key: string, windowMs: number, now: number) {
    try {
      const [count, ttl] = (await this.redis.eval(HIT, 1, this.keyOf(key, windowMs), windowMs)) as [number, number];
      return { count, resetAt: now + ttl };
    } catch (error) {
      this.warn(error);
      return this.fallback.hit(key, windowMs, now);
    }
  }

  async peek(key: string, windowMs: number, now: number) {
    try {
      const [count, ttl] = (await this.redis.eval(PEEK, 1, this.keyOf(key, windowMs))) as [number, number];
      return { count, resetAt: now + Math.max(0, ttl) };
    } catch (error) {
      this.warn(error);
      return this.fallback.peek(key, windowMs, now);
    }
  }

  async reset(key: string, windowMs: number) {
    await this.fallback.reset(key, windowMs);
    try {
      await this.redis.del(this.keyOf(key, windowMs));
    } catch (error) {
      this.warn(error);
    }
  }

  private keyOf(key: string, windowMs: number) {
    return `${KEY_PREFIX}${key}:${windowMs}`;
  }

  /** Once a minute at most: an outage must not flood the log with one line per request. */
  private warn(error: unknown) {
    const now = Date.now();
    if (now - this.lastWarning < 60_000) return;
    this.lastWarning = now;
    this.log.warn(
      { err: error },
      "Redis no responde: los límites de frecuencia se cuentan en la memoria de esta instancia",
    );
  }
}
