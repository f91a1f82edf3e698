import type { Dashboard } from "@app/shared";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import { IN_REVIEW, VISIBLE } from "../contacts/tables.ts";

/** Weeks start on Monday in Ecuador's time, whatever the server's zone. */
const ZONE = "America/Guayaquil";
const WEEKS = 12;

const n = (value: number | string | null | undefined) => Number(value ?? 0);

/** The CRM's morning overview, computed from the data (issue 5). */
export async function dashboard(db: Db): Promise<Dashboard> {
  const [counts] = await queryRows<Record<string, number | string>>(
    db,
    sql`select
      (select count(*) from client_messages m where m.origin = 'web' and ${VISIBLE}
          and m.created_at >= now() - interval '7 days') as new_now,
      (select count(*) from client_messages m where m.origin = 'web' and ${VISIBLE}
          and m.created_at >= now() - interval '14 days' and m.created_at < now() - interval '7 days') as new_before,
      (select count(*) from client_messages m where m.status = 'pendiente' and ${VISIBLE}) as pending_now,
      (select count(*) from client_messages m where ${VISIBLE} and m.created_at < now() - interval '7 days'
          and (m.status = 'pendiente' or m.status_changed_at >= now() - interval '7 days')) as pending_before,
      (select count(distinct m.client_id) from client_messages m where ${VISIBLE}
          and m.created_at >= now() - interval '30 days') as active_now,
      (select count(distinct m.client_id) from client_messages m where ${VISIBLE}
          and m.created_at >= now() - interval '60 days' and m.created_at < now() - interval '30 days') as active_before,
      (select count(*) from client_messages m where m.replied_at >= now() - interval '7 days') as replied_now,
      (select count(*) from client_messages m where m.replied_at >= now() - interval '14 days'
          and m.replied_at < now() - interval '7 days') as replied_before,
      (select count(*) from client_messages m where ${IN_REVIEW}) as in_review`,
  );
  const c = counts ?? {};

  const activity = await queryRows<{
    kind: "new_message" | "reply" | "status_change" | "note";
    at: Date | string;
    client_id: number;
    first_name: string;
    last_name: string;
    actor: string | null;
    detail: string;
  }>(
    db,
    sql`select a.*, c.first_name, c.last_name, u.display_name as actor from (
          (select case when m.origin = 'personal' then 'note' else 'new_message' end as kind, m.created_at as at,
                  m.client_id, m.created_by as user_id, left(m.message, 140) as detail
             from client_messages m where ${VISIBLE} order by m.created_at desc limit 10)
          union all
          (select 'reply', m.replied_at, m.client_id, m.replied_by, left(m.reply, 140)
             from client_messages m where m.replied_at is not null order by m.replied_at desc limit 10)
          union all
          (select 'status_change', m.status_changed_at, m.client_id, m.status_changed_by,
                  m.status || coalesce(': ' || left(m.rejection_reason, 120), '')
             from client_messages m where m.status_changed_at is not null and m.status <> 'respondido'
            order by m.status_changed_at desc limit 10)
        ) a join clients c on c.id = a.client_id left join users u on u.id = a.user_id
        order by a.at desc limit 10`,
  );

  const weekly = await queryRows<{ week: string; service_type_id: number; title: string; count: number | string }>(
    db,
    sql`select to_char(date_trunc('week', m.created_at at time zone ${ZONE}), 'YYYY-MM-DD') as week,
               s.id as service_type_id, s.title, count(*) as count
          from client_messages m
          join message_service_types ms on ms.message_id = m.id
          join service_types s on s.id = ms.service_type_id
         where m.created_at >= (date_trunc('week', now() at time zone ${ZONE}) - interval '${sql.raw(String(WEEKS - 1))} weeks') at time zone ${ZONE}
           and m.origin = 'web' and ${VISIBLE}
         group by 1, 2, 3`,
  );
  const [thisWeek] = await queryRows<{ week: string }>(
    db,
    sql`select to_char(date_trunc('week', now() at time zone ${ZONE}), 'YYYY-MM-DD') as week`,
  );
  const weeks = lastWeeks(thisWeek?.week ?? new Date().toISOString().slice(0, 10), WEEKS);
  const series = new Map<number, { serviceTypeId: number; title: string; counts: number[] }>();
  for (const row of weekly) {
    const entry = series.get(row.service_type_id) ?? {
      serviceTypeId: row.service_type_id,
      title: row.title,
      counts: weeks.map(() => 0),
    };
    const index = weeks.indexOf(row.week);
    if (index >= 0) entry.counts[index] = n(row.count);
    series.set(row.service_type_id, entry);
  }

  const countries = await queryRows<{ country_code: string; count: number | string }>(
    db,
    sql`select c.country_code, count(*) as count
          from client_messages m join clients c on c.id = m.client_id
         where m.created_at >= now() - interval '${sql.raw(String(WEEKS))} weeks' and m.origin = 'web' and ${VISIBLE}
         group by 1 order by 2 desc, 1 limit 12`,
  );

  return {
    newMessages: { current: n(c.new_now), previous: n(c.new_before) },
    pendingMessages: { current: n(c.pending_now), previous: n(c.pending_before) },
    activeClients: { current: n(c.active_now), previous: n(c.active_before) },
    repliedThisWeek: { current: n(c.replied_now), previous: n(c.replied_before) },
    inReview: n(c.in_review),
    recentActivity: activity.map((row) => ({
      kind: row.kind,
      at: new Date(row.at).toISOString(),
      clientId: row.client_id,
      clientName: `${row.first_name} ${row.last_name}`,
      actor: row.actor,
      detail: row.detail ?? "",
    })),
    weeklyRequests: {
      weeks,
      series: [...series.values()].sort((a, b) => sum(b.counts) - sum(a.counts) || a.title.localeCompare(b.title)),
    },
    countryCodes: countries.map((row) => ({ countryCode: row.country_code, count: n(row.count) })),
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
