// The demo's contacts and their messages (`npm run db:seed -- --demo`): about 200 people a person
// can look at, the same on every run (a seeded random generator), spread over the last 16 weeks
// relative to today. Pure: seed-demo.ts writes them.
import type { contactMessages, contacts } from "../db/schema/index.ts";
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
export type Random = ReturnType<typeof randomGenerator>;

type NewMessage = typeof contactMessages.$inferInsert;

export type DemoContact = Pick<
  typeof contacts.$inferInsert,
  "firstName" | "lastName" | "email" | "countryCode" | "phone" | "company"
> & { messages: DemoMessage[] };

type DemoMessage = Required<
  Pick<
    NewMessage,
    | "message"
    | "status"
    | "reply"
    | "repliedAt"
    | "rejectionReason"
    | "statusChangedAt"
    | "reviewReasons"
    | "reviewedAt"
    | "fillTimeMs"
    | "source"
  >
> & { createdAt: Date; serviceIds: number[] };

/** A message nobody has answered or declined yet. */
const UNHANDLED = {
  status: "pendiente",
  reply: null,
  repliedAt: null,
  rejectionReason: null,
  statusChangedAt: null,
} as const;

export function demoContacts(services: { id: number; title: string }[], now: number): DemoContact[] {
  const random = randomGenerator(20261122);
  const farms = Array.from({ length: 70 }, () => random.pick(FARMS));
  const taken = new Set<string>();
  const people: DemoContact[] = [];
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
    messages.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    people.push({
      firstName: first,
      lastName,
      email,
      countryCode: country.code,
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
    const message = people[position]?.messages.at(-1);
    if (!message) continue;
    Object.assign(message, UNHANDLED, {
      reviewReasons: ["too_fast"],
      fillTimeMs: 1200 + random.int(1500),
      reviewedAt: accepted ? new Date(message.createdAt.getTime() + 3 * HOUR) : null,
    } satisfies Partial<DemoMessage>);
  }
  for (const [index, text] of SPAM_MESSAGES.slice(0, SPAM_CONTACTS).entries()) {
    const created = now - random.int(WEEKS * 7) * DAY - random.int(DAY);
    const tag = ["seo", "promo", "cripto", "prestamo"][index] ?? "web";
    people.push({
      firstName: ["Marketing", "Oferta", "Ventas", "Promo"][index] ?? "Oferta",
      lastName: ["Digital", "Especial", "Online", "Web"][index] ?? "Web",
      email: `contacto.${tag}@ofertas-rapidas.net`,
      countryCode: "+1",
      phone: `+1${digits(random, 10)}`,
      company: "Agencia de Marketing",
      messages: [
        {
          ...demoMessage(random, services, now, ""),
          ...UNHANDLED,
          message: text,
          createdAt: new Date(created),
          reviewReasons: ["honeypot"],
          fillTimeMs: 300 + random.int(500),
        },
      ],
    });
  }
  return people;
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
  const handled = new Date(Math.min(now - 60_000, created + (2 + random.int(70)) * HOUR));
  const message: DemoMessage = {
    message: text,
    createdAt: new Date(created),
    status,
    reply: status === "respondido" ? `Buenos días, ${firstName}. ${random.pick(REPLIES)} Saludos cordiales.` : null,
    repliedAt: status === "respondido" ? handled : null,
    rejectionReason: status === "rechazado" ? random.pick(REJECTION_REASONS) : null,
    statusChangedAt: status === "pendiente" ? null : handled,
    reviewReasons: [],
    reviewedAt: null,
    fillTimeMs: 15_000 + random.int(240_000),
    source: { page: random.pick(SOURCE_PAGES) },
    serviceIds: chosen.map((service) => service?.id ?? 0),
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
