import type { Board, BoardCard, BoardColumn } from "@app/shared";
import { CRM_LIMITS, STAGES, type Stage } from "@app/shared/constants";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Db, queryRows } from "../../db/client.ts";
import { contactServiceTypes, contacts, opportunities, users } from "../../db/schema/index.ts";
import { newestFirst } from "../../kernel/newest-first.ts";
import { reusedCount } from "../../kernel/reused-count.ts";
import { matchesOwner } from "./pipeline-counts.ts";
import { filterCondition, type OwnerFilter, ownerCondition } from "./search-filter.ts";
import { c, cs } from "./tables.ts";

// The board (/crm/embudo): one card per opportunity (issue 33), per stage the latest activity first,
// with their count and value. A column reads its first cards through opportunities_stage_idx (or
// opportunities_owner_idx); counts and values come from one grouped read reused for a few seconds,
// or, under a product or company filter, from a count that stops at a cap.

export type BoardFilter = {
  owner?: OwnerFilter | undefined;
  serviceTypeId?: number | undefined;
  companyId?: number | undefined;
};

const o = alias(opportunities, "o");
const owner = alias(users, "owner");
const noKeywordServices = () => [];

/** Ids of the services contact `c` asked about in the main list, in no particular order. */
const servicesOfContact = sql<number[]>`array(select ${cs.serviceTypeId} from ${contactServiceTypes} cs
  where ${cs.clientId} = ${c.id})`;

/**
 * The board's filter without its stage, over `opportunities o` joined to their contact `c`: the
 * contact is in the main list (and asked about the product, belongs to the company); the
 * opportunity has the owner.
 */
const listed = (filter: BoardFilter) =>
  and(
    filterCondition(
      { view: "main", serviceTypeId: filter.serviceTypeId, companyId: filter.companyId },
      noKeywordServices,
    ),
    filter.owner ? ownerCondition(filter.owner, o.ownerId) : undefined,
  );
/** Each column adds `o.stage = s.stage`. */
const condition = (filter: BoardFilter) => and(listed(filter), sql`${o.stage} = s.stage`);

/**
 * The stages read, as the relation `s(stage, position)` each column's read is joined to laterally: one
 * statement for every column, so PostgreSQL plans once (4-5 ms per plan at a million messages,
 * with the dozen indexes of `clients` to weigh) and one connection answers the board.
 */
const stageList = (stages: readonly Stage[]) =>
  sql`unnest(array[${sql.join(
    stages.map((stage) => sql`${stage}`),
    sql`, `,
  )}]::text[]) with ordinality as s(stage, position)`;
const stageOfList = sql<Stage>`s.stage`;

type CardPage = { cards: BoardCard[]; hasMore: boolean };

/** Each column's page of cards, latest activity first; one more row read says whether more follow. */
async function columnsCards(
  db: Db,
  filter: BoardFilter,
  stages: readonly Stage[],
  offset: number,
  titles: Map<number, string>,
): Promise<Map<Stage, CardPage>> {
  const card = db
    .select({
      id: o.id,
      clientId: sql<number>`${c.id}`.as("client_id"),
      title: o.title,
      firstName: c.firstName,
      lastName: c.lastName,
      company: c.company,
      ownerId: sql<number | null>`${owner.id}`.as("owner_id"),
      ownerName: sql<string | null>`${owner.displayName}`.as("owner_name"),
      serviceIds: servicesOfContact.as("service_ids"),
      stageSince: sql<Date | string>`coalesce(${o.stageChangedAt}, ${o.createdAt})`.as("stage_since"),
      valueCents: o.valueCents,
      version: o.version,
      activityAt: o.activityAt,
    })
    .from(o)
    .innerJoin(c, eq(c.id, o.clientId))
    .leftJoin(owner, and(eq(owner.id, o.ownerId), eq(owner.active, true)))
    .where(condition(filter))
    .orderBy(...newestFirst(o.activityAt, o.id))
    .limit(CRM_LIMITS.boardPage + 1)
    .offset(offset)
    .as("card");
  const rows = await db
    .select({
      stage: stageOfList,
      id: card.id,
      clientId: card.clientId,
      title: card.title,
      firstName: card.firstName,
      lastName: card.lastName,
      company: card.company,
      ownerId: card.ownerId,
      ownerName: card.ownerName,
      serviceIds: card.serviceIds,
      stageSince: card.stageSince,
      valueCents: card.valueCents,
      version: card.version,
    })
    .from(stageList(stages))
    .crossJoinLateral(card)
    // The lateral reads come in their own order; said again, since only an outer order is promised.
    .orderBy(sql`s.position`, ...newestFirst(card.activityAt, card.id));
  const pages = new Map<Stage, CardPage>(stages.map((stage) => [stage, { cards: [], hasMore: false }]));
  for (const { stage, ...row } of rows) {
    const page = pages.get(stage);
    if (!page) continue;
    if (page.cards.length === CRM_LIMITS.boardPage) {
      page.hasMore = true;
      continue;
    }
    page.cards.push({
      id: row.id,
      clientId: row.clientId,
      title: row.title,
      name: `${row.firstName} ${row.lastName}`.trim(),
      company: row.company,
      owner: row.ownerId === null || row.ownerName === null ? null : { id: row.ownerId, displayName: row.ownerName },
      services: (row.serviceIds ?? [])
        .map((id) => ({ id: Number(id), title: titles.get(Number(id)) ?? "" }))
        .filter((service) => service.title)
        .sort((a, b) => a.title.localeCompare(b.title, "es")),
      stageSince: new Date(row.stageSince).toISOString(),
      value: row.valueCents === null ? null : row.valueCents / 100,
      version: row.version,
    });
  }
  return pages;
}

