// `npm run db:seed -- --demo`: about 200 contacts a person can look at, the same on every run (a
// seeded random generator), spread over the last 16 weeks relative to today.
import { PRIVACY_NOTICE_VERSION } from "@app/shared/constants";
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../db/client.ts";
import type { ReviewReason } from "../db/schema.ts";
import {
  CLOSINGS,
  COMPANY_SUFFIXES,
  COUNTRIES,
  CROPS,
  DETAILS,
  FARMS,
  FIRST_NAMES,
  FOREIGN_COMPANIES,
  FOREIGN_PEOPLE,
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

const CONTACTS = 200;
const SPAM_CONTACTS = 4;
const WEEKS = 16;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** mulberry32: small, fast and the same numbers for the same seed on every machine. */
export function randomGenerator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { next, int, pick, chance: (probability: number) => next() < probability };
}
type Random = ReturnType<typeof randomGenerator>;

type DemoClient = {
  first_name: string;
  last_name: string;
  email: string;
  country_code: string;
  phone: string;
  company: string;
  messages: DemoMessage[];
};

type DemoMessage = {
  message: string;
  created_at: string;
  status: "pendiente" | "respondido" | "rechazado";
  reply: string | null;
  replied_at: string | null;
  rejection_reason: string | null;
  status_changed_at: string | null;
  review_reasons: ReviewReason[];
  reviewed_at: string | null;
  fill_time_ms: number;
  source: { page: string };
  service_ids: number[];
};

/** A message nobody has answered or declined yet. */
const UNHANDLED = {
  status: "pendiente",
  reply: null,
  replied_at: null,
  rejection_reason: null,
  status_changed_at: null,
} as const;

export type DemoResult = { clients: number; messages: number; skipped: number };

/** Adds the demo contacts that are not there yet (by email): a second run adds nothing. */
export async function seedDemo(db: Db, now = new Date()): Promise<DemoResult> {
  const services = await queryRows<{ id: number; title: string }>(
    db,
    sql`select id, title from service_types order by id`,
  );
  const people = demoClients(services, now.getTime());
  return db.transaction(async (tx) => {
    const inserted = await queryRows<{ id: number; email_key: string }>(
      tx,
      sql`
      insert into clients (first_name, last_name, email, country_code, phone, company, created_at, updated_at)
      select first_name, last_name, email, country_code, phone, company, now(), now()
        from jsonb_to_recordset(${JSON.stringify(people)}::jsonb)
             as r(first_name text, last_name text, email text, country_code text, phone text, company text)
      on conflict (email_key) do nothing
      returning id, email_key`,
    );
    const idOf = new Map(inserted.map((row) => [row.email_key, Number(row.id)]));
    const messages = people.flatMap((person) => {
      const clientId = idOf.get(person.email.toLowerCase());
      return clientId === undefined ? [] : person.messages.map((message) => ({ ...message, client_id: clientId }));
    });
    if (messages.length > 0) {
      await tx.execute(sql`
        with input as (
          select row_number() over () as n, r.*
            from jsonb_to_recordset(${JSON.stringify(messages)}::jsonb) as r(
              client_id int, message text, created_at timestamptz, status text, reply text, replied_at timestamptz,
              rejection_reason text, status_changed_at timestamptz, review_reasons jsonb, reviewed_at timestamptz,
              fill_time_ms int, source jsonb, service_ids jsonb)
        ), ids as (
          select n, nextval(pg_get_serial_sequence('client_messages', 'id')) as id from input
        ), message as (
          insert into client_messages (id, client_id, message, status, reply, replied_at, rejection_reason,
                                       status_changed_at, review_reasons, reviewed_at, consent_given, consent_at,
                                       privacy_notice_version, fill_time_ms, source, origin, created_at)
          select ids.id, client_id, message, status, reply, replied_at, rejection_reason, status_changed_at,
                 array(select jsonb_array_elements_text(review_reasons)), reviewed_at, true, created_at,
                 ${PRIVACY_NOTICE_VERSION}, fill_time_ms, source, 'web', created_at
            from input join ids using (n)
          returning id
        )
        insert into message_service_types (message_id, service_type_id, position)
        select message.id, item.value::int, item.position::smallint
          from message join ids using (id) join input using (n),
               jsonb_array_elements_text(input.service_ids) with ordinality as item(value, position)`);
      await updateClientTimes(tx, sql`client_id = any(${`{${[...idOf.values()].join(",")}}`}::int[])`);
    }
    return { clients: inserted.length, messages: messages.length, skipped: people.length - inserted.length };
  });
}

