import type { Board, BoardCard, BoardColumn } from "@app/shared";
import { CRM_LIMITS, STAGES, type Stage } from "@app/shared/constants";
import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Db, queryRows } from "../../db/client.ts";
import { clientServiceTypes, clients, users } from "../../db/schema.ts";
import { matchesOwner, pipelineCounts } from "./pipeline-counts.ts";
import { filterCondition, type OwnerFilter } from "./search-filter.ts";
import { c, cs } from "./tables.ts";

// The board (/crm/embudo): per stage the newest contacts first, their count and their won value.
// A column reads its first cards through clients_stage_idx; counts and values come from the grouped
// counts the contacts screen uses, or, under a product filter, from a count that stops at a cap.

export type BoardFilter = { owner?: OwnerFilter | undefined; serviceTypeId?: number | undefined };

const owner = alias(users, "owner");
const noKeywordServices = () => [];

/** Ids of the services client `c` asked about in the main list, in no particular order. */
const servicesOfClient = sql<number[]>`array(select ${cs.serviceTypeId} from ${clientServiceTypes} cs
  where ${cs.clientId} = ${c.id})`;

const condition = (filter: BoardFilter, stage: Stage) =>
  filterCondition({ view: "main", stage, owner: filter.owner, serviceTypeId: filter.serviceTypeId }, noKeywordServices);

/** One page of a column's cards, newest activity first; one more row read says whether more follow. */
async function columnCards(db: Db, filter: BoardFilter, stage: Stage, offset: number, titles: Map<number, string>) {
  const rows = await db
    .select({
      id: c.id,
      firstName: c.firstName,
      lastName: c.lastName,
      company: c.company,
      ownerId: owner.id,
      ownerName: owner.displayName,
      serviceIds: servicesOfClient,
      stageSince: sql<Date | string>`coalesce(${c.stageChangedAt}, ${c.createdAt})`,
      wonValueCents: c.wonValueCents,
      version: c.version,
    })
    .from(c)
    .leftJoin(owner, and(eq(owner.id, c.ownerId), eq(owner.active, true)))
    .where(condition(filter, stage))
    // Exactly clients_stage_idx's order (desc nulls last), or PostgreSQL sorts the whole stage.
    .orderBy(sql`${c.lastMessageAt} desc nulls last`, sql`${c.id} desc nulls last`)
    .limit(CRM_LIMITS.boardPage + 1)
    .offset(offset);
  const cards: BoardCard[] = rows.slice(0, CRM_LIMITS.boardPage).map((row) => ({
    id: row.id,
    name: `${row.firstName} ${row.lastName}`.trim(),
    company: row.company,
    owner: row.ownerId === null || row.ownerName === null ? null : { id: row.ownerId, displayName: row.ownerName },
    services: (row.serviceIds ?? [])
      .map((id) => ({ id: Number(id), title: titles.get(Number(id)) ?? "" }))
      .filter((service) => service.title)
      .sort((a, b) => a.title.localeCompare(b.title, "es")),
    stageSince: new Date(row.stageSince).toISOString(),
    wonValue: row.wonValueCents === null ? null : row.wonValueCents / 100,
    version: row.version,
  }));
  return { cards, hasMore: rows.length > CRM_LIMITS.boardPage };
}

/** A column's count and value under a product filter: counted up to the cap. */
async function cappedTotals(db: Db, filter: BoardFilter, stage: Stage) {
  const [row] = await queryRows<{ count: number; valueCents: number | null }>(
    db,
    sql`select count(*)::int as count, coalesce(sum(v), 0)::float8 as "valueCents" from (
      select ${c.wonValueCents} as v from ${clients} c where ${condition(filter, stage)}
      limit ${CRM_LIMITS.boardCountCap + 1}) t`,
  );
  const count = row?.count ?? 0;
  return {
    count: Math.min(count, CRM_LIMITS.boardCountCap),
    countIsExact: count <= CRM_LIMITS.boardCountCap,
    value: Number(row?.valueCents ?? 0) / 100,
  };
}

/** Every column's totals without a product filter, from the grouped counts. */
async function groupedTotals(db: Db, filter: BoardFilter) {
  const rows = await pipelineCounts(db);
  const totals = new Map<Stage, { count: number; countIsExact: boolean; value: number }>(
    STAGES.map((stage) => [stage, { count: 0, countIsExact: true, value: 0 }]),
  );
  for (const row of rows) {
    if (!matchesOwner(row.ownerId, filter.owner)) continue;
    const total = totals.get(row.stage);
    if (!total) continue;
    total.count += row.count;
    total.value += row.valueCents / 100;
  }
  return totals;
}

/** The board: all six columns, or (with `stage`) more cards of one from `offset`. */
export async function loadBoard(
  db: Db,
  filter: BoardFilter,
  titles: Map<number, string>,
  page?: { stage: Stage; offset: number },
): Promise<Board> {
  const stages = page ? [page.stage] : STAGES;
  const grouped = filter.serviceTypeId === undefined ? await groupedTotals(db, filter) : undefined;
  const columns = await Promise.all(
    stages.map(async (stage): Promise<BoardColumn> => {
      const [{ cards, hasMore }, totals] = await Promise.all([
        columnCards(db, filter, stage, page?.offset ?? 0, titles),
        grouped?.get(stage) ?? cappedTotals(db, filter, stage),
      ]);
      // A reused count can trail the cards just read: never say fewer than are shown.
      const count = Math.max(totals.count, (page?.offset ?? 0) + cards.length + (hasMore ? 1 : 0));
      return { stage, ...totals, count, cards, hasMore };
    }),
  );
  return { columns };
}
