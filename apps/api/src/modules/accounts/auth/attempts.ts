import type { Db } from "../../../db/client.ts";
import { recordAudit } from "../../audit/index.ts";
import { notifySecurity } from "../second-factor/service.ts";
import type { UserRow } from "../users/repo.ts";
import { holdAccountLock, releaseAccountLock } from "./account-locks.ts";
import type { AccountThrottle, Attempter, Reservation } from "./account-throttle.ts";
import { deviceOfSession, hasSignedInFrom } from "./sessions.ts";

// What happens around each attempt at an account's password or second factor (decision 039):
// who is trying, the lock when strangers used up their tries, and its end when the owner gets in.

export type AttemptDeps = { db: Db; throttle: AccountThrottle };
export type Reserved = Extract<Reservation, { ok: true }>;
type Account = Pick<UserRow, "id" | "username" | "displayName" | "email">;

/** A device that signed in to this account before, or a stranger (an unknown name is always one). */
export async function attempterOf(db: Db, userId: number | undefined, deviceHash: string | undefined) {
  if (userId !== undefined && deviceHash && (await hasSignedInFrom(db, userId, deviceHash)))
    return { kind: "device", deviceHash } satisfies Attempter;
  return { kind: "stranger" } satisfies Attempter;
}

/** A signed-in session tries with its own device's tries: its sign-in proved that device. */
export async function sessionAttempter(db: Db, sessionId: string): Promise<Attempter> {
  return { kind: "device", deviceHash: (await deviceOfSession(db, sessionId)) ?? `session:${sessionId}` };
}

/**
 * After a wrong password or code. When strangers have used up their free tries the account's lock
 * starts (audited, and its owner emailed) or lasts longer; when a known device has used up its own,
 * that is audited once.
 */
export async function attemptFailed(
  { db, throttle }: AttemptDeps,
  account: Account | undefined,
  reservation: Reserved,
  ip: string | undefined,
) {
  if (!account || !throttle.exhausted(reservation)) return;
  if (reservation.attempter === "device") {
    await recordAudit(db, { action: "login_throttled", target: account, ip, details: { device: "conocido" } });
    return;
  }
  const until = new Date(throttle.strangerStateEnds(reservation.nextAt));
  if (!(await holdAccountLock(db, account.id, until, reservation.attempt))) return;
  await recordAudit(db, {
    action: "account_locked",
    target: account,
    ip,
    details: { failures: reservation.attempt, until: until.toISOString() },
  });
  await notifySecurity(db, account, { event: "account_locked", failures: reservation.attempt });
}

/** The whole sign-in (or re-verification) worked: the tries come back and a lock it was under ends. */
export async function attemptSucceeded(
  { db, throttle }: AttemptDeps,
  account: Account,
  reservation: Reserved,
  ip: string | undefined,
) {
  await throttle.succeeded(reservation);
  if (reservation.attempter === "stranger" && (await releaseAccountLock(db, account.id)))
    await recordAudit(db, { action: "account_unlocked", target: account, ip, details: { reason: "signed_in" } });
}
