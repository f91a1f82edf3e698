// The bulk seed's follow-up (seed-bulk.ts), set-based like the rest: the sales team's accounts,
// each contact's owner and stage, tasks around today, the timeline events of those owners and
// stages, and one long-standing customer with a timeline of more than 500 lines (bench/crm times it).
import { randomBytes } from "node:crypto";
import { createUserRequestSchema } from "@app/shared";
import { LOST_REASONS, type Stage } from "@app/shared/constants";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema/index.ts";
import { findUserByUsername } from "../modules/accounts/users/repo.ts";
import { createUser } from "../modules/accounts/users/service.ts";
import { hash, intArray, literal, pick, textArray } from "./seed-bulk-sql.ts";
import { BULK_STAFF, LOST_NOTES, NOTES, plain, STAFF_DOMAIN, TASK_TITLES } from "./seed-words.ts";

/** The customer whose timeline bench/crm reads: found by this address. */
export const BUSY_CONTACT = {
  email: "compras@rosasdelcotopaxi.com.ec",
  firstName: "Gabriela",
  lastName: "Jaramillo Endara",
  company: "Rosas del Cotopaxi S.A.",
} as const;
/** The busy customer's share: its messages (one in every N/100), stage and owner changes, notes. */
export const BUSY = { messages: 100, changes: 300, notes: 100 } as const;
export const TASKS_PER_MESSAGE = 0.3;

const DAY = 86_400;
/** A repeat customer goes round: contacted, quoted, negotiating, won, contacted again. */
const CYCLE: Stage[] = ["contactado", "cotizacion", "negociacion", "ganado"];

/**
 * The sales team's accounts, made when missing (nobody knows their random password: an
 * administrator sets one to use them); answers every active account's id, the owners of the data.
 */
export async function ensureBulkStaff(db: Db) {
  for (const name of BULK_STAFF) {
    const [given = "", surname = ""] = name.split(" ");
    const username = `${plain(given)}.${plain(surname)}`;
    if (await findUserByUsername(db, username)) continue;
    const input = createUserRequestSchema.parse({
      username,
      displayName: name,
      email: `${username}@${STAFF_DOMAIN}`,
      role: "personal",
      password: randomBytes(18).toString("base64url"),
    });
    await createUser(db, input, undefined, { mustChangePassword: true });
  }
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.active, true)).orderBy(asc(users.id));
  return rows.map((row) => row.id);
}

export type Pipeline = { staffIds: number[]; nowSeconds: number; startSeconds: number; m: number };

/**
 * Owner and stage columns of contact k (SQL over `k`), for clientsInsert: a fifth of contacts with
 * nobody; recent ones mostly new; older ones spread from contacted to won and lost.
 */
export function pipelineColumns({ staffIds, nowSeconds, startSeconds, m }: Pipeline) {
  const firstAt = `(${startSeconds} + k * ${nowSeconds - startSeconds}.0 / ${m})`;
  const roll = hash("k", 60, 1000);
  const stage = `case when ${firstAt} > ${nowSeconds - 14 * DAY}
      then case when ${roll} < 650 then 'nuevo' when ${roll} < 900 then 'contactado'
                when ${roll} < 970 then 'cotizacion' else 'negociacion' end
      else case when ${roll} < 200 then 'nuevo' when ${roll} < 550 then 'contactado' when ${roll} < 670 then 'cotizacion'
                when ${roll} < 740 then 'negociacion' when ${roll} < 870 then 'ganado' else 'perdido' end end`;
  return {
    ownerId: `case when ${hash("k", 61, 100)} < 20 then null else ${intArray(staffIds)}[1 + ${hash("k", 62, staffIds.length)}] end`,
    stage,
    stageChangedAt: `to_timestamp(least(${firstAt} + (1 + ${hash("k", 63, 30)}) * ${DAY} + ${hash("k", 64, DAY)}, ${nowSeconds - 60}))`,
    lostReason: pick(LOST_REASONS, "k", 66),
    lostNote: `case ${LOST_REASONS.map((reason) => `when lost_reason = ${literal(reason)} then ${pick(LOST_NOTES[reason], "k", 67)}`).join(" ")} end`,
    // USD 500 to 60,000, most deals small, in steps of 50.
    wonValueCents: `(round((500 + 59500 * power(${hash("k", 65, 1000)} / 1000.0, 2.5)) / 50) * 5000)::bigint`,
  };
}

const stageFrom = (stage: string) =>
  `case ${stage} when 'contactado' then 'nuevo' when 'cotizacion' then 'contactado' when 'negociacion' then 'cotizacion'
     when 'ganado' then 'negociacion' else 'contactado' end`;

/** The timeline of every contact but the busy one: given by the rule when it arrived, moved to its stage by its owner. */
export function eventsInsert(firstClientId: number, m: number) {
  const range = `c.id between ${firstClientId + 1} and ${firstClientId + m - 1}`;
  return `
    insert into contact_events (client_id, at, kind, actor_id, actor_name, data)
    select c.id, c.created_at, 'owner_changed', null, null,
           jsonb_build_object('from', null, 'to', c.owner_id, 'toName', u.display_name, 'byRule', true)
      from clients c join users u on u.id = c.owner_id where ${range}
    union all
    select c.id, c.stage_changed_at, 'stage_changed', u.id, u.display_name,
           jsonb_build_object('from', ${stageFrom("c.stage")}, 'to', c.stage)
           || case when c.stage = 'ganado' then jsonb_build_object('wonValue', c.won_value_cents / 100)
                   when c.stage = 'perdido' then jsonb_build_object('lostReason', c.lost_reason, 'lostNote', c.lost_note)
                   else '{}'::jsonb end
      from clients c left join users u on u.id = c.owner_id where ${range} and c.stage <> 'nuevo'`;
}

