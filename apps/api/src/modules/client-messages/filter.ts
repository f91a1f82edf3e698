import type { MessageView, SearchField } from "@app/shared/constants";
import { type SQL, sql } from "drizzle-orm";
import { IN_REVIEW, VISIBLE } from "./message-rows.ts";

// Which clients a list or search shows, as one SQL condition over `clients c` (decision 015).

export type GroupFilter = {
  view: MessageView;
  keyword?: string | undefined;
  field?: SearchField | undefined;
  clientId?: number | undefined;
  serviceTypeId?: number | undefined;
};

/** Lower case without accents, as f_unaccent(lower(...)) makes the stored text. */
export const foldText = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** `%text%` for LIKE, with the person's own % _ and \ taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

const messagesMatching = (condition: SQL, view: MessageView) =>
  sql`c.id in (select m.client_id from client_messages m where ${condition} and ${view === "main" ? VISIBLE : IN_REVIEW})`;

const withServices = (ids: number[], view: MessageView) =>
  ids.length === 0
    ? sql`false`
    : messagesMatching(
        sql`m.id in (select ms.message_id from message_service_types ms
                      where ms.service_type_id in (${sql.join(
                        ids.map((id) => sql`${id}`),
                        sql`, `,
                      )}))`,
        view,
      );

const PHONE_LIKE = /^[\d\s\-().+]*\d[\d\s\-().+]*$/;

export type ServiceLookup = (folded: string) => number[];

/** The condition for one field; `all` is any of them. */
function keywordCondition(keyword: string, field: SearchField, view: MessageView, servicesLike: ServiceLookup): SQL {
  const folded = foldText(keyword);
  const pattern = containsPattern(folded);
  // A phone is searched by its digits, and only when the keyword looks like one; a leading 0 (how
  // Ecuadorians dial 099... nationally) is dropped, since numbers are stored after the country code.
  const digits = PHONE_LIKE.test(keyword) ? keyword.replace(/\D/g, "").replace(/^0(?=\d)/, "") : "";
  const name = sql`f_unaccent(lower(c.first_name || ' ' || c.last_name)) like ${pattern}`;
  const email = sql`c.email_key like ${containsPattern(keyword.toLowerCase())}`;
  const phone = digits.length > 0 ? sql`c.phone like ${containsPattern(digits)}` : sql`false`;
  const company = sql`f_unaccent(lower(c.company)) like ${pattern}`;
  const message = messagesMatching(sql`f_unaccent(lower(m.message)) like ${pattern}`, view);
  const services = withServices(servicesLike(folded), view);
  switch (field) {
    case "nombre":
      return name;
    case "correo":
      return email;
    case "telefono":
      return phone;
    case "servicio":
      return services;
    case "mensaje":
      return message;
    case "all":
      return sql`(${name} or ${email} or ${phone} or ${company} or ${message} or ${services})`;
  }
}

export function filterCondition(filter: GroupFilter, servicesLike: ServiceLookup): SQL {
  const parts: SQL[] = [
    filter.view === "main"
      ? sql`c.last_message_at is not null`
      : sql`exists (select 1 from client_messages m where m.client_id = c.id and ${IN_REVIEW})`,
  ];
  if (filter.clientId !== undefined) parts.push(sql`c.id = ${filter.clientId}`);
  if (filter.serviceTypeId !== undefined) parts.push(withServices([filter.serviceTypeId], filter.view));
  if (filter.keyword) parts.push(keywordCondition(filter.keyword, filter.field ?? "all", filter.view, servicesLike));
  return sql.join(parts, sql` and `);
}

/** Whether counting this filter's rows exactly is cheap (the plain list, one client). */
export const countsExactly = (filter: GroupFilter) => !filter.keyword && filter.serviceTypeId === undefined;

/** What orders the rows: the newest message in the list, or the newest one waiting for review. */
export const orderKey = (view: MessageView) =>
  view === "main"
    ? sql.raw("c.last_message_at")
    : sql`(select max(m.created_at) from client_messages m where m.client_id = c.id and ${IN_REVIEW})`;
