import type { Dashboard } from "@app/shared";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Db, queryRows } from "../../db/client.ts";
import { contactMessages, contacts, messageServiceTypes, serviceTypes, users } from "../../db/schema/index.ts";
import type { RawRow } from "../../db/sql-helpers.ts";
import { IN_REVIEW, VISIBLE } from "../contacts/index.ts";
import { clickSummary } from "../whatsapp-clicks/index.ts";
import { followUpFigures, type OpenTasks, openTasksByOwner, taskCounts } from "./follow-up-repo.ts";
import { salesFigures } from "./sales-repo.ts";

// The CRM's morning overview (issue 5). Raw SQL on purpose (decision 021): counts over moving windows,
// a union of three index-ordered "newest 10" reads, weeks in Ecuador's time. Each statement is a
// named function below; columns come from the schema, under the aliases the shared predicates use.

/** Weeks start on Monday in Ecuador's time, whatever the server's zone. */
const ZONE = "America/Guayaquil";
const WEEKS = 12;

type MessageRow = typeof contactMessages.$inferSelect;
type ContactRow = typeof contacts.$inferSelect;

// `VISIBLE` and `IN_REVIEW` name the message table `m`.
const m = alias(contactMessages, "m");
const c = alias(contacts, "c");
const u = alias(users, "u");
const s = alias(serviceTypes, "s");
const ms = alias(messageServiceTypes, "ms");
/** `client_messages m` and the like, for a from or join clause. */
const M = sql`${contactMessages} ${m}`;
const C = sql`${contacts} ${c}`;
const U = sql`${users} ${u}`;
const S = sql`${serviceTypes} ${s}`;
const MS = sql`${messageServiceTypes} ${ms}`;

export type DashboardCounts = {
  newNow: number;
  newBefore: number;
  pendingNow: number;
  pendingBefore: number;
  activeNow: number;
  activeBefore: number;
  repliedNow: number;
  repliedBefore: number;
};

/** This week's figures and last week's, each a count over an index. */
export async function dashboardCounts(db: Db): Promise<DashboardCounts> {
  const [row] = await queryRows<DashboardCounts>(
    db,
    sql`select
      (select count(*)::int from ${M} where ${m.origin} = 'web' and ${VISIBLE}
          and ${m.createdAt} >= now() - interval '7 days') as "newNow",
      (select count(*)::int from ${M} where ${m.origin} = 'web' and ${VISIBLE}
          and ${m.createdAt} >= now() - interval '14 days' and ${m.createdAt} < now() - interval '7 days') as "newBefore",
      (select count(*)::int from ${M} where ${m.status} = 'pendiente' and ${VISIBLE}) as "pendingNow",
      -- Pending a week ago: older than a week and pending now (client_messages_waiting_idx), or
      -- answered or rejected since (client_messages_status_changed_idx). As one "or" it read every
      -- message older than a week (270 ms at a million).
      (select count(*)::int from ${M} where ${m.status} = 'pendiente' and ${VISIBLE}
          and ${m.createdAt} < now() - interval '7 days')
      + (select count(*)::int from ${M} where ${m.statusChangedAt} >= now() - interval '7 days'
          and ${m.status} <> 'pendiente' and ${VISIBLE} and ${m.createdAt} < now() - interval '7 days') as "pendingBefore",
      (select count(distinct ${m.clientId})::int from ${M} where ${VISIBLE}
          and ${m.createdAt} >= now() - interval '30 days') as "activeNow",
      (select count(distinct ${m.clientId})::int from ${M} where ${VISIBLE}
          and ${m.createdAt} >= now() - interval '60 days' and ${m.createdAt} < now() - interval '30 days') as "activeBefore",
      (select count(*)::int from ${M} where ${m.repliedAt} >= now() - interval '7 days') as "repliedNow",
      (select count(*)::int from ${M} where ${m.repliedAt} >= now() - interval '14 days'
          and ${m.repliedAt} < now() - interval '7 days') as "repliedBefore"`,
  );
  if (!row) throw new Error("the dashboard's counts returned no row");
  return row;
}