/**
 * `count` tasks on random contacts (after their first message): 30% open, due from six days ago to
 * twenty days ahead on the half hour; the others done around their due time, spread since the
 * contact arrived. The owner is the contact's, or a staff member for nobody's clients.
 */
export function tasksInsert(input: Pipeline & { count: number; firstClientId: number }) {
  const { staffIds, nowSeconds, m, count, firstClientId } = input;
  const now = `to_timestamp(${nowSeconds})`;
  return `
    insert into tasks (client_id, title, due_at, owner_id, done_at, done_by, created_by, created_at, version)
    select client_id, title, due_at, owner_id, done_at, case when done_at is not null then owner_id end, owner_id,
           created_at, (done_at is not null)::int
      from (select x.*,
                   least(${now} - interval '1 minute',
                         greatest(first_at, due_at - (1 + ${hash("t", 74, 10)}) * interval '1 day')) as created_at,
                   case when not open then least(${now} - interval '1 minute',
                         greatest(first_at, due_at + (${hash("t", 75, 2 * DAY)} - ${DAY}) * interval '1 second')) end as done_at
              from (select t, open, c.id as client_id, c.created_at as first_at,
                           coalesce(c.owner_id, ${intArray(staffIds)}[1 + ${hash("t", 72, staffIds.length)}]) as owner_id,
                           ${pick(TASK_TITLES, "t", 76)} as title,
                           case when open
                             then to_timestamp(round((${nowSeconds} + ${hash("t", 73, 26 * DAY)} - ${6 * DAY}) / 1800.0) * 1800)
                             else c.created_at + (${now} - c.created_at) * (${hash("t", 77, 1_000_000)} / 1000000.0) end as due_at
                      from (select t, ${hash("t", 71, 100)} < 30 as open, ${firstClientId} + ${hash("t", 70, m)} as client_id
                              from generate_series(1::bigint, ${count}) t) s
                      join clients c on c.id = s.client_id) x) y`;
}

/** The busy customer (contact `id`): its name and address, unless another run's busy customer has them. */
export function busyContactUpdate(id: number) {
  const { email, firstName, lastName, company } = BUSY_CONTACT;
  return `
    update clients set email = ${literal(email)}, first_name = ${literal(firstName)}, last_name = ${literal(lastName)},
           company = ${literal(company)}
     where id = ${id} and not exists (select 1 from clients other where other.email_key = ${literal(email)})`;
}

/**
 * The busy customer's stage and owner changes, alternating, spread over the two years (stages go
 * round CYCLE, owners round the staff), its internal notes, and the state the last changes left.
 */
export function busyTimeline(input: Pipeline & { id: number }) {
  const { staffIds, startSeconds, nowSeconds, id } = input;
  const span = nowSeconds - startSeconds;
  const staff = intArray(staffIds);
  const n = staffIds.length;
  const cycle = textArray(CYCLE);
  const at = (index: string, count: number, salt: number) =>
    `to_timestamp(${startSeconds} + ${index} * ${span}.0 / ${count + 1} + ${hash(index, salt, 3600)})`;
  const changes = `
    insert into contact_events (client_id, at, kind, actor_id, actor_name, data)
    select ${id}, e.at, e.kind, actor.id, actor.display_name, e.data
      from (select i, ${at("i", BUSY.changes, 80)} as at, ${staff}[1 + ${hash("i", 81, n)}] as actor_id,
                   case when i % 2 = 1 then 'stage_changed' else 'owner_changed' end as kind,
                   case when i % 2 = 1
                     then jsonb_build_object('from', case when j = 1 then 'nuevo' else ${cycle}[1 + (j - 2) % 4] end,
                                             'to', ${cycle}[1 + (j - 1) % 4])
                          || case when ${cycle}[1 + (j - 1) % 4] = 'ganado'
                               then jsonb_build_object('wonValue', 500 + ${hash("i", 82, 595)} * 100) else '{}'::jsonb end
                     else jsonb_build_object('from', case when j > 1 then ${staff}[1 + (j - 2) % ${n}] end,
                                             'to', ${staff}[1 + (j - 1) % ${n}],
                                             'toName', (select display_name from users where id = ${staff}[1 + (j - 1) % ${n}]))
                   end as data
              from generate_series(1::bigint, ${BUSY.changes}) i, lateral (select (i + 1) / 2 as j) step) e
      join users actor on actor.id = e.actor_id`;
  const notes = `
    insert into internal_notes (client_id, author_id, author_name, body, created_at)
    select ${id}, u.id, u.display_name, ${pick(NOTES, "i", 83)}, ${at("i", BUSY.notes, 84)}
      from generate_series(1::bigint, ${BUSY.notes}) i join users u on u.id = ${staff}[1 + ${hash("i", 85, n)}]`;
  const last = BUSY.changes / 2;
  const finalStage = CYCLE[(last - 1) % CYCLE.length] as Stage;
  const state = `
    update clients set stage = ${literal(finalStage)}, owner_id = ${staffIds[(last - 1) % n]},
           stage_changed_at = (select max(at) from contact_events where client_id = ${id} and kind = 'stage_changed'),
           lost_reason = null, lost_note = null,
           won_value_cents = ${finalStage === "ganado" ? "won_value_cents" : "null"}, version = ${BUSY.changes}
     where id = ${id}`;
  return [changes, notes, state];
}
