import type { ClientMessageGroup, ClientMessagePage } from "@app/shared";
import { CRM_LIMITS, type MessageView } from "@app/shared/constants";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import { countsExactly, filterCondition, type GroupFilter, orderKey, type ServiceLookup } from "./filter.ts";
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
 * One page of groups (a client and their newest messages), newest first by default, with the total:
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
  const direction = sort === "createdAt,asc" ? sql.raw("asc") : sql.raw("desc");
  const [clients, counted] = await Promise.all([
    queryRows<ClientRow>(
      db,
      sql`select c.id, c.first_name, c.last_name, c.email, c.country_code, c.phone, c.company
            from clients c where ${condition}
           order by ${key} ${direction}, c.id ${direction}
           limit ${size} offset ${page * size}`,
    ),
    countGroups(db, filter, condition),
  ]);
  const messages = await messagesOfClients(
    db,
    clients.map((client) => client.id),
    filter.view === "main" ? VISIBLE : IN_REVIEW,
    CRM_LIMITS.messagesPerGroup,
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
  const totalPages = Math.ceil(total / size);
  return {
    content,
    pageNumber: page,
    totalElements: total,
    totalPages,
    isFirstPage: page === 0,
    isLastPage: page >= totalPages - 1,
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
