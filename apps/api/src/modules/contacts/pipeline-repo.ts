import type { Pipeline } from "@app/shared";
import type { LostReason, Stage } from "@app/shared/constants";
import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Db, queryRows } from "../../db/client.ts";
import { contactEvents, contacts, opportunities, users } from "../../db/schema/index.ts";
import { activeContactStaff } from "../accounts/index.ts";

// A contact's stage and owner as stored, and the events that record their changes.

const owner = alias(users, "owner");

type PipelineRow = {
  stage: Stage;
  ownerId: number | null;
  ownerName: string | null;
  version: number;
  lostReason: LostReason | null;
  lostNote: string | null;
  valueCents: number | null;
  stageChangedAt: Date | null;
};

/** A disabled account is shown as nobody (`Sin responsable`) for new work; the timeline keeps who it was. */
const pipelineOf = (row: PipelineRow): Pipeline => ({
  stage: row.stage,
  owner: row.ownerId === null || row.ownerName === null ? null : { id: row.ownerId, displayName: row.ownerName },
  version: row.version,
  lostReason: row.lostReason ?? null,
  lostNote: row.lostNote,
  wonValue: row.valueCents === null ? null : row.valueCents / 100,
  stageChangedAt: row.stageChangedAt?.toISOString() ?? null,
});

/** The stage and owner of contact `id` (its current opportunity's copy), as the dialog shows them. */
export async function findPipeline(db: Db, id: number): Promise<Pipeline | undefined> {
  const [row] = await db
    .select({
      stage: contacts.stage,
      ownerId: contacts.ownerId,
      ownerName: owner.displayName,
      version: contacts.version,
      lostReason: contacts.lostReason,
      lostNote: contacts.lostNote,
      valueCents: contacts.wonValueCents,
      stageChangedAt: contacts.stageChangedAt,
    })
    .from(contacts)
    .leftJoin(owner, and(eq(owner.id, contacts.ownerId), eq(owner.active, true)))
    .where(eq(contacts.id, id));
  return row && pipelineOf(row);
}

/** The stage and owner of opportunity `id`, as a board card shows them. */
export async function findOpportunityPipeline(db: Db, id: number): Promise<Pipeline | undefined> {
  const [row] = await db
    .select({
      stage: opportunities.stage,
      ownerId: opportunities.ownerId,
      ownerName: owner.displayName,
      version: opportunities.version,
      lostReason: opportunities.lostReason,
      lostNote: opportunities.lostNote,
      valueCents: opportunities.valueCents,
      stageChangedAt: opportunities.stageChangedAt,
    })
    .from(opportunities)
    .leftJoin(owner, and(eq(owner.id, opportunities.ownerId), eq(owner.active, true)))
    .where(eq(opportunities.id, id));
  return row && pipelineOf(row);
}

/** The contact opportunity `id` belongs to; undefined when there is no such opportunity. */
export async function clientOfOpportunity(db: Db, id: number) {
  const [row] = await db
    .select({ clientId: opportunities.clientId })
    .from(opportunities)
    .where(eq(opportunities.id, id));
  return row?.clientId;
}

/**
 * Opportunity `id` of contact `clientId`, locked until the transaction ends; the contact's row must
 * be locked first (decision 055). Undefined when it is not (or no longer) that contact's.
 */
export async function lockOpportunity(db: Db, id: number, clientId: number) {
  const [row] = await db
    .select({ stage: opportunities.stage, ownerId: opportunities.ownerId })
    .from(opportunities)
    .where(and(eq(opportunities.id, id), eq(opportunities.clientId, clientId)))
    .for("no key update");
  return row;
}

/**
 * The stage and owner of contact `id` and which opportunity holds them, with the contact's row
 * locked until the transaction ends (a contact before its opportunities, decision 055); undefined:
 * no such client.
 */
export async function lockPipeline(db: Db, id: number) {
  const [row] = await db
    .select({
      stage: contacts.stage,
      ownerId: contacts.ownerId,
      version: contacts.version,
      opportunityId: contacts.opportunityId,
    })
    .from(contacts)
    .where(eq(contacts.id, id))
    .for("no key update");
  return row;
}

export type StageFields = {
  stage: Stage;
  lostReason: LostReason | null;
  lostNote: string | null;
  /** What it was won for; undefined keeps the value the opportunity has. */
  valueCents?: number;
};

/**
 * Sets the stage (and what goes with it) of opportunity `opportunityId` and bumps its version; false
 * when the version moved on. The contact's copy follows (migration 0032's triggers).
 */
export async function updateStage(db: Db, opportunityId: number, version: number, fields: StageFields) {
  const rows = await db
    .update(opportunities)
    .set({ ...fields, stageChangedAt: sql`now()`, version: sql`${opportunities.version} + 1` })
    .where(and(eq(opportunities.id, opportunityId), eq(opportunities.version, version)))
    .returning({ id: opportunities.id });
  return rows.length > 0;
}

/** Sets the owner of opportunity `opportunityId` and bumps its version; false when the version moved on. */
export async function updateOwner(db: Db, opportunityId: number, version: number, ownerId: number | null) {
  const rows = await db
    .update(opportunities)
    .set({ ownerId, version: sql`${opportunities.version} + 1` })
    .where(and(eq(opportunities.id, opportunityId), eq(opportunities.version, version)))
    .returning({ id: opportunities.id });
  return rows.length > 0;
}

/**
 * A first reply makes a new contact a contacted one: its current opportunity, if Nuevo, becomes
 * Contactado; true when it did. The contact's row is locked first, as every pipeline change does.
 */
export async function markContacted(db: Db, id: number) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`with c as (select opportunity_id from ${contacts} where id = ${id} for no key update)
      update ${opportunities} o set stage = 'contactado', stage_changed_at = now(), version = o.version + 1
      from c where o.id = c.opportunity_id and o.stage = 'nuevo'
      returning o.id`,
  );
  return rows.length > 0;
}

export type NewContactEvent = typeof contactEvents.$inferInsert;

export async function insertContactEvent(db: Db, event: NewContactEvent) {
  await db.insert(contactEvents).values(event);
}

/** An active account that works the contacts: its name and address, or undefined when there is none with that id. */
export async function findActiveStaff(db: Db, id: number) {
  const [row] = await db
    .select({ displayName: users.displayName, email: users.email })
    .from(users)
    .where(and(eq(users.id, id), activeContactStaff));
  return row;
}
