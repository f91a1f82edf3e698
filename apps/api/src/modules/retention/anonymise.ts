import type { Db } from "../../db/client.ts";
import { recordAudit } from "../audit/index.ts";
import { type Actor, anonymiseContactRows, contactDetail, recordContactEvent } from "../contacts/index.ts";
import { anonymiseSalesOf } from "../sales/index.ts";
import { anonymiseTasksOf } from "../tasks/index.ts";

// Forgetting a person (LOPDP) reaches every module that keeps their words: the contacts' rows and
// emails, the tasks' titles, and the notes on their quotes and orders (whose amounts stay). It lives here, above both, for the retention job and for staff.

/** Anonymises these contacts everywhere, in the caller's transaction; answers the ids it found. */
export async function anonymisePeople(tx: Db, ids: number[]) {
  const found = await anonymiseContactRows(tx, ids);
  await anonymiseTasksOf(tx, found);
  await anonymiseSalesOf(tx, found);
  return found;
}

/** Anonymisation on request (`Anonimizar`): the contact's detail afterwards, or undefined if there is none. */
export async function anonymiseContact(db: Db, id: number, actor: Actor) {
  const done = await db.transaction(async (tx) => {
    if ((await anonymisePeople(tx, [id])).length === 0) return false;
    await recordContactEvent(tx, id, "anonymised", actor);
    return true;
  });
  if (!done) return undefined;
  await recordAudit(db, {
    action: "client_anonymised",
    actor: { id: actor.staff.id, username: actor.staff.username },
    ip: actor.ip,
    details: { clientId: id },
  });
  return contactDetail(db, id);
}
