import { randomUUID } from "node:crypto";
import type { BulkChangeInput, BulkResult } from "@app/shared";
import { CRM_LIMITS } from "@app/shared/constants";
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import { contactEvents, contacts, opportunities, users } from "../../db/schema/index.ts";
import { recordAudit } from "../audit/index.ts";
import { queueEmails } from "../email/index.ts";
import { publishLive } from "../live/index.ts";
import { activeOwner } from "./pipeline.ts";
import type { Actor } from "./service.ts";
import { c } from "./tables.ts";

// One owner or stage for many contacts at once: the rows picked on the page, or every contact a
// search finds. One statement locks the contacts and their current opportunities, changes those not
// already so, bumps their versions and writes each one's timeline line; the audit log gets one entry
// with the counts.

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
      lost_note = ${lostNote}, value_cents = coalesce(${wonCents}::bigint, b.value_cents)`,
    differs: sql`b.stage <> ${change.stage}`,
    data: sql`jsonb_strip_nulls(jsonb_build_object('from', b.stage, 'to', ${change.stage}::text,
      'lostReason', ${lostReason}::text, 'lostNote', ${lostNote}::text,
      'wonValue', ${wonCents === null ? null : wonCents / 100}::numeric, 'bulk', true))`,
  };
}

/**
 * What a contact was before a bulk change, kept in its timeline line with the change's id and the
 * version the change left: `undoBulkChange` puts it back where nobody has changed the contact since.
 */
const beforeOf = (bulkId: string) => sql`jsonb_build_object('bulkId', ${bulkId}::text, 'version', b.version + 1,
  'opportunityId', b.opportunity_id,
  'before', jsonb_build_object('owner_id', b.owner_id, 'stage', b.stage, 'lost_reason', b.lost_reason,
    'lost_note', b.lost_note, 'value_cents', b.value_cents, 'stage_changed_at', b.stage_changed_at))`;

/** Applies `change` to the contacts of `target`; refuses more than CRM_LIMITS.bulkMax of them. */
export async function changeContacts(db: Db, target: BulkTarget, change: Change, actor: Actor): Promise<BulkResult> {
  const owner = change.kind === "owner" && change.ownerId !== null ? await activeOwner(db, change.ownerId) : null;
  const parts = changeParts(change, owner?.displayName ?? null);
  const bulkId = randomUUID();
  const result = await db.transaction(async (tx) => {
    const [found] = await queryRows<{ matched: number }>(
      tx,
      sql`select count(*)::int as matched from (select 1 from ${contacts} c where ${targetCondition(target)}
        limit ${CRM_LIMITS.bulkMax + 1}) t`,
    );
    const matched = found?.matched ?? 0;
    if (matched > CRM_LIMITS.bulkMax) throw new TooManyContactsError();
    const changedRows = await queryRows<{ clientId: number }>(
      tx,
      sql`with b as (
          select c.id, o.id as opportunity_id, o.owner_id, o.stage, o.lost_reason, o.lost_note, o.value_cents,
            o.stage_changed_at, o.version
          from ${contacts} c join ${opportunities} o on o.id = c.opportunity_id
          where ${targetCondition(target)} for no key update of c, o
        ), u as (
          update ${opportunities} set ${parts.set}, version = ${opportunities.version} + 1
          from b where ${opportunities.id} = b.opportunity_id and ${parts.differs}
          returning b.id
        )
        insert into ${contactEvents} (client_id, kind, actor_id, actor_name, data)
        select b.id, ${parts.kind}, ${actor.staff.id}::int, ${actor.staff.displayName}::text,
          ${parts.data} || ${beforeOf(bulkId)}
        from b join u on u.id = b.id
        returning client_id as "clientId"`,
    );
    // One email for the lot: "te asignaron 40 contactos", not forty.
    if (owner?.email && change.kind === "owner" && change.ownerId !== actor.staff.id && changedRows.length > 0) {
      await queueEmails(tx, [
        {
          kind: "owner_assigned",
          to: owner.email,
          payload: {
            clientId: changedRows[0]?.clientId,
            count: changedRows.length,
            ownerName: owner.displayName,
            assignedBy: actor.staff.displayName,
          },
        },
      ]);
    }
    return { matched, changed: changedRows.length, undoId: bulkId };
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

/** How long `Deshacer` can undo a bulk change: the screen offers it for seconds, a slow network gets minutes. */
export const BULK_UNDO_MINUTES = 10;

/**
 * Puts back what one of `actor`'s bulk changes of the last minutes changed, on the contacts nobody
 * has changed since (their version is still the one the change left); each gets its timeline line.
 */
export async function undoBulkChange(db: Db, undoId: string, actor: Actor): Promise<BulkResult> {
  const rows = await db.transaction(async (tx) =>
    queryRows<{ kind: string }>(
      tx,
      sql`with e as (
          select distinct on (client_id) client_id, kind, data from ${contactEvents}
          where data->>'bulkId' = ${undoId} and actor_id = ${actor.staff.id}::int
            and kind in ('owner_changed', 'stage_changed')
            and at > now() - make_interval(mins => ${BULK_UNDO_MINUTES}::int)
          order by client_id, id
        ), b as (
          select c.id, o.id as opportunity_id, o.owner_id, o.stage, e.kind, e.data->'before' as before
          from ${contacts} c join e on e.client_id = c.id
            join ${opportunities} o on o.id = (e.data->>'opportunityId')::int
          where o.version = (e.data->>'version')::int
          for no key update of c, o
        ), u as (
          update ${opportunities} o set
            owner_id = case when b.kind = 'owner_changed' then (b.before->>'owner_id')::int else o.owner_id end,
            stage = case when b.kind = 'stage_changed' then b.before->>'stage' else o.stage end,
            lost_reason = case when b.kind = 'stage_changed' then b.before->>'lost_reason' else o.lost_reason end,
            lost_note = case when b.kind = 'stage_changed' then b.before->>'lost_note' else o.lost_note end,
            value_cents = case when b.kind = 'stage_changed' then (b.before->>'value_cents')::bigint
              else o.value_cents end,
            stage_changed_at = case when b.kind = 'stage_changed' then (b.before->>'stage_changed_at')::timestamptz
              else o.stage_changed_at end,
            version = o.version + 1
          from b where o.id = b.opportunity_id
          returning b.id
        )
        insert into ${contactEvents} (client_id, kind, actor_id, actor_name, data)
        select b.id, b.kind, ${actor.staff.id}::int, ${actor.staff.displayName}::text,
          case when b.kind = 'owner_changed'
            then jsonb_build_object('from', b.owner_id, 'to', (b.before->>'owner_id')::int,
              'toName', (select display_name from ${users} where id = (b.before->>'owner_id')::int), 'undo', true)
            else jsonb_build_object('from', b.stage, 'to', b.before->>'stage', 'undo', true)
          end
        from b join u on u.id = b.id
        returning kind`,
    ),
  );
  const [first] = rows;
  if (first) {
    publishLive(db, {
      kind: first.kind === "owner_changed" ? "owner_changed" : "stage_changed",
      actorId: actor.staff.id,
    });
  }
  await recordAudit(db, {
    action: "clients_bulk_undone",
    actor: actor.staff,
    ip: actor.ip,
    details: { undoId, changed: rows.length },
  });
  return { matched: rows.length, changed: rows.length };
}
