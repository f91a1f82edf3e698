import type { BulkChangeInput, BulkResult } from "@app/shared";
import { CRM_LIMITS } from "@app/shared/constants";
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import { clients, contactEvents, emailOutbox } from "../../db/schema.ts";
import { recordAudit } from "../audit/repo.ts";
import { publishLive } from "../live/live-event.ts";
import { activeOwner } from "./pipeline.ts";
import type { Actor } from "./service.ts";
import { c } from "./tables.ts";

// One owner or stage for many contacts at once: the rows picked on the page, or every contact a
// search finds. One statement locks the contacts, changes those not already so, bumps their
// versions and writes each one's timeline line; the audit log gets one entry with the counts.

/** More contacts than one action may change: the search should be narrowed (400). */
export class TooManyContactsError extends Error {
  override name = "TooManyContactsError";
}

type Change = BulkChangeInput["change"];

/** Which contacts, as a condition on `clients c`: ids, or a search's condition. */
export type BulkTarget = { ids: number[] } | { condition: SQL };

const targetCondition = (target: BulkTarget) =>
  "ids" in target
    ? sql`${c.id} in (${sql.join(
        target.ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : target.condition;

/** What the update sets and what the timeline says, for the change asked. */
function changeParts(change: Change, ownerName: string | null) {
  if (change.kind === "owner") {
    return {
      kind: "owner_changed" as const,
      set: sql`owner_id = ${change.ownerId}`,
      differs: sql`b.owner_id is distinct from ${change.ownerId}::int`,
      data: sql`jsonb_build_object('from', b.owner_id, 'to', ${change.ownerId}::int, 'toName', ${ownerName}::text, 'bulk', true)`,
    };
  }
  const lost = change.stage === "perdido";
  const wonCents =
    change.stage === "ganado" && change.wonValue !== undefined ? Math.round(change.wonValue * 100) : null;
  const lostReason = lost ? (change.lostReason ?? null) : null;
  const lostNote = lost ? (change.lostNote ?? null) : null;
  return {
    kind: "stage_changed" as const,
    set: sql`stage = ${change.stage}, stage_changed_at = now(), lost_reason = ${lostReason},
      lost_note = ${lostNote}, won_value_cents = ${wonCents}`,
    differs: sql`b.stage <> ${change.stage}`,
    data: sql`jsonb_strip_nulls(jsonb_build_object('from', b.stage, 'to', ${change.stage}::text,
      'lostReason', ${lostReason}::text, 'lostNote', ${lostNote}::text,
      'wonValue', ${wonCents === null ? null : wonCents / 100}::numeric, 'bulk', true))`,
  };
}

/** Applies `change` to the contacts of `target`; refuses more than CRM_LIMITS.bulkMax of them. */
export async function changeContacts(db: Db, target: BulkTarget, change: Change, actor: Actor): Promise<BulkResult> {
  const owner = change.kind === "owner" && change.ownerId !== null ? await activeOwner(db, change.ownerId) : null;
  const parts = changeParts(change, owner?.displayName ?? null);
  const result = await db.transaction(async (tx) => {
    const [found] = await queryRows<{ matched: number }>(
      tx,
      sql`select count(*)::int as matched from (select 1 from ${clients} c where ${targetCondition(target)}
        limit ${CRM_LIMITS.bulkMax + 1}) t`,
    );
    const matched = found?.matched ?? 0;
    if (matched > CRM_LIMITS.bulkMax) throw new TooManyContactsError();
    const changedRows = await queryRows<{ clientId: number }>(
      tx,
      sql`with b as (
          select c.id, c.owner_id, c.stage from ${clients} c where ${targetCondition(target)} for update of c
        ), u as (
          update ${clients} set ${parts.set}, version = version + 1
          from b where ${clients.id} = b.id and ${parts.differs}
          returning ${clients.id} as id
        )
        insert into ${contactEvents} (client_id, kind, actor_id, actor_name, data)
        select b.id, ${parts.kind}, ${actor.staff.id}::int, ${actor.staff.displayName}::text, ${parts.data}
        from b join u on u.id = b.id
        returning client_id as "clientId"`,
    );
    // One email for the lot: "te asignaron 40 contactos", not forty.
    if (owner?.email && change.kind === "owner" && change.ownerId !== actor.staff.id && changedRows.length > 0) {
      await tx.insert(emailOutbox).values({
        kind: "owner_assigned",
        toAddress: owner.email,
        payload: {
          clientId: changedRows[0]?.clientId,
          count: changedRows.length,
          ownerName: owner.displayName,
          assignedBy: actor.staff.displayName,
        },
      });
    }
    return { matched, changed: changedRows.length };
  });
  if (result.changed > 0) {
    // One event for the lot: the screens open elsewhere reload once.
    publishLive(db, {
      kind: change.kind === "owner" ? "owner_changed" : "stage_changed",
      actorId: actor.staff.id,
      ...(change.kind === "owner" ? { ownerId: change.ownerId } : {}),
    });
  }
  await recordAudit(db, {
    action: "clients_bulk_changed",
    actor: actor.staff,
    ip: actor.ip,
    details: { ...change, ...result, ...("ids" in target ? { ids: target.ids } : {}) },
  });
  return result;
}
