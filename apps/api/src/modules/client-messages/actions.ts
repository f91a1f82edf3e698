import type { MessageStatus } from "@app/shared/constants";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import type { Principal } from "../../plugins/auth-guard.ts";
import { recordAudit } from "../audit/repo.ts";
import { findMessage, IN_REVIEW, refreshClientListing } from "./message-rows.ts";

// What staff do to one message. Each action is stored with who and when, and audited.

type Staff = Principal["user"];
const actorOf = (staff: Staff) => ({ id: staff.id, username: staff.username });

export class NotInReviewError extends Error {
  override name = "NotInReviewError";
}

/** Replaces a message's services, keeping the order given. */
async function setServices(db: Db, messageId: number, serviceTypeIds: number[]) {
  await db.execute(sql`delete from message_service_types where message_id = ${messageId}`);
  for (const [position, serviceTypeId] of [...new Set(serviceTypeIds)].entries()) {
    await db.execute(sql`
      insert into message_service_types (message_id, service_type_id, position)
      values (${messageId}, ${serviceTypeId}, ${position + 1})`);
  }
}

/** A note staff add to a contact (a call, a visit): it counts as a message of the main list. */
export async function addNote(
  db: Db,
  clientId: number,
  { message, serviceTypeIds }: { message: string; serviceTypeIds: number[] },
  staff: Staff,
  ip: string,
) {
  const id = await db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: number | string }>(
      tx,
      sql`insert into client_messages (client_id, message, origin, created_by, consent_given)
          select ${clientId}, ${message}, 'personal', ${staff.id}, false
           where exists (select 1 from clients where id = ${clientId})
          returning id`,
    );
    if (!row) return undefined;
    await setServices(tx, Number(row.id), serviceTypeIds);
    await refreshClientListing(tx, clientId);
    return Number(row.id);
  });
  if (id === undefined) return undefined;
  await recordAudit(db, { action: "message_created", actor: actorOf(staff), ip, details: { clientId, messageId: id } });
  return (await findMessage(db, id))?.message;
}

export async function editMessage(
  db: Db,
  id: number,
  changes: { message?: string | undefined; serviceTypeIds?: number[] | undefined },
  staff: Staff,
  ip: string,
) {
  const found = await db.transaction(async (tx) => {
    const [row] = await queryRows<{ client_id: number }>(
      tx,
      sql`update client_messages set updated_at = now()
            ${changes.message === undefined ? sql`` : sql`, message = ${changes.message}`}
          where id = ${id} returning client_id`,
    );
    if (!row) return false;
    if (changes.serviceTypeIds) await setServices(tx, id, changes.serviceTypeIds);
    return true;
  });
  if (!found) return undefined;
  await recordAudit(db, {
    action: "message_updated",
    actor: actorOf(staff),
    ip,
    details: { messageId: id, fields: Object.keys(changes) },
  });
  return (await findMessage(db, id))?.message;
}

/**
 * Deletes a message; one still waiting for review counts as discarded, and a contact that only
 * existed through discarded submissions goes with it (it was made by a spam form, not by a person).
 */
export async function deleteMessage(db: Db, id: number, staff: Staff, ip: string) {
  const deleted = await db.transaction(async (tx) => {
    const [row] = await queryRows<{ client_id: number; in_review: boolean }>(
      tx,
      sql`delete from client_messages m where m.id = ${id} returning m.client_id, ${IN_REVIEW} as in_review`,
    );
    if (!row) return undefined;
    if (row.in_review) {
      await tx.execute(sql`
        delete from clients c where c.id = ${row.client_id}
           and not exists (select 1 from client_messages m where m.client_id = c.id)`);
    }
    await refreshClientListing(tx, row.client_id);
    return row;
  });
  if (!deleted) return false;
  await recordAudit(db, {
    action: deleted.in_review ? "message_discarded" : "message_deleted",
    actor: actorOf(staff),
    ip,
    details: { clientId: deleted.client_id, messageId: id },
  });
  return true;
}

export async function changeStatus(
  db: Db,
  id: number,
  { status, reason }: { status: MessageStatus; reason?: string | undefined },
  staff: Staff,
  ip: string,
) {
  const [row] = await queryRows<{ client_id: number }>(
    db,
    sql`update client_messages
           set status = ${status}, rejection_reason = ${status === "rechazado" ? (reason ?? null) : null},
               status_changed_at = now(), status_changed_by = ${staff.id}
         where id = ${id} returning client_id`,
  );
  if (!row) return undefined;
  await recordAudit(db, {
    action: "message_status_changed",
    actor: actorOf(staff),
    ip,
    details: { clientId: row.client_id, messageId: id, status, ...(reason ? { reason } : {}) },
  });
  return (await findMessage(db, id))?.message;
}

/**
 * Stores the answer, queues it to the client by email (the outbox sends it, with retries) and marks
 * the message Respondido, in one transaction: an answer is never marked sent without its email.
 */
export async function replyToMessage(db: Db, id: number, reply: string, staff: Staff, ip: string) {
  const clientId = await db.transaction(async (tx) => {
    const [row] = await queryRows<{ client_id: number; email: string }>(
      tx,
      sql`update client_messages m
             set reply = ${reply}, replied_at = now(), replied_by = ${staff.id}, status = 'respondido',
                 rejection_reason = null, status_changed_at = now(), status_changed_by = ${staff.id}
            from clients c
           where m.id = ${id} and c.id = m.client_id
       returning m.client_id, c.email`,
    );
    if (!row) return undefined;
    await tx.execute(sql`
      insert into email_outbox (kind, message_id, to_address, reply_to, payload)
      values ('client_reply', ${id}, ${row.email}, ${staff.email},
              ${JSON.stringify({ reply, staffName: staff.displayName })}::jsonb)`);
    return row.client_id;
  });
  if (clientId === undefined) return undefined;
  await recordAudit(db, { action: "message_replied", actor: actorOf(staff), ip, details: { clientId, messageId: id } });
  return (await findMessage(db, id))?.message;
}

/** A submission kept for review joins the main list. */
export async function acceptMessage(db: Db, id: number, staff: Staff, ip: string) {
  const clientId = await db.transaction(async (tx) => {
    const [row] = await queryRows<{ client_id: number }>(
      tx,
      sql`update client_messages m set reviewed_at = now() where m.id = ${id} and ${IN_REVIEW} returning m.client_id`,
    );
    if (row) await refreshClientListing(tx, row.client_id);
    return row?.client_id;
  });
  if (clientId === undefined) {
    if (await findMessage(db, id)) throw new NotInReviewError();
    return undefined;
  }
  await recordAudit(db, {
    action: "message_accepted",
    actor: actorOf(staff),
    ip,
    details: { clientId, messageId: id },
  });
  return (await findMessage(db, id))?.message;
}
