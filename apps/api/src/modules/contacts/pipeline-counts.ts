import type { ContactCounts } from "@app/shared";
import { STAGES, type Stage } from "@app/shared/constants";
import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contacts, users } from "../../db/schema/index.ts";
import { reusedCount } from "../../kernel/reused-count.ts";
import { type OwnerFilter, UNANSWERED } from "./search-filter.ts";
import { m } from "./tables.ts";

// How many listed contacts each owner has in each stage: the counts beside the contacts screen's
// filters and the exact total of a list filtered by owner and stage, from one grouped read reused
// like the list's total (bench/crm: a count per filter was a scan of the list each).

export type PipelineCount = { stage: Stage; ownerId: number | null; count: number; valueCents: number };

/** Listed contacts (main list) by stage and owner, reused for a few seconds once large. */
export function pipelineCounts(db: Db): Promise<PipelineCount[]> {
  return reusedCount(
    db,
    "pipeline",
    () =>
      db
        .select({
          stage: contacts.stage,
          ownerId: contacts.ownerId,
          count: count(),
          valueCents: sql<number>`coalesce(sum(${contacts.wonValueCents}), 0)::float8`.mapWith(Number),
        })
        .from(contacts)
        .where(isNotNull(contacts.lastMessageAt))
        .groupBy(contacts.stage, contacts.ownerId),
    (rows) => rows.reduce((sum, row) => sum + row.count, 0),
  );
}

/** Ids of disabled staff accounts: their contacts count as nobody's for new work. */
async function disabledStaffIds(db: Db) {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.active, false));
  return rows.map((row) => row.id);
}

/** A list filter for `owner`: `me` (staff member `me`), `none` (Sin responsable) or a staff id. */
export async function ownerFilter(db: Db, owner: "me" | "none" | number, me: number): Promise<OwnerFilter> {
  if (owner === "none") return { ownerIds: await disabledStaffIds(db), orNobody: true };
  return { ownerIds: [owner === "me" ? me : owner], orNobody: false };
}

export const matchesOwner = (ownerId: number | null, filter: OwnerFilter | undefined) =>
  !filter || (ownerId === null ? filter.orNobody : filter.ownerIds.includes(ownerId));

/** The exact total of the main list filtered by owner and stage. */
export async function filteredTotal(db: Db, owner: OwnerFilter | undefined, stage: Stage | undefined) {
  const rows = await pipelineCounts(db);
  return rows
    .filter((row) => (!stage || row.stage === stage) && matchesOwner(row.ownerId, owner))
    .reduce((sum, row) => sum + row.count, 0);
}

/** Contacts of the main list with a message unanswered for more than `days` days. */
async function waitingCount(db: Db, days: number) {
  return reusedCount(
    db,
    `waiting:${days}`,
    async () => {
      const [row] = await db
        .select({ count: sql<number>`count(distinct ${m.clientId})::int` })
        .from(m)
        .where(and(UNANSWERED, sql`${m.createdAt} < now() - make_interval(days => ${days})`));
      return row?.count ?? 0;
    },
    (total) => total,
  );
}

/** The counts beside the contacts screen's filters, for staff member `me`. */
export async function contactCounts(db: Db, me: number, waitingDays: number): Promise<ContactCounts> {
  const [rows, disabled, waiting] = await Promise.all([
    pipelineCounts(db),
    disabledStaffIds(db),
    waitingCount(db, waitingDays),
  ]);
  const stages = Object.fromEntries(STAGES.map((stage) => [stage, 0])) as Record<Stage, number>;
  const owners = new Map<number, number>();
  let all = 0;
  let unowned = 0;
  for (const row of rows) {
    all += row.count;
    stages[row.stage] += row.count;
    if (row.ownerId === null || disabled.includes(row.ownerId)) unowned += row.count;
    if (row.ownerId !== null) owners.set(row.ownerId, (owners.get(row.ownerId) ?? 0) + row.count);
  }
  return {
    all,
    mine: owners.get(me) ?? 0,
    unowned,
    stages,
    owners: [...owners].map(([id, total]) => ({ id, count: total })),
    waiting,
    waitingDays,
  };
}