export type ActivityRow = RawRow<
  Pick<ContactRow, "firstName" | "lastName"> & {
    kind: Dashboard["recentActivity"][number]["kind"];
    at: MessageRow["createdAt"];
    clientId: MessageRow["clientId"];
    actor: (typeof users.$inferSelect)["displayName"] | null;
    detail: string;
  }
>;

/**
 * The 10 newest events: messages, replies, status changes. Each part reads its own index newest
 * first and stops at 10, so the union is 30 rows whatever the table's size. The orders say
 * `nulls last` like the indexes: plain `desc` (nulls first) made PostgreSQL sort a million rows
 * per part (1.5 s, bench/crm).
 */
export function recentActivity(db: Db) {
  return queryRows<ActivityRow>(
    db,
    sql`select a.kind, a.at, a.client_id as "clientId", ${c.firstName} as "firstName", ${c.lastName} as "lastName",
               ${u.displayName} as actor, a.detail from (
          (select case when ${m.origin} = 'personal' then 'note' else 'new_message' end as kind, ${m.createdAt} as at,
                  ${m.clientId} as client_id, ${m.createdBy} as user_id, left(${m.message}, 140) as detail
             from ${M} where ${VISIBLE} order by ${m.createdAt} desc nulls last limit 10)
          union all
          (select 'reply', ${m.repliedAt}, ${m.clientId}, ${m.repliedBy}, left(${m.reply}, 140)
             from ${M} where ${m.repliedAt} is not null order by ${m.repliedAt} desc nulls last limit 10)
          union all
          (select 'status_change', ${m.statusChangedAt}, ${m.clientId}, ${m.statusChangedBy},
                  ${m.status} || coalesce(': ' || left(${m.rejectionReason}, 120), '')
             from ${M} where ${m.statusChangedAt} is not null and ${m.status} <> 'respondido'
            order by ${m.statusChangedAt} desc nulls last limit 10)
        ) a join ${C} on ${c.id} = a.client_id left join ${U} on ${u.id} = a.user_id
        order by a.at desc limit 10`,
  );
}

export type WeeklyRow = {
  /** Monday of the week, YYYY-MM-DD. */
  week: string;
  serviceTypeId: (typeof serviceTypes.$inferSelect)["id"];
  title: (typeof serviceTypes.$inferSelect)["title"];
  count: number;
};

/** Web requests per service type and week (Monday, Ecuador's time), over the last `WEEKS` weeks. */
export function weeklyRequestCounts(db: Db) {
  return queryRows<WeeklyRow>(
    db,
    sql`select to_char(date_trunc('week', ${m.createdAt} at time zone ${ZONE}), 'YYYY-MM-DD') as week,
               ${s.id} as "serviceTypeId", ${s.title} as title, count(*)::int as count
          from ${M}
          join ${MS} on ${ms.messageId} = ${m.id}
          join ${S} on ${s.id} = ${ms.serviceTypeId}
         where ${m.createdAt} >= (date_trunc('week', now() at time zone ${ZONE}) - interval '${sql.raw(String(WEEKS - 1))} weeks') at time zone ${ZONE}
           and ${m.origin} = 'web' and ${VISIBLE}
         group by 1, 2, 3`,
  );
}

/** Monday of the current week in Ecuador's time (YYYY-MM-DD), by the database's clock. */
export async function currentWeek(db: Db) {
  const [row] = await queryRows<{ week: string }>(
    db,
    sql`select to_char(date_trunc('week', now() at time zone ${ZONE}), 'YYYY-MM-DD') as week`,
  );
  return row?.week ?? new Date().toISOString().slice(0, 10);
}

export type CountryRow = { countryCode: ContactRow["countryCode"]; count: number };

/** The 12 country codes with most web requests over the last `WEEKS` weeks. */
export function topCountries(db: Db) {
  return queryRows<CountryRow>(
    db,
    sql`select ${c.countryCode} as "countryCode", count(*)::int as count
          from ${M} join ${C} on ${c.id} = ${m.clientId}
         where ${m.createdAt} >= now() - interval '${sql.raw(String(WEEKS))} weeks' and ${m.origin} = 'web' and ${VISIBLE}
         group by 1 order by 2 desc, 1 limit 12`,
  );
}

