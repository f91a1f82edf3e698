import { and, asc, count, eq, gt, gte, inArray, lt, notExists, notLike, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { auditLog, contactMessages, contacts } from "../../db/schema/index.ts";
import { ANONYMISED_EMAIL_DOMAIN } from "../contacts/index.ts";
import type { RetentionAction, RetentionTrigger } from "./retention.ts";

// The queries of the retention job (decision 018).

/**
 * Contacts due: last contact (their creation, their messages, our replies) before the cutoff; when
 * anonymising, not anonymised already.
 */
export function dueContacts(db: Db, cutoff: Date, action: RetentionAction) {
  return db
    .select({ id: contacts.id })
    .from(contacts)
    .where(
      and(
        lt(contacts.createdAt, cutoff),
        action === "anonymize" ? notLike(contacts.emailKey, `%@${ANONYMISED_EMAIL_DOMAIN}`) : undefined,
        notExists(
          db
            .select({ id: contactMessages.id })
            .from(contactMessages)
            .where(
              and(
                eq(contactMessages.clientId, contacts.id),
                or(gte(contactMessages.createdAt, cutoff), gte(contactMessages.repliedAt, cutoff)),
              ),
            ),
        ),
      ),
    );
}

/** How many contacts are due and how many messages they have, in one statement. */
export async function countDue(db: Db, cutoff: Date, action: RetentionAction) {
  const due = db.$with("due").as(dueContacts(db, cutoff, action));
  const [row] = await db
    .with(due)
    .select({
      clients: count(),
      messages: db.$count(contactMessages, inArray(contactMessages.clientId, db.select({ id: due.id }).from(due))),
    })
    .from(due);
  return { clients: row?.clients ?? 0, messages: row?.messages ?? 0 };
}

/** The next `limit` due contacts, lowest ids first. */
export async function nextDueContacts(db: Db, cutoff: Date, action: RetentionAction, limit: number) {
  const rows = await dueContacts(db, cutoff, action).orderBy(asc(contacts.id)).limit(limit);
  return rows.map((row) => row.id);
}

export function countMessagesOf(db: Db, clientIds: number[]) {
  return db.$count(contactMessages, inArray(contactMessages.clientId, clientIds));
}

/** Erasure: their messages, services and emails go with them (foreign keys cascade). */
/** Whether a run with this trigger was recorded after `since`. */
export async function ranSince(db: Db, trigger: RetentionTrigger, since: Date) {
  const [row] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, "leads_retention"),
        gt(auditLog.at, since),
        sql`${auditLog.details} ->> 'trigger' = ${trigger}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