/**
 * Each client's newest message in the main list (review_reasons empty, or accepted), which orders
 * the CRM's list; first and last contact as created_at and updated_at.
 */
export async function updateClientTimes(db: Db, which: SQL) {
  await db.execute(sql`
    update clients c
       set last_message_at = x.last_listed, created_at = x.first_at, updated_at = x.last_at
      from (select client_id,
                   max(created_at) filter (where cardinality(review_reasons) = 0 or reviewed_at is not null)
                     as last_listed,
                   min(created_at) as first_at, max(created_at) as last_at
              from client_messages
             where ${which}
             group by client_id) x
     where c.id = x.client_id`);
}

export function demoClients(services: { id: number; title: string }[], now: number): DemoClient[] {
  const random = randomGenerator(20261122);
  const farms = Array.from({ length: 70 }, () => random.pick(FARMS));
  const taken = new Set<string>();
  const clients: DemoClient[] = [];
  for (let index = 0; index < CONTACTS - SPAM_CONTACTS; index += 1) {
    const country = pickCountry(random);
    const foreign = FOREIGN_PEOPLE[country.code];
    const first = random.pick(foreign?.first ?? FIRST_NAMES);
    const surnames = foreign ? [random.pick(foreign.last)] : [random.pick(LAST_NAMES), random.pick(LAST_NAMES)];
    const lastName = foreign || random.chance(0.45) ? (surnames[0] as string) : surnames.join(" ");
    const abroad = FOREIGN_COMPANIES[country.code];
    const farm = abroad ? random.pick(abroad) : random.pick(farms);
    const company = abroad ? farm.name : `${farm.name}${random.pick(COMPANY_SUFFIXES)}`;
    const email = uniqueEmail(random, taken, first, surnames, farm.domain);
    const phone = `${country.lead}${digits(random, country.digits - country.lead.length)}`;
    const messages = Array.from({ length: pickCount(random) }, () => demoMessage(random, services, now, first));
    messages.sort((a, b) => a.created_at.localeCompare(b.created_at));
    clients.push({
      first_name: first,
      last_name: lastName,
      email,
      country_code: country.code,
      phone: `${country.code}${phone}`,
      company,
      messages,
    });
  }
  // Two quick submissions from real people wait for review; one of them was already accepted.
  for (const [position, accepted] of [
    [7, false],
    [19, true],
  ] as const) {
    const client = clients[position];
    const message = client?.messages.at(-1);
    if (!message) continue;
    Object.assign(message, UNHANDLED, {
      review_reasons: ["too_fast"],
      fill_time_ms: 1200 + random.int(1500),
      reviewed_at: accepted ? new Date(Date.parse(message.created_at) + 3 * HOUR).toISOString() : null,
    });
  }
  for (const [index, text] of SPAM_MESSAGES.slice(0, SPAM_CONTACTS).entries()) {
    const created = now - random.int(WEEKS * 7) * DAY - random.int(DAY);
    const tag = ["seo", "promo", "cripto", "prestamo"][index] ?? "web";
    clients.push({
      first_name: ["Marketing", "Oferta", "Ventas", "Promo"][index] ?? "Oferta",
      last_name: ["Digital", "Especial", "Online", "Web"][index] ?? "Web",
      email: `contacto.${tag}@ofertas-rapidas.net`,
      country_code: "+1",
      phone: `+1${digits(random, 10)}`,
      company: "Agencia de Marketing",
      messages: [
        {
          ...demoMessage(random, services, now, ""),
          ...UNHANDLED,
          message: text,
          created_at: new Date(created).toISOString(),
          review_reasons: ["honeypot"],
          fill_time_ms: 300 + random.int(500),
        },
      ],
    });
  }
  return clients;
}

