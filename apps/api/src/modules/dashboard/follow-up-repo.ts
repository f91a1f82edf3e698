import { STAGES, type Stage, BUSINESS_TIME_ZONE as ZONE } from "@app/shared/constants";
import { count, isNotNull, isNull, type SQLWrapper, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Db, queryRows } from "../../db/client.ts";
import { contactEvents, contactMessages, contacts, emailOutbox, tasks, users } from "../../db/schema/index.ts";
import { dbNow } from "../../db/sql-helpers.ts";
import { VISIBLE } from "../contacts/index.ts";

// The dashboard's follow-up figures (issue 13): tasks, the funnel and its conversion, time to first
// reply, won value. The builder where it has the words; raw SQL (decision 021) for the conversion,
// the medians and the months, each a named function tested on both engines (repo.test.ts).

export const CONVERSION_DAYS = 90;
export const FIRST_REPLY_DAYS = 30;
export const WON_MONTHS = 12;
/** The site's promise: "respuesta en menos de 24 horas". */
const PROMISE_MINUTES = 24 * 60;

/** The way from lead to order, in order; `perdido` is off it. */
export const FUNNEL_STAGES = STAGES.filter((stage) => stage !== "perdido");

// `VISIBLE` names the message table `m`.
const m = alias(contactMessages, "m");
const c = alias(contacts, "c");
const e = alias(contactEvents, "e");
const o = alias(emailOutbox, "o");
const u = alias(users, "u");
const M = sql`${contactMessages} ${m}`;
const C = sql`${contacts} ${c}`;
const E = sql`${contactEvents} ${e}`;
const O = sql`${emailOutbox} ${o}`;
const U = sql`${users} ${u}`;

export type OpenTasks = { ownerId: number | null; open: number; overdue: number };

/**
 * Open tasks and the overdue ones, per owner: one pass over the open-task index, counted with the
 * dashboard's kept figures (a pass over 90,000 open tasks took 30 ms on every request, bench/crm), so
 * a task falling due shows within the figures' minute, and any task change at once.
 */
export function openTasksByOwner(db: Db): Promise<OpenTasks[]> {
  return db
    .select({
      ownerId: tasks.ownerId,
      open: count(),
      overdue: sql<number>`count(*) filter (where ${tasks.dueAt} < ${dbNow()})`.mapWith(Number),
    })
    .from(tasks)
    .where(isNull(tasks.doneAt))
    .groupBy(tasks.ownerId);
}

/** The dashboard's task figures for staff member `staffId`: theirs and everyone's. */
export function taskCounts(rows: OpenTasks[], staffId: number) {
  const mine = rows.find((row) => row.ownerId === staffId);
  return {
    mineOpen: mine?.open ?? 0,
    mineOverdue: mine?.overdue ?? 0,
    teamOpen: rows.reduce((sum, row) => sum + row.open, 0),
    teamOverdue: rows.reduce((sum, row) => sum + row.overdue, 0),
  };
}

/** Contacts of the main list in each stage now (the board's columns), all six stages. */
export async function stageCounts(db: Db) {
  const rows = await db
    .select({ stage: contacts.stage, count: count() })
    .from(contacts)
    .where(isNotNull(contacts.lastMessageAt))
    .groupBy(contacts.stage);
  const counts = new Map(rows.map((row) => [row.stage, row.count]));
  return STAGES.map((stage) => ({ stage, count: counts.get(stage) ?? 0 }));
}

/** `'{nuevo,contactado,...}'::text[]`: the stages are our own constants, written as a literal. */
const FUNNEL_ARRAY = sql.raw(`'{${FUNNEL_STAGES.join(",")}}'::text[]`);
/** A stage's place on the way (0 for Nuevo .. 4 for Ganado); null for Perdido or anything else. */
const funnelRank = (stage: SQLWrapper) => sql`array_position(${FUNNEL_ARRAY}, ${stage}) - 1`;

export type ReachedRow = { reached: number[] };

/**
 * How many of the contacts that came in over the last `CONVERSION_DAYS` days (created then, in the
 * main list) reached each stage of the way, Nuevo first. A contact reached the furthest stage its
 * stage changes (`contact_events`) moved it to, or its stage now if further, and every stage before
 * it: a jump from Nuevo to Negociación passes Contactado and Cotización enviada; Perdido passes none.
 * Such a contact's changes all happened after it came in, so only the window's changes are read,
 * once, grouped per contact and matched to the window's contacts (no look-up per contact).
 */
export async function reachedCounts(db: Db): Promise<number[]> {
  const since = sql`now() - interval '${sql.raw(String(CONVERSION_DAYS))} days'`;
  const [row] = await queryRows<ReachedRow>(
    db,
    sql`with moves as (
          select ${e.clientId} as client_id, max(${funnelRank(sql`${e.data} ->> 'to'`)}) as rank
            from ${E} where ${e.kind} = 'stage_changed' and ${e.at} >= ${since}
           group by ${e.clientId}
        ), furthest as (
          select greatest(0, ${funnelRank(c.stage)}, moves.rank) as rank
            from ${C} left join moves on moves.client_id = ${c.id}
           where ${c.lastMessageAt} is not null and ${c.createdAt} >= ${since}
        )
        select array[${sql.join(
          FUNNEL_STAGES.map((_, rank) => sql`count(*) filter (where rank >= ${sql.raw(String(rank))})::int`),
          sql`, `,
        )}] as reached from furthest`,
  );
  return (row?.reached ?? []).map(Number);
}

