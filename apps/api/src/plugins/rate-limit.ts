import { waitText } from "@app/shared/constants";
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from "fastify";
import type { RateRule } from "../config.ts";
import { errorBody } from "./error-handler.ts";

/**
 * Fixed-window counters: `hit` adds one request to each window of a key and says how long to wait
 * when a window is full. One interface, so a shared store (Redis) can replace memory when several
 * instances run.
 */
export interface RateLimitStore {
  hit(key: string, windowMs: number, now: number): Promise<{ count: number; resetAt: number }>;
  /** The current window of a key without counting a request (zero when none is open). */
  peek(key: string, windowMs: number, now: number): Promise<{ count: number; resetAt: number }>;
  /** Forgets a key's window, e.g. an account's failed sign-ins once the right password is given. */
  reset(key: string, windowMs: number): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private windows = new Map<string, { count: number; resetAt: number }>();
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

  /** Forgets expired windows now and then, so memory follows the active clients only. */
  private sweep(now: number) {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [id, window] of this.windows) if (window.resetAt <= now) this.windows.delete(id);
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
    for (const rule of rules) {
      const { count, resetAt } = await store.hit(key, rule.windowMs, now);
      if (count > rule.max) waitMs = Math.max(waitMs, resetAt - now);
    }
    if (waitMs === 0) return;
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    request.log.warn({ limit: name, retryAfter: seconds }, "rate limit reached");
    return refuse(request, reply.code(429).header("retry-after", String(seconds)), message(seconds));
  };
  return handler;
}
