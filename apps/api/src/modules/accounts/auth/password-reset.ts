import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { RateRule } from "../../../config.ts";
import type { Db } from "../../../db/client.ts";
import { passwordResets } from "../../../db/schema/index.ts";
import { dbNow } from "../../../db/sql-helpers.ts";
import type { RateLimitStore } from "../../../plugins/rate-limit.ts";
import { recordAudit } from "../../audit/index.ts";
import { queueEmails } from "../../email/index.ts";
import { findUserByEmail, findUserById, updateUser } from "../users/repo.ts";
import { hashPassword, passwordProblem } from "./passwords.ts";
import { PasswordRejectedError } from "./service.ts";
import { revokeUserSessions } from "./sessions.ts";
import { newOpaqueToken, tokenHash } from "./tokens.ts";

/** How long a reset link works (issue 4: 10 minutes). */
export const RESET_LINK_MINUTES = 10;

export type ResetLimit = { store: RateLimitStore; rules: RateRule[] };

/**
 * Queues a reset email for an active account with this address. Says nothing about whether one
 * exists: the caller answers the same either way, before calling this. An account gets a few a
 * while, whoever asks (PASSWORD_RESET_ACCOUNT_LIMIT): past it a flood is audited once and dropped,
 * so nobody can keep killing the link the person is about to use. Returns whether an email was queued.
 */
export async function requestPasswordReset(db: Db, limit: ResetLimit, email: string, ip: string | undefined) {
  const user = await findUserByEmail(db, email);
  if (!user?.active || !user.email) return false;
  const now = Date.now();
  let over = false;
  for (const rule of limit.rules) {
    // By address, what the flood is aimed at (an id would collide between databases sharing a Redis).
    const key = `password-reset-to:${user.email.toLowerCase()}`;
    const { count } = await limit.store.hit(key, rule.windowMs, now);
    if (count === rule.max + 1) {
      await recordAudit(db, { action: "password_reset_limited", target: user, ip, details: { window: rule.windowMs } });
    }
    over ||= count > rule.max;
  }
  if (over) return false;
  await db.transaction(async (tx) => {
    // One working link at a time: a new request retires the earlier ones.
    await tx
      .update(passwordResets)
      .set({ usedAt: dbNow() })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    // The token is made when the email is sent (newResetToken); until then the row holds the hash
    // of a token nobody has, and the outbox only the account's id.
    await tx.insert(passwordResets).values({
      tokenHash: tokenHash(newOpaqueToken()),
      userId: user.id,
      expiresAt: new Date(now + RESET_LINK_MINUTES * 60_000),
    });
    await queueEmails(tx, [{ kind: "password_reset", to: user.email as string, payload: { userId: user.id } }]);
  });
  await recordAudit(db, { action: "password_reset_requested", target: user, ip });
  return true;
}

/**
 * The token of the account's open reset, made as its email is rendered for sending: only its hash
 * is stored, and the link works RESET_LINK_MINUTES from then. Undefined when no reset is open (used,
 * or retired by a newer one). A retry makes a new token and the one before stops working.
 */
export async function newResetToken(db: Db, userId: number) {
  const token = newOpaqueToken();
  const newest = db
    .select({ tokenHash: passwordResets.tokenHash })
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)))
    .orderBy(desc(passwordResets.createdAt))
    .limit(1);
  const rows = await db
    .update(passwordResets)
    .set({ tokenHash: tokenHash(token), expiresAt: sql`${dbNow()} + make_interval(mins => ${RESET_LINK_MINUTES})` })
    .where(and(eq(passwordResets.tokenHash, sql`(${newest})`), isNull(passwordResets.usedAt)))
    .returning({ userId: passwordResets.userId });
  return rows.length > 0 ? token : undefined;
}

/** Sets a new password with a reset link's token; every session of the account ends. */
export async function resetPassword(db: Db, token: string, newPassword: string, ip: string | undefined) {
  const hash = tokenHash(token);
  const [claimed] = await db
    .update(passwordResets)
    .set({ usedAt: dbNow() })
    .where(
      and(eq(passwordResets.tokenHash, hash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, dbNow())),
    )
    .returning({ userId: passwordResets.userId });
  if (!claimed) return false;
  const user = await findUserById(db, claimed.userId);
  if (!user?.active) return false;
  const problem = await passwordProblem(db, newPassword, user);
  if (problem) {
    // The link stays usable for a better password.
    await db.update(passwordResets).set({ usedAt: null }).where(eq(passwordResets.tokenHash, hash));
    throw new PasswordRejectedError(problem);
  }
  await updateUser(db, user.id, {
    passwordHash: await hashPassword(newPassword),
    mustChangePassword: false,
    endSessions: true,
  });
  await revokeUserSessions(db, user.id, "password_reset");
  await recordAudit(db, { action: "password_reset", actor: user, ip });
  return true;
}
