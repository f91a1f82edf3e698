import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import { MemoryRateLimitStore, type RateLimitStore, type SpacedAttempt, type Spacing } from "./rate-limit.ts";

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

// Spaced attempts: one hash per key (attempts, next allowed time). A reservation made while the wait
// runs is refused and changes nothing; otherwise it counts and sets the next wait before answering.
const SPACE = `
local now = tonumber(ARGV[1])
local free = tonumber(ARGV[2])
local first = tonumber(ARGV[3])
local longest = tonumber(ARGV[4])
local quiet = tonumber(ARGV[5])
local state = redis.call('HMGET', KEYS[1], 'attempts', 'next')
local attempts = tonumber(state[1]) or 0
local nextAt = tonumber(state[2]) or 0
if nextAt > now then return {0, nextAt - now, 0} end
attempts = attempts + 1
local delay = 0
if attempts >= free then delay = math.min(longest, first * math.pow(2, attempts - free)) end
redis.call('HSET', KEYS[1], 'attempts', attempts, 'next', now + delay)
redis.call('PEXPIRE', KEYS[1], math.floor(delay + quiet))
return {1, attempts, now + delay}`;

// Giving back a hit or a spaced attempt: only where the key still exists, never below zero.
const REFUND = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
if redis.call('TYPE', KEYS[1]).ok == 'hash' then
  local attempts = tonumber(redis.call('HGET', KEYS[1], 'attempts')) or 0
  if attempts > 0 then redis.call('HSET', KEYS[1], 'attempts', attempts - 1) end
  local nextAt = tonumber(redis.call('HGET', KEYS[1], 'next')) or 0
  if nextAt > tonumber(ARGV[1]) then redis.call('HSET', KEYS[1], 'next', ARGV[1]) end
  return 1
end
local count = tonumber(redis.call('GET', KEYS[1])) or 0
if count > 0 then redis.call('DECR', KEYS[1]) end
return 1`;

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

  async space(key: string, spacing: Spacing, now: number): Promise<SpacedAttempt> {
    try {
      const { free, firstDelayMs, maxDelayMs, quietMs } = spacing;
      const [allowed, value, nextAt] = (await this.redis.eval(
        SPACE,
        1,
        `${KEY_PREFIX}spaced:${key}`,
        now,
        free,
        firstDelayMs,
        maxDelayMs,
        quietMs,
      )) as [number, number, number];
      return allowed === 1 ? { allowed: true, attempt: value, nextAt } : { allowed: false, waitMs: value };
    } catch (error) {
      this.warn(error);
      return this.fallback.space(key, spacing, now);
    }
  }

  async refund(key: string, windowMs: number) {
    await this.fallback.refund(key, windowMs);
    try {
      await this.redis.eval(REFUND, 1, this.keyOf(key, windowMs), Date.now());
    } catch (error) {
      this.warn(error);
    }
  }

  async refundSpaced(key: string, now: number) {
    await this.fallback.refundSpaced(key, now);
    try {
      await this.redis.eval(REFUND, 1, `${KEY_PREFIX}spaced:${key}`, now);
    } catch (error) {
      this.warn(error);
    }
  }

  async forget(key: string) {
    await this.fallback.forget(key);
    try {
      await this.redis.del(`${KEY_PREFIX}spaced:${key}`);
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
