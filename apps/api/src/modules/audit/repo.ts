import {
  AUDIT_ACTIONS,
  type AuditAction,
  type AuditCategory,
  type AuditEntry,
  type AuditQuery,
  auditCategoryOf,
} from "@app/shared";
import { and, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { auditLog, contacts, users } from "../../db/schema/index.ts";
import { newestFirst } from "../../kernel/newest-first.ts";
import { describeAudit, staffIdsOf } from "./describe.ts";

export type AuditEvent = {
  action: AuditAction;
  actor?: { id: number; username: string } | undefined;
  target?: { id: number; username: string } | undefined;
  /** For a failed sign-in: the name that was tried (no account may have it). */
  actorUsername?: string | undefined;
  ip?: string | undefined;
  details?: Record<string, unknown> | undefined;
};

/** Writes one entry. Never holds a password, token or hash: callers pass facts only. */
export async function recordAudit(db: Db, event: AuditEvent) {
  await db.insert(auditLog).values({
    action: event.action,
    actorId: event.actor?.id,
    actorUsername: event.actor?.username ?? event.actorUsername?.slice(0, 100),
    targetId: event.target?.id,
    targetUsername: event.target?.username,
    ip: event.ip,
    details: event.details,
  });
}

const actionsOf = (category: AuditCategory) => AUDIT_ACTIONS.filter((action) => auditCategoryOf(action) === category);

/** Midnight starting `day` in Ecuador (UTC-5 all year): the log's days are the staff's days. */
const startOf = (day: string) => new Date(`${day}T00:00:00-05:00`);
const nextDay = (day: string) => new Date(startOf(day).getTime() + 24 * 3600_000);

function conditions({ category, actor, from, to }: Omit<AuditQuery, "page" | "size">) {
  const where: SQL[] = [];
  if (category) where.push(inArray(auditLog.action, actionsOf(category)));
  if (actor) where.push(sql`lower(${auditLog.actorUsername}) = ${actor.toLowerCase()}`);
  if (from) where.push(gte(auditLog.at, startOf(from)));
  if (to) where.push(lt(auditLog.at, nextDay(to)));
  return where.length > 0 ? and(...where) : undefined;
}

const clientIdOf = (details: Record<string, unknown> | null) =>
  typeof details?.clientId === "number" && Number.isInteger(details.clientId) ? details.clientId : null;

/** Today's names of the contacts and staff a page of entries names: two small queries, by primary key. */
async function namesOf(db: Db, rows: { action: AuditAction; details: Record<string, unknown> | null }[]) {
  const clientIds = [...new Set(rows.map((row) => clientIdOf(row.details)).filter((id) => id !== null))];
  const staffIds = staffIdsOf(rows);
  const [contactRows, staffRows] = await Promise.all([
    clientIds.length === 0
      ? []
      : db
          .select({ id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName })
          .from(contacts)
          .where(inArray(contacts.id, clientIds)),
    staffIds.length === 0
      ? []
      : db.select({ id: users.id, name: users.displayName }).from(users).where(inArray(users.id, staffIds)),
  ]);
  return {
    clients: new Map(contactRows.map((row) => [row.id, `${row.firstName} ${row.lastName}`.trim()])),
    staff: new Map(staffRows.map((row) => [row.id, row.name])),
  };
}

/** A page of the log, newest first, with what each entry changed said in words. */
export async function listAudit(db: Db, { page, size, ...filters }: AuditQuery) {
  const where = conditions(filters);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(...newestFirst(auditLog.at, auditLog.id))
      .limit(size)
      .offset(page * size),
    db.select({ count: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ]);
  const names = await namesOf(db, rows);
  const totalElements = Number(total?.count ?? 0);
  const totalPages = Math.ceil(totalElements / size);
  const content: AuditEntry[] = rows.map((row) => {
    const clientId = clientIdOf(row.details);
    return {
      id: row.id,
      at: row.at.toISOString(),
      action: row.action,
      actorUsername: row.actorUsername,
      targetUsername: row.targetUsername,
      client: clientId === null ? null : { id: clientId, name: names.clients.get(clientId) ?? null },
      summary: describeAudit(row.action, row.details, names.staff),
      ip: row.ip,
      details: row.details,
    };
  });
  return {
    content,
    pageNumber: page,
    totalElements,
    totalPages,
    isFirstPage: page === 0,
    isLastPage: page >= totalPages - 1,
  };
}
