// `npm run db:seed -- --messages N [--clients M]`: bulk data for benchmarks, made by the database
// itself (`insert ... select ... from generate_series`), never row by row from Node: a million
// messages in a few minutes on PostgreSQL. Every value is a hash of the row's number, so two runs
// with the same sizes on empty databases give the same data.
//
// Shape: message g (1..N) is sent at a time that grows with g over the last two years; the first
// message of contact k comes at g = ceil(k*N/M)+1 (contacts arrive evenly over time), every other
// message belongs to a contact that already wrote before. Each message asks for 1 or 2 services.
// Every active staff account owns some contacts (eight accounts are made if missing), each contact has
// a stage; tasks and timeline events follow (seed-bulk-follow-up.ts), and contact 0 is a customer who
// writes every week or so, with a timeline of more than 500 lines.
import { PRIVACY_NOTICE_VERSION } from "@app/shared/constants";
import { and, between, eq, getTableName, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { type Db, queryRows } from "../db/client.ts";
import {
  companies,
  contactEvents,
  contactMessages,
  contactServiceTypes,
  contacts,
  internalNotes,
  messageServiceTypes,
  opportunities,
  orderLines,
  orders,
  quoteLines,
  quotes,
  tasks,
} from "../db/schema/index.ts";
import { visible } from "../modules/contacts/tables.ts";
import { listServiceTypes } from "../modules/service-types/repo.ts";
import {
  BUSY,
  busyContactUpdate,
  busyTimeline,
  ensureBulkStaff,
  eventsInsert,
  type Pipeline,
  pipelineColumns,
  TASKS_PER_MESSAGE,
  tasksInsert,
} from "./seed-bulk-follow-up.ts";
import { type BulkSales, seedBulkSales } from "./seed-bulk-sales.ts";
import { hash, literal, pick, textArray } from "./seed-bulk-sql.ts";
import { updateContactTimes } from "./seed-demo.ts";
import {
  CLOSINGS,
  COMPANY_SUFFIXES,
  COUNTRIES,
  CROPS,
  DETAILS,
  FARMS,
  FIRST_NAMES,
  FOREIGN_COMPANIES,
  GREETINGS,
  LAST_NAMES,
  MAIL_DOMAINS,
  MARKETS,
  PLACES,
  plain,
  REJECTION_REASONS,
  REPLIES,
  REQUESTS,
  SOURCE_PAGES,
  SPAM_MESSAGES,
} from "./seed-words.ts";

const SPAN_DAYS = 730;
const TABLES = [
  contacts,
  opportunities,
  contactMessages,
  messageServiceTypes,
  contactServiceTypes,
  tasks,
  contactEvents,
  internalNotes,
  companies,
  quotes,
  quoteLines,
  orders,
  orderLines,
].map((table) => getTableName(table));
/**
 * Tables whose triggers keep derived rows (client_service_types, migration 0010; contacts' first
 * opportunity and its copy, 0032): the load writes those itself.
 */
const TRIGGERED = [contacts, opportunities, contactMessages, messageServiceTypes].map((table) => getTableName(table));
/** Below this, index maintenance during the inserts costs less than building the indexes again. */
const REBUILD_FROM = 10_000;

export type BulkOptions = {
  messages: number;
  clients: number;
  engine: "pglite" | "postgres";
  /** Progress lines for the terminal (Spanish). */
  log?: (line: string) => void;
  now?: Date;
};

export type BulkResult = {
  firstClientId: number;
  firstMessageId: number;
  serviceLinks: number;
  tasks: number;
  /** Contact 0, the customer with the long timeline. */
  busyClientId: number;
} & BulkSales;

const SECONDS = (started: number) => ((performance.now() - started) / 1000).toFixed(1).replace(".", ",");

export async function seedBulk(db: Db, options: BulkOptions): Promise<BulkResult> {
  const { messages: n, clients: m } = options;
  const log = options.log ?? (() => {});
  const services = await listServiceTypes(db);
  if (services.length < 2) throw new Error("faltan los tipos de servicio");
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const staffIds = await ensureBulkStaff(db);
  const pipeline: Pipeline = { staffIds, nowSeconds, startSeconds: nowSeconds - SPAN_DAYS * 86_400, m };
  const taskCount = Math.round(n * TASKS_PER_MESSAGE);

  const result = await db.transaction(async (tx) => {
    const step = async (label: string, run: () => Promise<unknown>) => {
      const started = performance.now();
      await run();
      log(`  ${label}: ${SECONDS(started)} s`);
    };
    // Nobody else writes while the ids are reserved and the indexes are away.
    await tx.execute(sql.raw(`lock table ${TABLES.join(", ")} in share row exclusive mode`));
    if (options.engine === "postgres") await tx.execute(sql.raw("set local synchronous_commit = off"));
    const firstClientId = await reserveIds(tx, contacts, m);
    const firstMessageId = await reserveIds(tx, contactMessages, n);

    // As pg_restore does: rows first, then indexes and foreign keys, each checked or built in one pass.
    const rebuild = n >= REBUILD_FROM ? await dropIndexesAndForeignKeys(tx) : [];
    if (rebuild.length > 0) log(`  ${rebuild.length} índices y claves foráneas retirados durante la carga`);
    // Off until the end of the load, which derives their rows in one pass; turned on again in this
    // transaction (a failed load rolls both back), and nobody else writes meanwhile (the lock above).
    await setTriggers(tx, "disable");

    await step(`${m.toLocaleString("es-EC")} contactos`, () =>
      tx.execute(sql.raw(contactsInsert(firstClientId, m, pipeline))),
    );
    await step(`${n.toLocaleString("es-EC")} mensajes`, () =>
      tx.execute(sql.raw(messagesInsert({ n, m, firstClientId, firstMessageId, nowSeconds, services }))),
    );
    let serviceLinks = 0;
    await step("servicios de cada mensaje", async () => {
      const [row] = await queryRows<{ count: string }>(tx, sql.raw(linksInsert({ n, firstMessageId, services })));
      serviceLinks = Number(row?.count);
    });
    await step("servicios de cada contacto", () => insertContactServices(tx, firstMessageId, n));
    await step("último mensaje de cada contacto", () =>
      updateContactTimes(tx, between(contactMessages.clientId, firstClientId, firstClientId + m - 1)),
    );
    await step("cambios de responsable y de etapa", () => tx.execute(sql.raw(eventsInsert(firstClientId, m))));
    await step(`${taskCount.toLocaleString("es-EC")} tareas`, () =>
      tx.execute(sql.raw(tasksInsert({ ...pipeline, count: taskCount, firstClientId }))),
    );
    await step(`historial del contacto ${firstClientId} (cliente frecuente)`, async () => {
      await tx.execute(sql.raw(busyContactUpdate(firstClientId)));
      for (const statement of busyTimeline({ ...pipeline, id: firstClientId })) await tx.execute(sql.raw(statement));
    });
    await step("oportunidad de cada contacto", () => openFirstOpportunities(tx, firstClientId, m));
    let sales: BulkSales = { companies: 0, quotes: 0, orders: 0 };
    await step("empresas, cotizaciones y pedidos", async () => {
      sales = await seedBulkSales(tx, { firstClientId, m, n, nowSeconds });
    });
    await setTriggers(tx, "enable");
    if (rebuild.length > 0) {
      const memory = options.engine === "postgres" ? "512MB" : "128MB";
      await tx.execute(sql.raw(`set local maintenance_work_mem = '${memory}'`));
      await step("índices y claves foráneas restablecidos", async () => {
        for (const { restore } of rebuild) await tx.execute(sql.raw(restore));
      });
    }
    return { firstClientId, firstMessageId, serviceLinks, tasks: taskCount, busyClientId: firstClientId, ...sales };
  });
  const started = performance.now();
  // Outside the transaction: VACUUM cannot run inside one. Fresh statistics for the planner, and a
  // visibility map for index-only scans, as autovacuum would leave them on a live database.
  for (const table of TABLES) await db.execute(sql.raw(`vacuum (analyze) ${table}`));
  log(`  vacuum y analyze: ${SECONDS(started)} s`);
  return result;
}

/** Turns the user triggers of TRIGGERED on or off (table owners may: no superuser needed). */
async function setTriggers(tx: Db, action: "enable" | "disable") {
  for (const table of TRIGGERED) await tx.execute(sql.raw(`alter table ${table} ${action} trigger user`));
}

/**
 * Each new contact's first opportunity, holding its final stage, owner and value, and the contact's
 * link to it, as the triggers of migrations 0032 and 0036 would have left them.
 */
async function openFirstOpportunities(tx: Db, firstClientId: number, m: number) {
  const last = firstClientId + m - 1;
  await tx.execute(sql`
    insert into ${opportunities} (client_id, title, owner_id, stage, stage_changed_at, lost_reason, lost_note,
      value_cents, created_at, activity_at, version)
    select id, coalesce(nullif(btrim(company), ''), 'Consulta web'), owner_id, stage, stage_changed_at, lost_reason,
      lost_note, won_value_cents, created_at, coalesce(last_message_at, created_at), version
    from ${contacts} where id between ${firstClientId} and ${last} order by id`);
  await tx.execute(sql`
    update ${contacts} c set opportunity_id = o.id from ${opportunities} o
    where o.client_id = c.id and c.id between ${firstClientId} and ${last}`);
}

/**
 * The services each new contact asked about in the main list, from the messages just loaded, as the
 * triggers would have written them; in the primary key's order, so the index is filled left to right.
 */
function insertContactServices(tx: Db, firstMessageId: number, n: number) {
  const asked = tx
    .selectDistinct({ clientId: contactMessages.clientId, serviceTypeId: messageServiceTypes.serviceTypeId })
    .from(contactMessages)
    .innerJoin(messageServiceTypes, eq(messageServiceTypes.messageId, contactMessages.id))
    .where(and(between(contactMessages.id, firstMessageId, firstMessageId + n - 1), visible(contactMessages)))
    .orderBy(messageServiceTypes.serviceTypeId, contactMessages.clientId);
  return tx.insert(contactServiceTypes).select(asked).onConflictDoNothing();
}

/**
 * Takes the next `count` ids of the table's `id` sequence at once (the lock on the tables keeps
 * others out meanwhile) and gives the first one. Raw SQL: sequences are outside the query builder.
 */
export async function reserveIds(tx: Db, table: PgTable & { id: { name: string } }, count: number) {
  const sequence = sql`pg_get_serial_sequence(${getTableName(table)}, ${table.id.name})`;
  // nextval is a bigint: the drivers give it as text.
  const [row] = await queryRows<{ first: string }>(tx, sql`select nextval(${sequence}) as first`);
  const first = Number(row?.first);
  await tx.execute(sql`select setval(${sequence}, ${first + count - 1})`);
  return first;
}

/**
 * Secondary indexes (not primary keys, not unique ones) and foreign keys of the three tables are
 * dropped; the statements that make them again, exactly as they were, are returned.
 */
export async function dropIndexesAndForeignKeys(db: Db) {
  const tables = TABLES.map(literal).join(", ");
  const indexes = await queryRows<{ drop: string; restore: string }>(
    db,
    sql.raw(`
    select 'drop index ' || i.indexrelid::regclass::text as drop, pg_get_indexdef(i.indexrelid) as restore
      from pg_index i join pg_class t on t.oid = i.indrelid
     where t.relname in (${tables}) and pg_table_is_visible(t.oid)
       and not i.indisunique and not i.indisprimary
       and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
     order by i.indexrelid::regclass::text`),
  );
  const foreignKeys = await queryRows<{ drop: string; restore: string }>(
    db,
    sql.raw(`
    select format('alter table %s drop constraint %I', c.conrelid::regclass, c.conname) as drop,
           format('alter table %s add constraint %I %s', c.conrelid::regclass, c.conname, pg_get_constraintdef(c.oid))
             as restore
      from pg_constraint c join pg_class t on t.oid = c.conrelid
     where c.contype = 'f' and t.relname in (${tables}) and pg_table_is_visible(t.oid)
     order by c.conname`),
  );
  const all = [...indexes, ...foreignKeys];
  for (const { drop } of all) await db.execute(sql.raw(drop));
  return all;
}

export function contactsInsert(firstClientId: number, m: number, pipeline: Pipeline) {
  const farms = FARMS.map((farm) => farm.name);
  const farmDomains = FARMS.map((farm) => farm.domain);
  const firstPlain = FIRST_NAMES.map(plain);
  const lastPlain = LAST_NAMES.map(plain);
  const countryCode = byCountry((country) => literal(country.code));
  const phone = byCountry((country) => {
    const free = country.digits - country.lead.length;
    return `${literal(country.code + country.lead)} || lpad(${hash("k", 8, 10 ** free)}::text, ${free}, '0')`;
  });
  // Buyers abroad work for a company there; the others for a farm.
  const company = byCountry((country) => {
    const abroad = FOREIGN_COMPANIES[country.code];
    return abroad
      ? pick(
          abroad.map((buyer) => buyer.name),
          "k",
          9,
        )
      : `${textArray(farms)}[1 + farm] || ${pick(COMPANY_SUFFIXES, "k", 10)}`;
  });
  // An address from the name plus the contact id (unique; demo addresses never carry digits).
  const local = `case ${hash("k", 11, 3)} when 0 then ${textArray(firstPlain)}[1 + f] || '.' || ${textArray(lastPlain)}[1 + l1]
    when 1 then substr(${textArray(firstPlain)}[1 + f], 1, 1) || ${textArray(lastPlain)}[1 + l1]
    else ${textArray(firstPlain)}[1 + f] || ${textArray(lastPlain)}[1 + l1] end`;
  const domain = `case when country < ${COUNTRIES[0].weight} and ${hash("k", 12, 100)} < 45
    then ${textArray(farmDomains)}[1 + farm] else ${pick(MAIL_DOMAINS, "k", 13)} end`;
  const follow = pipelineColumns(pipeline);
  return `
    insert into clients (id, first_name, last_name, email, country_code, phone, company, created_at, updated_at,
                         owner_id, stage, stage_changed_at, lost_reason, lost_note, won_value_cents, version)
    select id, ${textArray(FIRST_NAMES)}[1 + f],
           ${textArray(LAST_NAMES)}[1 + l1] || case when two then ' ' || ${textArray(LAST_NAMES)}[1 + l2] else '' end,
           ${local} || id || '@' || ${domain}, ${countryCode}, ${phone}, ${company}, now(), now(),
           owner_id, stage, case when stage <> 'nuevo' then stage_changed_at end,
           case when stage = 'perdido' then lost_reason end, case when stage = 'perdido' then ${follow.lostNote} end,
           case when stage = 'ganado' then won_value_cents end, (owner_id is not null)::int + (stage <> 'nuevo')::int
      from (select r.*, ${follow.ownerId} as owner_id, ${follow.stage} as stage, ${follow.stageChangedAt} as stage_changed_at,
                   ${follow.lostReason} as lost_reason, ${follow.wonValueCents} as won_value_cents
              from (select ${firstClientId} + k as id, k,
                           ${hash("k", 1, FIRST_NAMES.length)} as f, ${hash("k", 2, LAST_NAMES.length)} as l1,
                           ${hash("k", 3, LAST_NAMES.length)} as l2, ${hash("k", 4, 100)} < 55 as two,
                           ${hash("k", 5, 100)} as country, ${hash("k", 6, FARMS.length)} as farm
                      from generate_series(0::bigint, ${m - 1}) k) r) client`;
}

/** A value per country, the country being drawn by weight from `country` (0..99). */
function byCountry(value: (country: (typeof COUNTRIES)[number]) => string) {
  let bound = 0;
  const branches = COUNTRIES.map((country) => {
    bound += country.weight;
    return `when country < ${bound} then ${value(country)}`;
  });
  return `case ${branches.join(" ")} end`;
}

type Services = { id: number; title: string }[];

/** The service types of message g: always s1, and s2 (another one) for 40% of messages. */
const serviceChoice = (services: Services) => ({
  s1: hash("g", 30, services.length),
  two: `${hash("g", 31, 100)} < 40`,
  s2: `((${hash("g", 30, services.length)} + 1 + ${hash("g", 32, services.length - 1)}) % ${services.length})`,
});

export function messagesInsert(input: {
  n: number;
  m: number;
  firstClientId: number;
  firstMessageId: number;
  nowSeconds: number;
  services: Services;
}) {
  const { n, m, firstClientId, firstMessageId, nowSeconds, services } = input;
  const titles = textArray(services.map((service) => service.title));
  const choice = serviceChoice(services);
  const start = nowSeconds - SPAN_DAYS * 86_400;
  // Contact index of message g's position on the time line; g starts a new client when it changes.
  const slot = (g: string) => `((${g} - 1) * ${m}) / ${n}`;
  // Every stride-th message that starts no contact is the busy customer's (contact 0).
  const stride = Math.max(2, Math.floor(n / BUSY.messages));
  const context = `case ${hash("g", 42, 5)}
      when 0 then 'para nuestra finca de ' || (3 + ${hash("g", 43, 60)}) || ' hectáreas de ' || ${pick(CROPS, "g", 44)}
                  || ' en ' || ${pick(PLACES, "g", 45)} || '.'
      when 1 then 'para la temporada de San Valentín.'
      when 2 then 'para el Día de la Madre.'
      when 3 then 'para nuestras exportaciones a ' || ${pick(MARKETS, "g", 46)} || '.'
      else 'para unas ' || (50 + ${hash("g", 47, 900)}) || ' cajas semanales de ' || ${pick(CROPS, "g", 48)} || '.' end`;
  const text = `case when honeypot then ${pick(SPAM_MESSAGES, "g", 49)} else
      ${pick(GREETINGS, "g", 40)} || ' ' || ${pick(REQUESTS, "g", 41)} || ' ' || ${titles}[1 + ${choice.s1}]
      || case when ${choice.two} then ' y ' || ${titles}[1 + ${choice.s2}] else '' end || ' ' || ${context}
      || ' ' || ${pick(DETAILS, "g", 50)} || ' ' || ${pick(CLOSINGS, "g", 51)} end`;
  // Older requests have mostly been answered; a few in a thousand were kept for review.
  const status = `case when review then 'pendiente'
      when old then case when roll < 60 then 'respondido' when roll < 70 then 'rechazado' else 'pendiente' end
      else case when roll < 15 then 'respondido' when roll < 20 then 'rechazado' else 'pendiente' end end`;
  return `
    insert into client_messages (id, client_id, message, status, reply, replied_at, rejection_reason,
                                 status_changed_at, review_reasons, reviewed_at, consent_given, consent_at,
                                 privacy_notice_version, fill_time_ms, source, origin, created_at)
    select id, client_id, ${text}, status,
           case when status = 'respondido' then 'Buenos días. ' || ${pick(REPLIES, "g", 52)} || ' Saludos cordiales.' end,
           case when status = 'respondido' then handled end,
           case when status = 'rechazado' then ${pick(REJECTION_REASONS, "g", 53)} end,
           case when status <> 'pendiente' then handled end,
           case when honeypot then '{honeypot}'::text[] when review then '{too_fast}'::text[] else '{}'::text[] end,
           case when review and not honeypot and old and ${hash("g", 54, 2)} = 0 then created_at + interval '3 hours' end,
           true, created_at, ${literal(PRIVACY_NOTICE_VERSION)},
           case when honeypot then 300 + ${hash("g", 55, 600)} when review then 800 + ${hash("g", 55, 2000)}
                else 15000 + ${hash("g", 55, 240000)} end,
           jsonb_build_object('page', ${pick(SOURCE_PAGES, "g", 56)}), 'web', created_at
      from (select *, ${status} as status,
                   least(created_at + (2 + ${hash("g", 57, 70)}) * interval '1 hour',
                         to_timestamp(${nowSeconds - 60})) as handled
              from (select g, ${firstMessageId} + g - 1 as id,
                           ${firstClientId} + case when g = 1 or ${slot("g")} <> ${slot("g - 1")} then ${slot("g")}
                                                   when g % ${stride} = 0 then 0
                                                   else ${hash("g", 20, `${slot("g")} + 1`)} end as client_id,
                           to_timestamp(${start} + ((g - 1) + ${hash("g", 21, 1_000_000)} / 1000000.0)
                                        * ${SPAN_DAYS * 86_400} / ${n}) as created_at,
                           ${hash("g", 22, 1000)} < 5 as review, ${hash("g", 22, 1000)} < 2 as honeypot,
                           ${hash("g", 23, 100)} as roll
                      from generate_series(1::bigint, ${n}) g) base,
                   lateral (select base.created_at < to_timestamp(${nowSeconds - 14 * 86_400}) as old) age) message`;
}

export function linksInsert(input: { n: number; firstMessageId: number; services: Services }) {
  const { n, firstMessageId, services } = input;
  const ids = `(array[${services.map((service) => service.id).join(", ")}]::int[])`;
  const choice = serviceChoice(services);
  return `
    with links as (
      insert into message_service_types (message_id, service_type_id, position)
      select ${firstMessageId} + g - 1, ${ids}[1 + chosen.s], chosen.position
        from generate_series(1::bigint, ${n}) g,
             lateral (values (1::smallint, ${choice.s1}), (2::smallint, case when ${choice.two} then ${choice.s2} end))
               as chosen(position, s)
       where chosen.s is not null
      returning 1)
    select count(*) as count from links`;
}
