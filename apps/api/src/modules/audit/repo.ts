import type { AuditAction, AuditEntry } from "@app/shared";
import { desc, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { auditLog } from "../../db/schema.ts";

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

export async function listAudit(db: Db, page: number, size: number) {
  const rows = await db
    .select()
    .from(auditLog)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(size)
    .offset(page * size);
  const [total] = await db.select({ count: sql<number>`count(*)::int` }).from(auditLog);
  const totalElements = total?.count ?? 0;
  const totalPages = Math.ceil(totalElements / size);
  const content: AuditEntry[] = rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    actorUsername: row.actorUsername,
    targetUsername: row.targetUsername,
    ip: row.ip,
    details: row.details,
  }));
  return {
    content,
    pageNumber: page,
    totalElements,
    totalPages,
    isFirstPage: page === 0,
    isLastPage: page >= totalPages - 1,
  };
}
