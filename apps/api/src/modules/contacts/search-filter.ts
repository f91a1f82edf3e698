import type { MessageView, SearchField, Stage } from "@app/shared/constants";
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { contactMessages, contactServiceTypes, contacts, messageServiceTypes } from "../../db/schema/index.ts";
import { c, cs, IN_REVIEW, m, VISIBLE } from "./tables.ts";

// Which contacts a list or search shows, as one SQL condition over `clients c` (decision 015).

export type GroupFilter = {
  view: MessageView;
  keyword?: string | undefined;
  field?: SearchField | undefined;
  clientId?: number | undefined;
  /** Only these contacts (the rows picked on a page). */
  clientIds?: number[] | undefined;
  serviceTypeId?: number | undefined;
  /** Only the people of this company. */
  companyId?: number | undefined;
  owner?: OwnerFilter | undefined;
  stage?: Stage | undefined;
  /** Only contacts with a message unanswered for more than this many days. */
  waitingDays?: number | undefined;
};

/**
 * Whose contacts: these owners' (`Mis contactos`, one person's), or nobody's (`Sin responsable`:
 * no owner, or a disabled one, whose ids are listed so the common case stays one index range).
 */
export type OwnerFilter = { ownerIds: number[]; orNobody: boolean };

/** Lower case without accents, as f_unaccent(lower(...)) makes the stored text. */
export const foldText = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** `%text%` for LIKE, with the person's own % _ and \ taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

const viewCondition = (view: MessageView) => (view === "main" ? VISIBLE : IN_REVIEW);

/** Ids of contacts with a message of the view that meets `condition` (on `client_messages m`): a part of a union. */
const messageContacts = (condition: SQL, view: MessageView) =>
  sql`select ${m.clientId} from ${contactMessages} m where ${condition} and ${viewCondition(view)}`;

/**
 * Whether contact `c` has a message of the view that meets `condition`. Correlated, so a page walks
 * the list's index and probes each contact's few messages: `c.id in (...)` made PostgreSQL hash every
 * matching message of a broad search first (bench/crm: 200-400 ms at 1M messages).
 */
const hasMessage = (condition: SQL, view: MessageView) =>
  sql`exists (select 1 from ${contactMessages} m where ${m.clientId} = ${c.id} and ${condition} and ${viewCondition(view)})`;

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Message `m` asked for one of these services; correlated for the same reason as `hasMessage`. */
const serviceCondition = (ids: number[]) =>
  ids.length === 0
    ? undefined
    : sql`exists (select 1 from ${messageServiceTypes} ms where ms.message_id = ${m.id} and ms.service_type_id in (${idList(ids)}))`;

/**
 * Contact `c` asked about this product: in the main list, one probe of client_service_types (kept by
 * triggers) instead of every message of the contact, which the board's capped counts did for
 * thousands of contacts per column (bench/crm: 1.3 s at 1M messages); for review, their messages.
 */
function productCondition(serviceTypeId: number, view: MessageView): SQL {
  if (view !== "main") return hasMessage(serviceCondition([serviceTypeId]) as SQL, view);
  return sql`exists (select 1 from ${contactServiceTypes} cs
    where ${cs.clientId} = ${c.id} and ${cs.serviceTypeId} = ${serviceTypeId})`;
}

/** Owned by one of these (of contact `c`, or of what `column` belongs to), or by nobody when asked. */
export function ownerCondition({ ownerIds, orNobody }: OwnerFilter, column: AnyColumn = c.ownerId): SQL {
  const owned = ownerIds.length === 0 ? undefined : sql`${column} in (${idList(ownerIds)})`;
  if (!orNobody) return owned ?? sql`false`;
  return owned ? sql`(${column} is null or ${owned})` : sql`${column} is null`;
}

/** A message of the main list still waiting for an answer, as a condition on `client_messages m`. */
export const UNANSWERED = sql`${m.status} = 'pendiente' and ${VISIBLE}`;

/** Contact `c` has a message unanswered for more than `days` days. */
const waitingCondition = (days: number) =>
  sql`exists (select 1 from ${contactMessages} m where ${m.clientId} = ${c.id} and ${UNANSWERED}
    and ${m.createdAt} < now() - make_interval(days => ${days}))`;

/**
 * `text` holds every word of the (folded) keyword, in any order: "chiriboga rosa" finds Rosa
 * Chiriboga. Each word is its own LIKE on the same expression, so one trigram index serves them all.
 */
function everyWord(text: SQL, folded: string): SQL {
  // Each word once: a keyword of the same word typed many times is still one condition.
  const words = [...new Set(folded.split(/\s+/).filter(Boolean))];
  if (words.length === 0) return sql`${text} like ${containsPattern(folded)}`;
  const each = words.map((word) => sql`${text} like ${containsPattern(word)}`);
  return sql`(${sql.join(each, sql` and `)})`;
}

const PHONE_LIKE = /^[\d\s\-().+]*\d[\d\s\-().+]*$/;

export type ServiceLookup = (folded: string) => number[];

/** A page's order and how many rows it reads from its start: each part of "Todos" needs no more. */
export type TopRows = { order: SQL; limit: number };

/**
 * The condition for one field, within `scope` (the view and any other filter). `all` is a union of
 * what each field finds, so every part is served by its own index (an OR across tables made
 * PostgreSQL scan every contact). With `top`, each part keeps only the first rows of the page's order:
 * the union of every part's first rows holds the page's, and a common surname no longer hashes all
 * its 6,000 contacts (bench/crm: 170 ms, now 25 ms at 1M messages).
 */
