import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { emailOutbox, passwordResets } from "../../db/schema.ts";
import { dbNow } from "../../db/sql-helpers.ts";
import { recordAudit } from "../audit/repo.ts";
import { findUserByEmail, findUserById, updateUser } from "../users/repo.ts";
import { hashPassword, passwordProblem } from "./passwords.ts";
import { PasswordRejectedError } from "./service.ts";
import { revokeUserSessions } from "./sessions.ts";
import { newOpaqueToken, tokenHash } from "./tokens.ts";

/** How long a reset link works (issue 4: 10 minutes). */
export const RESET_LINK_MINUTES = 10;

/**
 * Queues a reset email for an active account with this address. Says nothing about whether one
 * exists: the caller answers the same either way. Returns whether an email was queued.
 */
export async function requestPasswordReset(db: Db, email: string, ip: string | undefined) {
  const user = await findUserByEmail(db, email);
  if (!user?.active || !user.email) return false;
  const token = newOpaqueToken();
  await db.transaction(async (tx) => {
    // One working link at a time: a new request retires the earlier ones.
    await tx
      .update(passwordResets)
      .set({ usedAt: dbNow() })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({
      tokenHash: tokenHash(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + RESET_LINK_MINUTES * 60_000),
    });
    // The link is in the payload only until the email is sent (see email/render.ts).
    await tx.insert(emailOutbox).values({
      kind: "password_reset",
      toAddress: user.email as string,
      payload: { userId: user.id, token },
    });
  });
  await recordAudit(db, { action: "password_reset_requested", target: user, ip });
  return true;
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
  const problem = passwordProblem(newPassword, user.username);
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