/** The steps of the way with their conversion, from the counts of `reachedCounts`. */
export function conversionSteps(reached: number[]) {
  return FUNNEL_STAGES.slice(0, -1).map((from, index) => {
    const before = reached[index] ?? 0;
    const after = reached[index + 1] ?? 0;
    return {
      from,
      to: FUNNEL_STAGES[index + 1] as Stage,
      reached: before,
      advanced: after,
      rate: before === 0 ? null : after / before,
    };
  });
}

export type FirstReplyRow = {
  staffId: (typeof users.$inferSelect)["id"];
  name: (typeof users.$inferSelect)["displayName"];
  medianMinutes: number | string;
  replies: number;
  within24h: number;
};

/**
 * Per staff member, the requests from the site first answered over the last `FIRST_REPLY_DAYS` days:
 * median minutes from arrival to the first answer, how many, and how many under 24 hours.
 *
 * A message keeps only its latest answer (`replied_at`, `replied_by`; "Responder de nuevo" overwrites
 * them), but every answer queued its email in the same transaction: the first `client_reply` email
 * dates the first answer, `replied_at` when there is none (its email was erased with the contact's
 * data). The answer is counted for whoever answered it (`replied_by`). The scan reads the
 * `replied_at` index from the window's start: a first answer in the window has its latest one there too.
 */
export function firstReplyTimes(db: Db) {
  const since = sql`now() - interval '${sql.raw(String(FIRST_REPLY_DAYS))} days'`;
  return queryRows<FirstReplyRow>(
    db,
    // Materialized: the first answer's time is looked up once per message, not once per use.
    sql`with answered as materialized (
          select ${m.repliedBy} as staff_id, ${m.createdAt} as created_at,
                 least(${m.repliedAt}, (select min(${o.createdAt}) from ${O}
                                         where ${o.messageId} = ${m.id} and ${o.kind} = 'client_reply')) as first_at
            from ${M}
           where ${m.repliedAt} >= ${since} and ${m.repliedBy} is not null and ${m.origin} = 'web' and ${VISIBLE}
        ), timed as (
          select staff_id, extract(epoch from first_at - created_at) / 60 as minutes
            from answered where first_at >= ${since}
        )
        select ${u.id} as "staffId", ${u.displayName} as name,
               percentile_cont(0.5) within group (order by timed.minutes) as "medianMinutes",
               count(*)::int as replies,
               (count(*) filter (where timed.minutes < ${sql.raw(String(PROMISE_MINUTES))}))::int as "within24h"
          from timed join ${U} on ${u.id} = timed.staff_id
         group by ${u.id}, ${u.displayName}
         order by ${u.displayName}, ${u.id}`,
  );
}

export type WonMonthRow = { month: string; valueCents: number | string; count: number };

/**
 * Contacts won now, by the month of Ecuador's calendar they became Ganado, the last `WON_MONTHS`
 * months: their number and estimated value. They became Ganado at their latest change into it from
 * another stage (a change from Ganado to Ganado only edits the value), else when their stage last
 * changed. Only won contacts whose stage changed in the window are looked at (the stage index).
 */
export function wonMonths(db: Db) {
  const start = sql`(date_trunc('month', now() at time zone ${ZONE}) - interval '${sql.raw(String(WON_MONTHS - 1))} months') at time zone ${ZONE}`;
  return queryRows<WonMonthRow>(
    db,
    // Materialized: the time it became Ganado is looked up once per contact, not once per use.
    sql`with won as materialized (
          select ${c.wonValueCents} as value_cents,
                 coalesce((select max(${e.at}) from ${E}
                            where ${e.clientId} = ${c.id} and ${e.kind} = 'stage_changed'
                              and ${e.data} ->> 'to' = 'ganado' and ${e.data} ->> 'from' is distinct from 'ganado'),
                          ${c.stageChangedAt}) as at
            from ${C}
           where ${c.stage} = 'ganado' and ${c.lastMessageAt} is not null and ${c.stageChangedAt} >= ${start}
        )
        select to_char(won.at at time zone ${ZONE}, 'YYYY-MM') as month,
               coalesce(sum(won.value_cents), 0)::bigint as "valueCents", count(*)::int as count
          from won where won.at >= ${start}
         group by 1`,
  );
}

/** This month in Ecuador's calendar (YYYY-MM), by the database's clock. */
export async function currentMonth(db: Db) {
  const [row] = await queryRows<{ month: string }>(
    db,
    sql`select to_char(now() at time zone ${ZONE}, 'YYYY-MM') as month`,
  );
  return row?.month ?? new Date().toISOString().slice(0, 7);
}

/** The `count` months ending with `month` (YYYY-MM), oldest first. */
export function lastMonths(month: string, count: number) {
  const [year = 1970, number = 1] = month.split("-").map(Number);
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(Date.UTC(year, number - 1 - (count - 1 - i), 1));
    return date.toISOString().slice(0, 7);
  });
}

/** The funnel and its conversion, time to first reply and won value (issue 13); tasks are `openTasksByOwner`. */
export async function followUpFigures(db: Db) {
  const funnel = await stageCounts(db);
  const conversion = conversionSteps(await reachedCounts(db));
  const replies = await firstReplyTimes(db);
  const won = new Map((await wonMonths(db)).map((row) => [row.month, row]));
  return {
    funnel,
    conversion,
    firstReply: replies.map((row) => ({
      staffId: row.staffId,
      name: row.name,
      // Tenths of a minute: the median of an even count is halfway between two answers.
      medianMinutes: Math.round(Number(row.medianMinutes) * 10) / 10,
      replies: row.replies,
      within24h: row.within24h,
    })),
    wonByMonth: lastMonths(await currentMonth(db), WON_MONTHS).map((month) => ({
      month,
      valueCents: Number(won.get(month)?.valueCents ?? 0),
      count: won.get(month)?.count ?? 0,
    })),
  };
}
