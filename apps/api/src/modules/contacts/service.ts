import type { ContactDetail } from "@app/shared";
import type { MessageStatus } from "@app/shared/constants";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import type { Principal } from "../../plugins/auth-guard.ts";
import { recordAudit } from "../audit/index.ts";
import { queueEmails } from "../email/index.ts";
import { publishLive } from "../live/index.ts";
import {
  deleteMessageRow,
  findMessage,
  insertNote,
  markReviewed,
  messagesOfContacts,
  setServices,
  storeReply,
  updateMessageText,
  updateStatus,
} from "./message-repo.ts";
import { advanceOnReply, recordContactEvent } from "./pipeline.ts";
import { findPipeline } from "./pipeline-repo.ts";
import {
  type ContactFields,
  contactDataOf,
  deleteContactRow,
  deleteContactWithoutMessages,
  findContact,
  insertContact,
  refreshContactListing,
  updateContactFields,
} from "./repo.ts";

// What staff do to contacts and their messages: read with all messages, create, edit, delete, reply,
// review, and the data subject's rights (LOPDP: access, erasure, anonymisation). Each action is
// stored with who and when, and audited.

type Staff = Principal["user"];
/** Who did it and from where, for the audit log. */
export type Actor = { staff: Staff; ip: string };

const audit = (db: Db, action: Parameters<typeof recordAudit>[1]["action"], actor: Actor, details: object) =>
  recordAudit(db, {
    action,
    actor: { id: actor.staff.id, username: actor.staff.username },
    ip: actor.ip,
    details: { ...details },
  });

export class EmailTakenError extends Error {
  override name = "EmailTakenError";
}

export class NotInReviewError extends Error {
  override name = "NotInReviewError";
}

/** A taken address (the unique index on the lower-cased email) becomes EmailTakenError. */
async function guardEmail<T>(run: () => Promise<T>) {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw new EmailTakenError();
    throw error;
  }
}

export async function contactDetail(db: Db, id: number): Promise<ContactDetail | undefined> {
  const contact = await findContact(db, id);
  const pipeline = await findPipeline(db, id);
  if (!contact || !pipeline) return undefined;
  const messages = await messagesOfContacts(db, [id], sql`true`);
  return {
    client: { ...contact, createdAt: contact.createdAt.toISOString(), updatedAt: contact.updatedAt.toISOString() },
    pipeline,
    messages: messages.get(id) ?? [],
  };
}

/** Nuevo Contacto: listed at once; with a first message (a call, a visit) when given. */
export async function createContact(
  db: Db,
  fields: ContactFields,
  first: { message?: string | undefined; serviceTypeIds: number[] },
  actor: Actor,
) {
  const id = await guardEmail(() => insertContact(db, fields));
  if (id === undefined) throw new Error("inserting a client returned no id");
  await audit(db, "client_created", actor, { clientId: id });
  if (first.message) await addNote(db, id, { message: first.message, serviceTypeIds: first.serviceTypeIds }, actor);
  publishLive(db, { kind: "lead_created", clientId: id, actorId: actor.staff.id });
  const detail = await contactDetail(db, id);
  if (!detail) throw new Error(`client ${id} vanished right after its creation`);
  return detail;
}

export async function updateContact(db: Db, id: number, fields: ContactFields, actor: Actor) {
  if (!(await guardEmail(() => updateContactFields(db, id, fields)))) return undefined;
  await audit(db, "client_updated", actor, { clientId: id });
  return contactDetail(db, id);
}

/** Erasure: the contact, their messages and their queued emails (cascade). */
export async function deleteContact(db: Db, id: number, actor: Actor) {
  const deleted = await deleteContactRow(db, id);
  if (!deleted) return false;
  await audit(db, "client_deleted", actor, { clientId: id, messages: deleted.messages });
  return true;
}

/** Access (LOPDP art. 13): everything stored about the person, as one JSON document. */
export async function exportContactData(db: Db, id: number, actor: Actor) {
  const data = await contactDataOf(db, id);
  if (!data) return undefined;
  await recordContactEvent(db, id, "data_exported", actor);
  await audit(db, "client_data_exported", actor, { clientId: id });
  return { exportedAt: new Date().toISOString(), ...data };
}

