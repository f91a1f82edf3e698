import type { RateRule } from "../../config.ts";
import type { RateLimitStore } from "../../plugins/rate-limit.ts";

/**
 * Failed sign-ins per account (decision 014). Only failures count, and the right password clears
 * them: an attacker gets a handful of guesses per window, the real person waits at most one window.
 */
export class AccountThrottle {
  constructor(
    private readonly store: RateLimitStore,
    private readonly rules: RateRule[],
  ) {}

  private key(username: string) {
    return `login-account:${username.trim().toLowerCase()}`;
  }

  /** Seconds to wait before this account may try again, or 0. */
  async waitSeconds(username: string, now = Date.now()) {
    let waitMs = 0;
    for (const rule of this.rules) {
      const { count, resetAt } = await this.store.peek(this.key(username), rule.windowMs, now);
      if (count >= rule.max) waitMs = Math.max(waitMs, resetAt - now);
    }
    return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : 0;
  }

  async recordFailure(username: string, now = Date.now()) {
    for (const rule of this.rules) await this.store.hit(this.key(username), rule.windowMs, now);
  }

  async clear(username: string) {
    for (const rule of this.rules) await this.store.reset(this.key(username), rule.windowMs);
  }
}
