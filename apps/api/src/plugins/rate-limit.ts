import { waitText } from "@app/shared/constants";
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from "fastify";
import type { RateRule } from "../config.ts";
import { recordAudit } from "../modules/audit/repo.ts";
import { errorBody } from "./error-handler.ts";

/**
 * How attempts of one key are spaced out: the first `free` go at once; after each later one the next
 * waits `firstDelayMs`, doubled every time, up to `maxDelayMs`. The key is forgotten `quietMs` after
 * its last wait ended with no attempt.
 */
export type Spacing = { free: number; firstDelayMs: number; maxDelayMs: number; quietMs: number };

/** A spaced attempt: reserved (its number, and when the next may come), or how long to wait. */
export type SpacedAttempt = { allowed: true; attempt: number; nextAt: number } | { allowed: false; waitMs: number };

/** The wait after attempt number `attempt` of a spacing. */
export function spacingDelay(spacing: Spacing, attempt: number) {
  if (attempt < spacing.free) return 0;
  return Math.min(spacing.maxDelayMs, spacing.firstDelayMs * 2 ** (attempt - spacing.free));
}

/**
 * Fixed-window counters: `hit` adds one request to each window of a key and says how long to wait
 * when a window is full; spaced attempts (`space`) for what must slow down rather than stop. One
 * interface, so a shared store (Redis) can replace memory when several instances run. Every call is
 * atomic: a reservation is made before the work it guards, so requests sent at once cannot all pass.
 */
export interface RateLimitStore {
  hit(key: string, windowMs: number, now: number): Promise<{ count: number; resetAt: number }>;
  /** The current window of a key without counting a request (zero when none is open). */
  peek(key: string, windowMs: number, now: number): Promise<{ count: number; resetAt: number }>;
  /** Forgets a key's window, e.g. an account's failed sign-ins once the right password is given. */
  reset(key: string, windowMs: number): Promise<void>;
  /** Gives back one hit of a key's window (an attempt reserved, then found right). */
  refund(key: string, windowMs: number): Promise<void>;
  /** Reserves the next attempt of a spaced key, or says how long until one may be made. */
  space(key: string, spacing: Spacing, now: number): Promise<SpacedAttempt>;
  /** Forgets a spaced key. */
  forget(key: string): Promise<void>;
  /** Gives back the last attempt of a spaced key: it counts one less, and the next needs no wait. */
  refundSpaced(key: string, now: number): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private windows = new Map<string, { count: number; resetAt: number }>();
  private spaced = new Map<string, { attempts: number; nextAt: number; expiresAt: number }>();
  private lastSweep = 0;

  async hit(key: string, windowMs: number, now: number) {
    this.sweep(now);
    const id = `${key}:${windowMs}`;
    const current = this.windows.get(id);
    if (!current || current.resetAt <= now) {
      const fresh = { count: 1, resetAt: now + windowMs };
      this.windows.set(id, fresh);
      return fresh;
    }
    current.count += 1;
    return current;
  }

  async peek(key: string, windowMs: number, now: number) {
    const current = this.windows.get(`${key}:${windowMs}`);
    return current && current.resetAt > now ? { ...current } : { count: 0, resetAt: now };
  }

  async reset(key: string, windowMs: number) {
    this.windows.delete(`${key}:${windowMs}`);
  }

  async refund(key: string, windowMs: number) {
    const current = this.windows.get(`${key}:${windowMs}`);
    if (current && current.count > 0) current.count -= 1;
  }

  async space(key: string, spacing: Spacing, now: number): Promise<SpacedAttempt> {
    this.sweep(now);
    const current = this.spaced.get(key);
    const state = current && current.expiresAt > now ? current : { attempts: 0, nextAt: 0, expiresAt: 0 };
    if (state.nextAt > now) return { allowed: false, waitMs: state.nextAt - now };
    const attempts = state.attempts + 1;
    const nextAt = now + spacingDelay(spacing, attempts);
    this.spaced.set(key, { attempts, nextAt, expiresAt: nextAt + spacing.quietMs });
    return { allowed: true, attempt: attempts, nextAt };
  }

  async forget(key: string) {
    this.spaced.delete(key);
  }

  async refundSpaced(key: string, now: number) {
    const current = this.spaced.get(key);
    if (!current) return;
    current.attempts = Math.max(0, current.attempts - 1);
    current.nextAt = Math.min(current.nextAt, now);
  }

  /** Forgets expired windows now and then, so memory follows the active clients only. */
  private sweep(now: number) {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [id, window] of this.windows) if (window.resetAt <= now) this.windows.delete(id);
    for (const [id, state] of this.spaced) if (state.expiresAt <= now) this.spaced.delete(id);
  }
}

export type RateLimitOptions = {
  /** Names the limit in the key, so two limits on one IP count apart. */
  name: string;
  rules: RateRule[];
  store: RateLimitStore;
  /** What is counted; the client's address by default. */
  keyOf?: (request: FastifyRequest) => string;
  /** The Spanish sentence of the 429, given the seconds to wait. */
  message?: (retryAfterSeconds: number) => string;
  /** Sends the 429's body (a JSON error unless given: a page answers a page's form). */
  refuse?: (request: FastifyRequest, reply: FastifyReply, message: string) => FastifyReply;
};

const refuseWithJson = (_request: FastifyRequest, reply: FastifyReply, message: string) =>
  reply.send(errorBody(429, message));

/**
 * The first refusal of an address in a window goes to the audit log (one entry, not one per
 * request): an address hammering a limit is a security event staff can see.
 */
async function auditLimit(request: FastifyRequest, name: string, retryAfterSeconds: number) {
  // The app's database; the plugin's own tests run without one.
  const { db } = request.server as Partial<FastifyInstance>;
  if (!db) return;
  try {
    await recordAudit(db, { action: "rate_limited", ip: request.ip, details: { limit: name, retryAfterSeconds } });
  } catch (error) {
    request.log.warn({ err: error }, "rate limit not audited");
  }
}

const defaultMessage = (seconds: number) => `Demasiadas solicitudes. Intenta nuevamente en ${waitText(seconds)}.`;

/**
 * An onRequest hook that answers 429 with Retry-After once any rule of the limit is exceeded. It
 * runs before the body is read, so refused requests cost almost nothing.
 */
export function rateLimit({
  name,
  rules,
  store,
  keyOf,
  message = defaultMessage,
  refuse = refuseWithJson,
}: RateLimitOptions) {
  const handler: onRequestHookHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const now = Date.now();
    const key = `${name}:${keyOf ? keyOf(request) : request.ip}`;
    let waitMs = 0;
    let firstRefusal = false;
    for (const rule of rules) {
      const { count, resetAt } = await store.hit(key, rule.windowMs, now);
      if (count > rule.max) waitMs = Math.max(waitMs, resetAt - now);
      firstRefusal ||= count === rule.max + 1;
    }
    if (waitMs === 0) return;
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    request.log.warn({ limit: name, retryAfter: seconds }, "rate limit reached");
    if (firstRefusal) await auditLimit(request, name, seconds);
    return refuse(request, reply.code(429).header("retry-after", String(seconds)), message(seconds));
  };
  return handler;
}
