import { and, eq, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { leases } from "../db/schema/index.ts";
import { dbNow } from "../db/sql-helpers.ts";

// Named leases on the database's clock: one holder at a time does a job (the mailbox reader), and
// another takes over when the holder stops renewing. The leases table is written here only.

/**
 * Takes or renews the lease `name` for `holder` until `seconds` from now: true when this holder has
 * it. A lease another holder let run out is taken over, and so is one of `deadHolder`'s.
 */
export async function holdLease(db: Db, name: string, holder: string, seconds: number, deadHolder?: string) {
  const until = sql<Date>`${dbNow()} + make_interval(secs => ${seconds})`;
  const rows = await db
    .insert(leases)
    .values({ name, holder, expiresAt: until })
    .onConflictDoUpdate({
      target: leases.name,
      set: { holder, expiresAt: until },
      setWhere: or(
        eq(leases.holder, holder),
        lt(leases.expiresAt, dbNow()),
        deadHolder === undefined ? undefined : eq(leases.holder, deadHolder),
      ),
    })
    .returning({ holder: leases.holder });
  return rows[0]?.holder === holder;
}

/** Who holds the lease `name` now, if anyone. */
export async function leaseHolder(db: Db, name: string) {
  const [row] = await db.select({ holder: leases.holder }).from(leases).where(eq(leases.name, name));
  return row?.holder;
}

export async function releaseLease(db: Db, name: string, holder: string) {
  await db.delete(leases).where(and(eq(leases.name, name), eq(leases.holder, holder)));
}
