import { eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { accountLocks, users } from "../../../db/schema/index.ts";
import { dbNow } from "../../../db/sql-helpers.ts";

// The lock of an account that strangers keep guessing (decision 039): one row while it lasts.

/** Starts the lock, or moves its end on: true when this failure started it. */
export async function holdAccountLock(db: Db, userId: number, until: Date, failures: number) {
  const [row] = await db
    .insert(accountLocks)
    .values({ userId, until, failures })
    .onConflictDoUpdate({ target: accountLocks.userId, set: { until, failures } })
    // A row the insert made has no deleting transaction: xmax is 0 only for a new row.
    .returning({ started: sql<boolean>`(xmax = 0)` });
  return row?.started === true;
}

/** Ends the lock of an account (the right password and factor were given); true when it had one. */
export async function releaseAccountLock(db: Db, userId: number) {
  const rows = await db
    .delete(accountLocks)
    .where(eq(accountLocks.userId, userId))
    .returning({ userId: accountLocks.userId });
  return rows.length > 0;
}

/**
 * Ends every lock whose time ran out, and says whose (with how long each lasted). One instance gets
 * each row, however many sweep at once.
 */
export async function releaseExpiredLocks(db: Db) {
  const ended = await db
    .delete(accountLocks)
    .where(lt(accountLocks.until, dbNow()))
    .returning({ userId: accountLocks.userId, lockedAt: accountLocks.lockedAt, failures: accountLocks.failures });
  if (ended.length === 0) return [];
  const accounts = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      inArray(
        users.id,
        ended.map((lock) => lock.userId),
      ),
    );
  const byId = new Map(accounts.map((account) => [account.id, account]));
  return ended.flatMap((lock) => {
    const account = byId.get(lock.userId);
    return account ? [{ ...lock, account }] : [];
  });
}
