import type { OwnerChangeInput, Pipeline, StageChangeInput } from "@app/shared";
import type { Db } from "../../db/client.ts";
import { VersionConflictError } from "../../kernel/version-conflict.ts";
import { recordAudit } from "../audit/index.ts";
import { queueEmails } from "../email/index.ts";
import { publishLive } from "../live/index.ts";
import {
  clientOfOpportunity,
  findActiveStaff,
  findOpportunityPipeline,
  findPipeline,
  insertContactEvent,
  lockOpportunity,
  lockPipeline,
  markContacted,
  updateOwner,
  updateStage,
} from "./pipeline-repo.ts";
import type { Actor } from "./service.ts";

// Staff moving a contact along (its stage) and handing it over (its owner). Each change is checked
// against the version the person saw, recorded in the contact's timeline and audited.

/** The owner asked for (of a contact or a task) is not an active staff account (400). */
export class UnknownOwnerError extends Error {
  override name = "UnknownOwnerError";
}

/** Refuses an owner that is not an active staff account; answers its name and address. */
export async function activeOwner(db: Db, ownerId: number) {
  const owner = await findActiveStaff(db, ownerId);
  if (!owner) throw new UnknownOwnerError();
  return owner;
}

const actorFields = (actor: Actor) => ({ actorId: actor.staff.id, actorName: actor.staff.displayName });

async function changed(db: Db, id: number): Promise<never> {
  const current = await findPipeline(db, id);
  if (!current) throw new Error(`contact ${id} vanished during a change`);
  throw new VersionConflictError<Pipeline>(current);
}

/** Whose stage changes: a contact's current opportunity (the contact dialog) or one opportunity (a board card). */
export type StageTarget = { clientId: number } | { opportunityId: number };

/** The stage and owner of the target as stored now. */
const pipelineOfTarget = (db: Db, target: StageTarget) =>
  "clientId" in target ? findPipeline(db, target.clientId) : findOpportunityPipeline(db, target.opportunityId);

/** Sets the stage; undefined when there is no such contact or opportunity. */
export async function changeStage(db: Db, target: StageTarget, input: StageChangeInput, actor: Actor) {
  const lost = input.stage === "perdido";
  const fields = {
    stage: input.stage,
    lostReason: lost ? (input.lostReason ?? null) : null,
    lostNote: lost ? (input.lostNote ?? null) : null,
    ...(input.stage === "ganado" && input.wonValue !== undefined
      ? { valueCents: Math.round(input.wonValue * 100) }
      : {}),
  };
  const outcome = await db.transaction(async (tx) => {
    const clientId = "clientId" in target ? target.clientId : await clientOfOpportunity(tx, target.opportunityId);
    // The contact first, then its opportunity, as every pipeline write (decision 055).
    const contact = clientId === undefined ? undefined : await lockPipeline(tx, clientId);
    if (clientId === undefined || !contact) return "missing" as const;
    const opportunityId = "opportunityId" in target ? target.opportunityId : contact.opportunityId;
    if (opportunityId === null) return "changed" as const;
    const before = await lockOpportunity(tx, opportunityId, clientId);
    if (!before) return "missing" as const;
    if (!(await updateStage(tx, opportunityId, input.version, fields))) return "changed" as const;
    await insertContactEvent(tx, {
      clientId,
      kind: "stage_changed",
      ...actorFields(actor),
      data: {
        from: before.stage,
        to: input.stage,
        ...(fields.lostReason ? { lostReason: fields.lostReason } : {}),
        ...(fields.lostNote ? { lostNote: fields.lostNote } : {}),
        opportunityId,
        ...(fields.valueCents !== undefined ? { wonValue: fields.valueCents / 100 } : {}),
      },
    });
    return { clientId, opportunityId, from: before.stage };
  });
  if (outcome === "missing") return undefined;
  if (outcome === "changed") {
    const current = await pipelineOfTarget(db, target);
    if (!current) return undefined;
    throw new VersionConflictError<Pipeline>(current);
  }
  const { clientId, opportunityId, from } = outcome;
  await recordAudit(db, {
    action: "client_stage_changed",
    actor: actor.staff,
    ip: actor.ip,
    details: { clientId, opportunityId, from, to: input.stage },
  });
  publishLive(db, { kind: "stage_changed", clientId, actorId: actor.staff.id });
  return pipelineOfTarget(db, target);
}

/**
 * Hands the contact to a staff member (or to nobody). The new owner is told by email with a link to
 * the contact, unless they gave it to themselves or have no address.
 */
export async function changeOwner(db: Db, id: number, input: OwnerChangeInput, actor: Actor) {
  const next = input.ownerId === null ? undefined : await activeOwner(db, input.ownerId);
  const outcome = await db.transaction(async (tx) => {
    const before = await lockPipeline(tx, id);
    if (!before) return "missing" as const;
    if (before.opportunityId === null || !(await updateOwner(tx, before.opportunityId, input.version, input.ownerId))) {
      return "changed" as const;
    }
    await insertContactEvent(tx, {
      clientId: id,
      kind: "owner_changed",
      ...actorFields(actor),
      data: { from: before.ownerId, to: input.ownerId, toName: next?.displayName ?? null },
    });
    if (next?.email && input.ownerId !== actor.staff.id) {
      await queueEmails(tx, [
        {
          kind: "owner_assigned",
          to: next.email,
          payload: { clientId: id, ownerName: next.displayName, assignedBy: actor.staff.displayName },
        },
      ]);
    }
    return { from: before.ownerId, emailed: Boolean(next?.email && input.ownerId !== actor.staff.id) };
  });
  if (outcome === "missing") return undefined;
  if (outcome === "changed") return changed(db, id);
  await recordAudit(db, {
    action: "client_owner_changed",
    actor: actor.staff,
    ip: actor.ip,
    details: { clientId: id, from: outcome.from, to: input.ownerId },
  });
  publishLive(db, { kind: "owner_changed", clientId: id, ownerId: input.ownerId, actorId: actor.staff.id });
  return { pipeline: await findPipeline(db, id), emailed: outcome.emailed };
}

/** Within a reply's transaction: a Nuevo contact becomes Contactado, on the timeline as the replier's doing. */
export async function advanceOnReply(db: Db, clientId: number, actor: Actor) {
  if (!(await markContacted(db, clientId))) return;
  await insertContactEvent(db, {
    clientId,
    kind: "stage_changed",
    ...actorFields(actor),
    data: { from: "nuevo", to: "contactado", byReply: true },
  });
}

/** Something staff did to the whole contact (an export, anonymisation), on its timeline. */
export function recordContactEvent(db: Db, clientId: number, kind: "data_exported" | "anonymised", actor: Actor) {
  return insertContactEvent(db, { clientId, kind, ...actorFields(actor) });
}