function keywordCondition(
  keyword: string,
  field: SearchField,
  view: MessageView,
  servicesLike: ServiceLookup,
  scope: SQL,
  top: TopRows | undefined,
): SQL {
  const folded = foldText(keyword);
  const pattern = containsPattern(folded);
  // A phone is searched by its digits, and only when the keyword looks like one; a leading 0 (how
  // Ecuadorians dial 099... nationally) is dropped, since numbers are stored after the country code.
  const digits = PHONE_LIKE.test(keyword) ? keyword.replace(/\D/g, "").replace(/^0(?=\d)/, "") : "";
  const name = everyWord(sql`f_unaccent(lower(${c.firstName} || ' ' || ${c.lastName}))`, folded);
  const email = sql`${c.emailKey} like ${containsPattern(keyword.toLowerCase())}`;
  const phone = digits ? sql`${c.phone} like ${containsPattern(digits)}` : undefined;
  const company = everyWord(sql`f_unaccent(lower(${c.company}))`, folded);
  const messageText = sql`f_unaccent(lower(${m.message})) like ${pattern}`;
  const services = serviceCondition(servicesLike(folded));
  switch (field) {
    case "nombre":
      return name;
    case "correo":
      return email;
    case "telefono":
      return phone ?? sql`false`;
    case "servicio":
      return services ? hasMessage(services, view) : sql`false`;
    case "mensaje":
      return hasMessage(messageText, view);
    case "all": {
      const part = (condition: SQL) =>
        top
          ? sql`(select ${c.id} from ${contacts} c where ${scope} and ${condition} order by ${top.order} limit ${top.limit})`
          : sql`select ${c.id} from ${contacts} c where ${scope} and ${condition}`;
      const parts = [
        part(name),
        part(email),
        part(company),
        ...(phone ? [part(phone)] : []),
        part(sql`${c.id} in (${messageContacts(messageText, view)})`),
        ...(services ? [part(sql`${c.id} in (${messageContacts(services, view)})`)] : []),
      ];
      return sql`${c.id} in (${sql.join(parts, sql` union `)})`;
    }
  }
}

/** Which contacts a list or search shows; `top` when only the first rows of that order are read. */
export function filterCondition(filter: GroupFilter, servicesLike: ServiceLookup, top?: TopRows): SQL {
  const parts: SQL[] = [
    filter.view === "main"
      ? sql`${c.lastMessageAt} is not null`
      : sql`exists (select 1 from ${contactMessages} m where ${m.clientId} = ${c.id} and ${IN_REVIEW})`,
  ];
  if (filter.clientId !== undefined) parts.push(sql`${c.id} = ${filter.clientId}`);
  if (filter.clientIds)
    parts.push(filter.clientIds.length ? sql`${c.id} in (${idList(filter.clientIds)})` : sql`false`);
  if (filter.serviceTypeId !== undefined) parts.push(productCondition(filter.serviceTypeId, filter.view));
  if (filter.companyId !== undefined) parts.push(sql`${c.companyId} = ${filter.companyId}`);
  if (filter.owner) parts.push(ownerCondition(filter.owner));
  if (filter.stage) parts.push(sql`${c.stage} = ${filter.stage}`);
  if (filter.waitingDays !== undefined) parts.push(waitingCondition(filter.waitingDays));
  const scope = sql.join(parts, sql` and `);
  if (!filter.keyword) return scope;
  return sql`${scope} and ${keywordCondition(filter.keyword, filter.field ?? "all", filter.view, servicesLike, scope, top)}`;
}

/**
 * The messages a search is about, as a condition on `client_messages m`: those whose text or
 * services matched. A contact is found by any of their messages; their row shows the newest matching
 * one, not a newer message about something else. Undefined when every message of a found contact
 * fits (name, email, phone, company, the plain list).
 */
export function matchingMessages(filter: GroupFilter, servicesLike: ServiceLookup): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.serviceTypeId !== undefined) parts.push(serviceCondition([filter.serviceTypeId]) as SQL);
  const field = filter.field ?? "all";
  if (filter.keyword && (field === "mensaje" || field === "servicio" || field === "all")) {
    const folded = foldText(filter.keyword);
    const text = sql`f_unaccent(lower(${m.message})) like ${containsPattern(folded)}`;
    const services = serviceCondition(servicesLike(folded));
    if (field === "mensaje") parts.push(text);
    else if (field === "servicio") parts.push(services ?? sql`false`);
    else parts.push(services ? sql`(${text} or ${services})` : text);
  }
  return parts.length === 0 ? undefined : sql.join(parts, sql` and `);
}

/**
 * Whether counting this filter's rows exactly is cheap: the plain list, one client, or an owner and
 * stage filter (counted from pipelineCounts).
 */
export const countsExactly = (filter: GroupFilter) =>
  !filter.keyword && filter.serviceTypeId === undefined && filter.waitingDays === undefined;

/** What orders the rows: the newest message in the list, or the newest one waiting for review. */
export const orderKey = (view: MessageView) =>
  view === "main"
    ? sql`${c.lastMessageAt}`
    : sql`(select max(${m.createdAt}) from ${contactMessages} m where ${m.clientId} = ${c.id} and ${IN_REVIEW})`;