/** A note staff add to a contact (a call, a visit): it counts as a message of the main list. */
export async function addNote(
  db: Db,
  clientId: number,
  { message, serviceTypeIds }: { message: string; serviceTypeIds: number[] },
  actor: Actor,
) {
  const id = await db.transaction(async (tx) => {
    const noteId = await insertNote(tx, clientId, message, actor.staff.id);
    if (noteId === undefined) return undefined;
    await setServices(tx, noteId, serviceTypeIds);
    await refreshContactListing(tx, clientId);
    return noteId;
  });
  if (id === undefined) return undefined;
  await audit(db, "message_created", actor, { clientId, messageId: id });
  return (await findMessage(db, id))?.message;
}

export async function editMessage(
  db: Db,
  id: number,
  changes: { message?: string | undefined; serviceTypeIds?: number[] | undefined },
  actor: Actor,
) {
  const found = await db.transaction(async (tx) => {
    if (!(await updateMessageText(tx, id, changes.message))) return false;
    if (changes.serviceTypeIds) await setServices(tx, id, changes.serviceTypeIds);
    return true;
  });
  if (!found) return undefined;
  await audit(db, "message_updated", actor, { messageId: id, fields: Object.keys(changes) });
  return (await findMessage(db, id))?.message;
}

/**
 * Deletes a message; one still waiting for review counts as discarded, and a contact that only
 * existed through discarded submissions goes with it (it was made by a spam form, not by a person).
 */
export async function deleteMessage(db: Db, id: number, actor: Actor) {
  const deleted = await db.transaction(async (tx) => {
    const row = await deleteMessageRow(tx, id);
    if (!row) return undefined;
    if (row.inReview) await deleteContactWithoutMessages(tx, row.clientId);
    await refreshContactListing(tx, row.clientId);
    return row;
  });
  if (!deleted) return false;
  await audit(db, deleted.inReview ? "message_discarded" : "message_deleted", actor, {
    clientId: deleted.clientId,
    messageId: id,
  });
  return true;
}

export async function changeStatus(
  db: Db,
  id: number,
  { status, reason }: { status: MessageStatus; reason?: string | undefined },
  actor: Actor,
) {
  const clientId = await updateStatus(db, id, status, reason ?? null, actor.staff.id);
  if (clientId === undefined) return undefined;
  await audit(db, "message_status_changed", actor, { clientId, messageId: id, status, ...(reason ? { reason } : {}) });
  publishLive(db, { kind: "message_status_changed", clientId, messageId: id, actorId: actor.staff.id });
  return (await findMessage(db, id))?.message;
}

/**
 * Stores the answer, queues it to the contact by email (the outbox sends it, with retries) and marks
 * the message Respondido, in one transaction: an answer is never marked sent without its email.
 */
export async function replyToMessage(db: Db, id: number, reply: string, actor: Actor) {
  const { staff } = actor;
  const clientId = await db.transaction(async (tx) => {
    const row = await storeReply(tx, id, reply, staff.id);
    if (!row) return undefined;
    await queueEmails(tx, [
      {
        kind: "client_reply",
        messageId: id,
        to: row.email,
        replyTo: staff.email,
        payload: { reply, staffName: staff.displayName },
      },
    ]);
    await advanceOnReply(tx, row.clientId, actor);
    return row.clientId;
  });
  if (clientId === undefined) return undefined;
  await audit(db, "message_replied", actor, { clientId, messageId: id });
  publishLive(db, { kind: "message_replied", clientId, messageId: id, actorId: actor.staff.id });
  return (await findMessage(db, id))?.message;
}

/** A submission kept for review joins the main list. */
export async function acceptMessage(db: Db, id: number, actor: Actor) {
  const clientId = await db.transaction(async (tx) => {
    const reviewed = await markReviewed(tx, id);
    if (reviewed !== undefined) await refreshContactListing(tx, reviewed);
    return reviewed;
  });
  if (clientId === undefined) {
    if (await findMessage(db, id)) throw new NotInReviewError();
    return undefined;
  }
  await audit(db, "message_accepted", actor, { clientId, messageId: id });
  return (await findMessage(db, id))?.message;
}