type Totals = { count: number; countIsExact: boolean; value: number };

/**
 * What a capped count reads for one column: with a company, its people's opportunities (joined to
 * them); with a product alone, a stage's opportunities whose contact asked about it. A contact with
 * a row in client_service_types has a message in the main list, so that filter needs no join: the
 * stage's index and the product's are merged by contact (opportunities_stage_client_idx).
 */
function cappedRows(filter: BoardFilter) {
  if (filter.companyId !== undefined) {
    return sql`select ${o.valueCents} as v from ${opportunities} o join ${contacts} c on ${c.id} = ${o.clientId}
      where ${condition(filter)}`;
  }
  const parts = [
    sql`${o.stage} = s.stage`,
    sql`exists (select 1 from ${contactServiceTypes} cs where ${cs.clientId} = ${o.clientId}
      and ${cs.serviceTypeId} = ${filter.serviceTypeId ?? null})`,
    ...(filter.owner ? [ownerCondition(filter.owner, o.ownerId)] : []),
  ];
  return sql`select ${o.valueCents} as v from ${opportunities} o where ${sql.join(parts, sql` and `)}`;
}

/** Each column's count and value under a product or company filter: counted up to the cap. */
async function cappedTotals(db: Db, filter: BoardFilter, stages: readonly Stage[]): Promise<Map<Stage, Totals>> {
  const rows = await queryRows<{ stage: Stage; count: number; valueCents: number | null }>(
    db,
    sql`select s.stage, t.count, t."valueCents" from ${stageList(stages)} cross join lateral (
      select count(*)::int as count, coalesce(sum(v), 0)::float8 as "valueCents" from (
        ${cappedRows(filter)} limit ${CRM_LIMITS.boardCountCap + 1}) capped) t`,
  );
  return new Map(
    rows.map((row) => [
      row.stage,
      {
        count: Math.min(row.count, CRM_LIMITS.boardCountCap),
        countIsExact: row.count <= CRM_LIMITS.boardCountCap,
        value: Number(row.valueCents ?? 0) / 100,
      },
    ]),
  );
}

type OpportunityCount = { stage: Stage; ownerId: number | null; count: number; valueCents: number };

const groupedByStageAndOwner = {
  stage: o.stage,
  ownerId: o.ownerId,
  count: count(),
  valueCents: sql<number>`coalesce(sum(${o.valueCents}), 0)::float8`.mapWith(Number),
};

/**
 * The board's opportunities by stage and owner: all of them (opportunities_counts_idx alone), less
 * those of the few contacts outside the main list (clients_unlisted_idx); joining every opportunity
 * to its contact was a 500 ms hash join at a million messages. Reused for a few seconds once large.
 */
function opportunityCounts(db: Db): Promise<OpportunityCount[]> {
  return reusedCount(
    db,
    "board",
    async () => {
      const [all, unlisted] = await Promise.all([
        db.select(groupedByStageAndOwner).from(o).groupBy(o.stage, o.ownerId),
        db
          .select(groupedByStageAndOwner)
          .from(c)
          .innerJoin(o, eq(o.clientId, c.id))
          .where(isNull(c.lastMessageAt))
          .groupBy(o.stage, o.ownerId),
      ]);
      const key = (row: OpportunityCount) => `${row.stage}:${row.ownerId}`;
      const outside = new Map(unlisted.map((row) => [key(row), row]));
      return all
        .map((row) => {
          const less = outside.get(key(row));
          return less ? { ...row, count: row.count - less.count, valueCents: row.valueCents - less.valueCents } : row;
        })
        .filter((row) => row.count > 0);
    },
    (rows) => rows.reduce((sum, row) => sum + row.count, 0),
  );
}

/** The board's opportunities and their value by stage (the dashboard's pipeline), from the grouped counts. */
export async function pipelineByStage(db: Db) {
  const totals = await groupedTotals(db, {});
  return STAGES.map((stage) => {
    const total = totals.get(stage);
    return { stage, count: total?.count ?? 0, valueCents: Math.round((total?.value ?? 0) * 100) };
  });
}

/** Every column's totals without a product or company filter, from the grouped counts. */
async function groupedTotals(db: Db, filter: BoardFilter) {
  const rows = await opportunityCounts(db);
  const totals = new Map<Stage, Totals>(STAGES.map((stage) => [stage, { count: 0, countIsExact: true, value: 0 }]));
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
  const offset = page?.offset ?? 0;
  const [pages, totals] = await Promise.all([
    columnsCards(db, filter, stages, offset, titles),
    filter.serviceTypeId === undefined && filter.companyId === undefined
      ? groupedTotals(db, filter)
      : cappedTotals(db, filter, stages),
  ]);
  const columns = stages.map((stage): BoardColumn => {
    const { cards, hasMore } = pages.get(stage) ?? { cards: [], hasMore: false };
    const total = totals.get(stage) ?? { count: 0, countIsExact: true, value: 0 };
    // A reused count can trail the cards just read: never say fewer than are shown.
    const count = Math.max(total.count, offset + cards.length + (hasMore ? 1 : 0));
    return { stage, ...total, count, cards, hasMore };
  });
  return { columns };
}
