import type { ClientMessageGroup, ClientMessagePage } from "@app/shared";
import { CRM_LIMITS } from "@app/shared/constants";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import {
  countsExactly,
  filterCondition,
  type GroupFilter,
  matchingMessages,
  orderKey,
  type ServiceLookup,
} from "./filter.ts";
import { IN_REVIEW, messagesOfClients, VISIBLE } from "./message-rows.ts";

type ClientRow = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  country_code: string;
  phone: string;
  company: string;
};

export type PageRequest = { page: number; size: number; sort: "createdAt,desc" | "createdAt,asc" };

/**
 * One page of groups (a client and their newest messages, those a search matched first), newest
 * first by default, with the total:
 * exact for the plain list, counted up to CRM_LIMITS.countCap for searches (decision 015).
 */
export async function pageOfGroups(
  db: Db,
  filter: GroupFilter,
  { page, size, sort }: PageRequest,
  servicesLike: ServiceLookup,
): Promise<ClientMessagePage> {
  const condition = filterCondition(filter, servicesLike);
  const key = orderKey(filter.view);
  // Exactly the index's order (clients_last_message_idx), or PostgreSQL sorts every client instead.
  const direction = sort === "createdAt,asc" ? sql.raw("asc nulls first") : sql.raw("desc nulls last");
  const [rows, counted] = await Promise.all([
    queryRows<ClientRow>(
      db,
      sql`select c.id, c.first_name, c.last_name, c.email, c.country_code, c.phone, c.company
            from clients c where ${condition}
           order by ${key} ${direction}, c.id ${direction}
           limit ${size + 1} offset ${page * size}`,
    ),
    countGroups(db, filter, condition),
  ]);
  // One row more than the page tells whether a next page exists, also when the count was capped.
  const hasNext = rows.length > size;
  const clients = rows.slice(0, size);
  const messages = await messagesOfClients(
    db,
    clients.map((client) => client.id),
    filter.view === "main" ? VISIBLE : IN_REVIEW,
    CRM_LIMITS.messagesPerGroup,
    matchingMessages(filter, servicesLike),
  );
  const content: ClientMessageGroup[] = clients.map((client) => ({
    client: {
      id: client.id,
      firstName: client.first_name,
      lastName: client.last_name,
      email: client.email,
      countryCode: client.country_code,
      phone: client.phone,
      company: client.company,
    },
    messages: messages.get(client.id) ?? [],
  }));
  const { total, exact } = counted;
  // Past a capped count the pages go on as long as rows do.
  const totalPages = exact ? Math.ceil(total / size) : Math.max(Math.ceil(total / size), page + (hasNext ? 2 : 1));
  return {
    content,
    pageNumber: page,
    totalElements: total,
    totalPages,
    isFirstPage: page === 0,
    isLastPage: !hasNext,
    totalIsExact: exact,
  };
}

async function countGroups(db: Db, filter: GroupFilter, condition: ReturnType<typeof filterCondition>) {
  if (countsExactly(filter)) {
    const [row] = await queryRows<{ count: number | string }>(
      db,
      sql`select count(*) as count from clients c where ${condition}`,
    );
    return { total: Number(row?.count ?? 0), exact: true };
  }
  const cap = CRM_LIMITS.countCap;
  const [row] = await queryRows<{ count: number | string }>(
    db,
    sql`select count(*) as count from (select 1 from clients c where ${condition} limit ${cap + 1}) s`,
  );
  const total = Number(row?.count ?? 0);
  return total > cap ? { total: cap, exact: false } : { total, exact: true };
}
