import type { ContactMessageGroup, ContactMessagePage } from "@app/shared";
import { CRM_LIMITS } from "@app/shared/constants";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { contactMessages, users } from "../../db/schema/index.ts";
import { listTotal } from "./list-total.ts";
import { messagesOfContacts } from "./message-repo.ts";
import { filteredTotal } from "./pipeline-counts.ts";
import {
  countsExactly,
  filterCondition,
  type GroupFilter,
  matchingMessages,
  orderKey,
  type ServiceLookup,
  UNANSWERED,
} from "./search-filter.ts";
import { c, IN_REVIEW, m, VISIBLE } from "./tables.ts";

/** The row's owner: a disabled account shows as nobody. */
const owner = alias(users, "owner");

export type { GroupFilter } from "./search-filter.ts";

export type PageRequest = { page: number; size: number; sort: "createdAt,desc" | "createdAt,asc" };

/**
 * One page of groups (a contact and their newest messages, those a search matched first), newest
 * first by default, with the total: exact for the plain list; for a search, exact when it ends within
 * CRM_LIMITS.searchPagesAhead pages of this one, else a lower bound (decision 015).
 */
export async function searchGroups(
  db: Db,
  filter: GroupFilter,
  { page, size, sort }: PageRequest,
  servicesLike: ServiceLookup,
): Promise<ContactMessagePage> {
  const condition = filterCondition(filter, servicesLike);
  const exactly = countsExactly(filter);
  // A search reads ahead instead of counting: the rows past this page say how many pages follow, and
  // a broad search stops there (counting every contact who ever asked about roses took 400 ms).
  const ahead = exactly ? size + 1 : size * CRM_LIMITS.searchPagesAhead + 1;
  // Exactly the index's order (clients_last_message_idx), or PostgreSQL sorts every contact instead.
  const direction = sort === "createdAt,asc" ? sql.raw("asc nulls first") : sql.raw("desc nulls last");
  const order = sql`${orderKey(filter.view)} ${direction}, ${c.id} ${direction}`;
  const [rows, exactTotal] = await Promise.all([
    db
      .select({
        id: c.id,
        firstName: c.firstName,
        lastName: c.lastName,
        email: c.email,
        countryCode: c.countryCode,
        phone: c.phone,
        company: c.company,
      })
      .from(c)
      .where(filterCondition(filter, servicesLike, { order, limit: page * size + ahead }))
      .orderBy(order)
      .limit(ahead)
      .offset(page * size),
    cheapTotal(db, filter, () => countGroups(db, condition)),
  ]);
  const hasNext = rows.length > size;
  const contacts = rows.slice(0, size);
  const clientIds = contacts.map((contact) => contact.id);
  const [messages, pipelines] = await Promise.all([
    messagesOfContacts(
      db,
      clientIds,
      filter.view === "main" ? VISIBLE : IN_REVIEW,
      CRM_LIMITS.messagesPerGroup,
      matchingMessages(filter, servicesLike),
    ),
    pipelinesOfContacts(db, clientIds),
  ]);
  const content: ContactMessageGroup[] = contacts.map((contact) => ({
    client: contact,
    messages: messages.get(contact.id) ?? [],
    pipeline: pipelines.get(contact.id) ?? { stage: "nuevo", owner: null, waitingSince: null },
  }));
  const { total, exact } = await searchTotal(exactTotal, rows.length, ahead, page, size, () =>
    countGroups(db, condition),
  );
  return {
    content,
    pageNumber: page,
    totalElements: total,
    // Past a lower bound the pages go on as long as rows do.
    totalPages: exact ? Math.ceil(total / size) : page + CRM_LIMITS.searchPagesAhead + 1,
    isFirstPage: page === 0,
    isLastPage: !hasNext,
    totalIsExact: exact,
  };
}

/**
 * Stage, owner (a disabled account shows as nobody) and since when the oldest unanswered message
 * waits, for the rows of one page only: read for every row skipped by the offset, they made page
 * 1000 of the list take 200 ms (bench/crm).
 */
async function pipelinesOfContacts(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, ContactMessageGroup["pipeline"]>();
  const rows = await db
    .select({
      id: c.id,
      stage: c.stage,
      ownerId: owner.id,
      ownerName: owner.displayName,
      waitingSince: sql<Date | string | null>`(select min(${m.createdAt}) from ${contactMessages} m
        where ${m.clientId} = ${c.id} and ${UNANSWERED})`,
    })
    .from(c)
    .leftJoin(owner, and(eq(owner.id, c.ownerId), eq(owner.active, true)))
    .where(inArray(c.id, ids));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        stage: row.stage,
        owner: row.ownerId === null || row.ownerName === null ? null : { id: row.ownerId, displayName: row.ownerName },
        waitingSince: row.waitingSince === null ? null : new Date(row.waitingSince).toISOString(),
      },
    ]),
  );
}

/**
 * The exact total when it is cheap: the plain list (reused while large), one client, or the main
 * list by owner and stage (from the grouped counts); undefined for a search.
 */
function cheapTotal(db: Db, filter: GroupFilter, count: () => Promise<number>) {
  if (!countsExactly(filter)) return undefined;
  if (filter.clientId !== undefined || filter.clientIds) return count();
  if (!filter.owner && !filter.stage) return listTotal(db, filter.view, count);
  return filter.view === "main" ? filteredTotal(db, filter.owner, filter.stage) : count();
}

/** The total a page states: counted, known from the rows read ahead, or a lower bound. */
async function searchTotal(
  counted: number | undefined,
  rowsRead: number,
  ahead: number,
  page: number,
  size: number,
  count: () => Promise<number>,
) {
  if (counted !== undefined) return { total: counted, exact: true };
  if (rowsRead >= ahead) return { total: page * size + ahead - 1, exact: false };
  // Past the end (a page kept in the address after deletions) the rows tell nothing: count.
  if (rowsRead === 0 && page > 0) return { total: await count(), exact: true };
  return { total: page * size + rowsRead, exact: true };
}

async function countGroups(db: Db, condition: ReturnType<typeof filterCondition>) {
  const [row] = await db.select({ total: count() }).from(c).where(condition);
  return row?.total ?? 0;
}
