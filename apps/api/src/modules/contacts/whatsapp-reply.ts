import type { Db } from "../../db/client.ts";
import { recordAudit } from "../audit/index.ts";
import { publishLive } from "../live/index.ts";
import { findMessage, storeReply } from "./message-repo.ts";
import { advanceOnReply } from "./pipeline.ts";
import type { Actor } from "./service.ts";

/**
 * A reply staff sent from their own WhatsApp (the CRM's `Responder por WhatsApp`, once they confirm
 * it went). It is stored and shown like an email reply: the message becomes Respondido, a first
 * reply moves the contact from Nuevo to Contactado, it is audited and the open screens are told.
 * No email is queued: the contact already has the answer, and a second copy by mail would confuse.
 */
export async function recordWhatsappReply(db: Db, id: number, reply: string, actor: Actor) {
  const clientId = await db.transaction(async (tx) => {
    const row = await storeReply(tx, id, reply, actor.staff.id, "whatsapp");
    if (!row) return undefined;
    await advanceOnReply(tx, row.clientId, actor);
    return row.clientId;
  });
  if (clientId === undefined) return undefined;
  await recordAudit(db, {
    action: "message_replied",
    actor: { id: actor.staff.id, username: actor.staff.username },
    ip: actor.ip,
    details: { clientId, messageId: id, channel: "whatsapp" },
  });
  publishLive(db, { kind: "message_replied", clientId, messageId: id, actorId: actor.staff.id });
  return (await findMessage(db, id))?.message;
}
