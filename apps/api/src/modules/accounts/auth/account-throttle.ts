import type { RateRule } from "../../../config.ts";
import type { RateLimitStore, Spacing } from "../../../plugins/rate-limit.ts";

/**
 * Who is trying an account's password or codes: a device that signed in to the account before (its
 * device cookie names it), or anyone else.
 */
export type Attempter = { kind: "device"; deviceHash: string } | { kind: "stranger" };

/**
 * A reserved attempt: it stays counted when the answer was wrong; `refund` gives it back when it was
 * right, `succeeded` forgets every attempt once the whole sign-in worked.
 */
export type Reservation =
  | { ok: true; key: string; attempter: Attempter["kind"]; attempt: number; nextAt: number }
  | { ok: false; retryAfterSeconds: number };

/**
 * The first wait a stranger meets once the free attempts are spent; each later one doubles (30 s,
 * 1 min, 2, 4, 8, then the window): about a dozen guesses in the first hour, four an hour after that.
 */
const FIRST_DELAY_MS = 30_000;

/**
 * Attempts at an account's password or second factor (decisions 014 and 039). The attempt is
 * reserved before anything is checked, in one atomic step of the store, so requests sent at once
 * are counted at once: at most the limit ever reach a check.
 *
 * - A device that signed in to the account before has tries of its own (LOGIN_ACCOUNT_LIMIT, e.g. 5
 *   per 15 minutes): what strangers do never locks the person out from their own computer or phone.
 * - Everyone else shares the account's stranger attempts: the first few at once, then waits that
 *   double from 30 seconds up to the window (progressive delays, never a hard lock).
 *
 * Keys hold the typed name, known account or not, so a 429 says nothing about which accounts exist.
 */
export class AccountThrottle {
  private readonly spacing: Spacing;

  constructor(
    private readonly store: RateLimitStore,
    private readonly rules: RateRule[],
  ) {
    const free = Math.min(...rules.map((rule) => rule.max));
    const window = Math.max(...rules.map((rule) => rule.windowMs));
    this.spacing = { free, firstDelayMs: FIRST_DELAY_MS, maxDelayMs: window, quietMs: window };
  }

  /** How many stranger attempts go before the waits begin. */
  get freeAttempts() {
    return this.spacing.free;
  }

  /** When a stranger's spaced attempts are forgotten, given the time its next one may come. */
  strangerStateEnds(nextAt: number) {
    return nextAt + this.spacing.quietMs;
  }

  /** Reserves one attempt at `name`'s password or code, or says how long to wait. */
  async reserve(name: string, attempter: Attempter, now = Date.now()): Promise<Reservation> {
    const account = normalise(name);
    if (attempter.kind === "stranger") {
      const key = `login-account:${account}`;
      const spaced = await this.store.space(key, this.spacing, now);
      if (!spaced.allowed) return { ok: false, retryAfterSeconds: seconds(spaced.waitMs) };
      return { ok: true, key, attempter: "stranger", attempt: spaced.attempt, nextAt: spaced.nextAt };
    }
    const key = `login-device:${account}:${attempter.deviceHash}`;
    let waitMs = 0;
    let attempt = 0;
    for (const rule of this.rules) {
      const { count, resetAt } = await this.store.hit(key, rule.windowMs, now);
      attempt = Math.max(attempt, count);
      if (count > rule.max) waitMs = Math.max(waitMs, resetAt - now);
    }
    if (waitMs > 0) return { ok: false, retryAfterSeconds: seconds(waitMs) };
    return { ok: true, key, attempter: "device", attempt, nextAt: now };
  }

  /** Whether this failed attempt used up the attempter's free ones (the next must wait). */
  exhausted(reservation: Extract<Reservation, { ok: true }>) {
    if (reservation.attempter === "stranger") return reservation.attempt >= this.spacing.free;
    return this.rules.some((rule) => reservation.attempt >= rule.max);
  }

  /**
   * The password (or code) was right, but the sign-in is not over (a second factor comes next):
   * this attempt is given back, and only wrong ones stay counted.
   */
  async refund(reservation: Extract<Reservation, { ok: true }>, now = Date.now()) {
    if (reservation.attempter === "stranger") await this.store.refundSpaced(reservation.key, now);
    else for (const rule of this.rules) await this.store.refund(reservation.key, rule.windowMs);
  }

  /** The whole sign-in worked: every attempt counted is forgotten. */
  async succeeded(reservation: Extract<Reservation, { ok: true }>) {
    if (reservation.attempter === "stranger") await this.store.forget(reservation.key);
    else for (const rule of this.rules) await this.store.reset(reservation.key, rule.windowMs);
  }
}

const normalise = (name: string) => name.trim().toLowerCase();
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