function demoMessage(random: Random, services: { id: number; title: string }[], now: number, firstName: string) {
  const ageMs = random.next() ** 1.3 * WEEKS * 7 * DAY;
  const created = now - ageMs;
  const chosen = [random.pick(services)];
  if (random.chance(0.35)) chosen.push(random.pick(services.filter((service) => service !== chosen[0])));
  const titles = chosen.map((service) => service?.title).join(" y ");
  const text = [
    random.pick(GREETINGS),
    `${random.pick(REQUESTS)} ${titles} ${context(random)}`,
    random.pick(DETAILS),
    random.pick(CLOSINGS),
  ].join(" ");
  const old = ageMs > 14 * DAY;
  const roll = random.next();
  const status = roll < (old ? 0.6 : 0.15) ? "respondido" : roll < (old ? 0.7 : 0.2) ? "rechazado" : "pendiente";
  const handled = new Date(Math.min(now - 60_000, created + (2 + random.int(70)) * HOUR)).toISOString();
  const message: DemoMessage = {
    message: text,
    created_at: new Date(created).toISOString(),
    status,
    reply: status === "respondido" ? `Buenos días, ${firstName}. ${random.pick(REPLIES)} Saludos cordiales.` : null,
    replied_at: status === "respondido" ? handled : null,
    rejection_reason: status === "rechazado" ? random.pick(REJECTION_REASONS) : null,
    status_changed_at: status === "pendiente" ? null : handled,
    review_reasons: [],
    reviewed_at: null,
    fill_time_ms: 15_000 + random.int(240_000),
    source: { page: random.pick(SOURCE_PAGES) },
    service_ids: chosen.map((service) => service?.id ?? 0),
  };
  return message;
}

function context(random: Random) {
  switch (random.int(5)) {
    case 0:
      return `para nuestra finca de ${3 + random.int(60)} hectáreas de ${random.pick(CROPS)} en ${random.pick(PLACES)}.`;
    case 1:
      return "para la temporada de San Valentín.";
    case 2:
      return "para el Día de la Madre.";
    case 3:
      return `para nuestras exportaciones a ${random.pick(MARKETS)}.`;
    default:
      return `para unas ${50 + random.int(900)} cajas semanales de ${random.pick(CROPS)}.`;
  }
}

function pickCountry(random: Random) {
  let roll = random.int(100);
  for (const country of COUNTRIES) {
    if (roll < country.weight) return country;
    roll -= country.weight;
  }
  return COUNTRIES[0];
}

/** 1 to 4 messages: most people write once. */
const pickCount = (random: Random) => [1, 1, 1, 1, 1, 2, 2, 2, 3, 4][random.int(10)] as number;

const digits = (random: Random, count: number) => Array.from({ length: count }, () => random.int(10)).join("");

/** An address derived from the name, at the farm or a free provider; never a number, never twice. */
function uniqueEmail(random: Random, taken: Set<string>, first: string, surnames: string[], workDomain: string) {
  const [one = "", two = ""] = surnames.map(plain);
  const given = plain(first);
  const locals = [
    `${given}.${one}`,
    `${given[0]}${one}`,
    `${given}${one}`,
    `${given}.${one}.${two}`,
    `${given}_${one}`,
  ];
  const domains = random.chance(0.5) ? [workDomain, ...MAIL_DOMAINS] : [...MAIL_DOMAINS, workDomain];
  for (const domain of domains) {
    for (const local of locals) {
      const email = `${local.replace(/\.$/, "")}@${domain}`;
      if (!taken.has(email)) {
        taken.add(email);
        return email;
      }
    }
  }
  throw new Error(`sin correo libre para ${first} ${surnames.join(" ")}`);
}