/**
 * The figures counted over the data's windows: what `Snapshot` keeps between requests. Open tasks are
 * kept per owner, so each staff member's own are picked from them (`seenBy`).
 */
export type CountedFigures = Omit<Dashboard, keyof LiveFigures | "tasks"> & { openTasks: OpenTasks[] };
/**
 * What is read on every request: cheap, and a person's name (activity) or changed without a live
 * event (a submission kept for review, a WhatsApp click).
 */
export type LiveFigures = Pick<Dashboard, "recentActivity" | "inReview" | "whatsappClicks">;

/** The dashboard as staff member `staffId` sees it, from the kept figures and the live ones. */
export function seenBy({ openTasks, ...counted }: CountedFigures, live: LiveFigures, staffId: number): Dashboard {
  return { ...counted, tasks: taskCounts(openTasks, staffId), ...live };
}

/**
 * The CRM's morning overview, computed from the data (issues 5 and 13), as staff member `staffId`
 * sees it. The route keeps the counted part between requests (snapshot.ts).
 */
export async function dashboard(db: Db, staffId: number): Promise<Dashboard> {
  return seenBy(await countedFigures(db), await liveFigures(db), staffId);
}

/**
 * One transaction without JIT: at a million messages their estimated costs pass `jit_above_cost`,
 * and PostgreSQL spent 30-470 ms compiling each, more than most take to run.
 */
export function countedFigures(db: Db): Promise<CountedFigures> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return counted(tx);
  });
}

async function counted(db: Db): Promise<CountedFigures> {
  const counts = await dashboardCounts(db);
  const weekly = await weeklyRequestCounts(db);
  const weeks = lastWeeks(await currentWeek(db), WEEKS);
  const series = new Map<number, { serviceTypeId: number; title: string; counts: number[] }>();
  for (const row of weekly) {
    const entry = series.get(row.serviceTypeId) ?? {
      serviceTypeId: row.serviceTypeId,
      title: row.title,
      counts: weeks.map(() => 0),
    };
    const index = weeks.indexOf(row.week);
    if (index >= 0) entry.counts[index] = row.count;
    series.set(row.serviceTypeId, entry);
  }
  const countries = await topCountries(db);
  const followUp = await followUpFigures(db);
  const sales = await salesFigures(db);
  const openTasks = await openTasksByOwner(db);
  return {
    openTasks,
    sales,
    newMessages: { current: counts.newNow, previous: counts.newBefore },
    pendingMessages: { current: counts.pendingNow, previous: counts.pendingBefore },
    activeClients: { current: counts.activeNow, previous: counts.activeBefore },
    repliedThisWeek: { current: counts.repliedNow, previous: counts.repliedBefore },
    weeklyRequests: {
      weeks,
      series: [...series.values()].sort((a, b) => sum(b.counts) - sum(a.counts) || a.title.localeCompare(b.title)),
    },
    countryCodes: countries,
    ...followUp,
  };
}

/** Submissions kept for review and not accepted yet (their partial index). */
export async function reviewCount(db: Db) {
  const [row] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from ${M} where ${IN_REVIEW}`);
  return row?.count ?? 0;
}

/** The newest events, submissions to review, WhatsApp clicks: each an index read. */
export async function liveFigures(db: Db): Promise<LiveFigures> {
  const activity = await recentActivity(db);
  return {
    recentActivity: activity.map((row) => ({
      kind: row.kind,
      at: new Date(row.at).toISOString(),
      clientId: row.clientId,
      clientName: `${row.firstName} ${row.lastName}`,
      actor: row.actor,
      detail: row.detail ?? "",
    })),
    inReview: await reviewCount(db),
    whatsappClicks: await clickSummary(db),
  };
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The Monday dates of the `count` weeks ending with `monday` (YYYY-MM-DD), oldest first. */
export function lastWeeks(monday: string, count: number) {
  const end = new Date(`${monday}T00:00:00Z`).getTime();
  return Array.from({ length: count }, (_, i) =>
    new Date(end - (count - 1 - i) * 7 * 86_400_000).toISOString().slice(0, 10),
  );
}
