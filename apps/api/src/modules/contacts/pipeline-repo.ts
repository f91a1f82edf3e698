import type { Pipeline } from "@app/shared";
import type { LostReason, Stage } from "@app/shared/constants";
import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { contactEvents, contacts, users } from "../../db/schema/index.ts";
import { activeContactStaff } from "../accounts/index.ts";

// A contact's stage and owner as stored, and the events that record their changes.

const owner = alias(users, "owner");

/**
 * The stage and owner of contact `id`, as the dialog and the board show them: a disabled account is
 * shown as nobody (`Sin responsable`) for new work, while the timeline keeps who it was.
 */
export async function findPipeline(db: Db, id: number): Promise<Pipeline | undefined> {
  const [row] = await db
    .select({
      stage: contacts.stage,
      ownerId: contacts.ownerId,
      ownerName: owner.displayName,
      version: contacts.version,
      lostReason: contacts.lostReason,
      lostNote: contacts.lostNote,
      wonValueCents: contacts.wonValueCents,
      stageChangedAt: contacts.stageChangedAt,
    })
    .from(contacts)
    .leftJoin(owner, and(eq(owner.id, contacts.ownerId), eq(owner.active, true)))
    .where(eq(contacts.id, id));
  if (!row) return undefined;
  return {
    stage: row.stage,
    owner: row.ownerId === null || row.ownerName === null ? null : { id: row.ownerId, displayName: row.ownerName },
    version: row.version,
    lostReason: row.lostReason ?? null,
    lostNote: row.lostNote,
    wonValue: row.wonValueCents === null ? null : row.wonValueCents / 100,
    stageChangedAt: row.stageChangedAt?.toISOString() ?? null,
  };
}

/** The stage and owner of contact `id`, locked until the transaction ends; undefined: no such client. */
export async function lockPipeline(db: Db, id: number) {
  const [row] = await db
    .select({ stage: contacts.stage, ownerId: contacts.ownerId, version: contacts.version })
    .from(contacts)
    .where(eq(contacts.id, id))
    .for("update");
  return row;
}

export type StageFields = {
  stage: Stage;
  lostReason: LostReason | null;
  lostNote: string | null;
  wonValueCents: number | null;
};

/** Sets the stage (and what goes with it) and bumps the version; false when the version moved on. */
export async function updateStage(db: Db, id: number, version: number, fields: StageFields) {
  const rows = await db
    .update(contacts)
    .set({ ...fields, stageChangedAt: sql`now()`, version: sql`${contacts.version} + 1` })
    .where(and(eq(contacts.id, id), eq(contacts.version, version)))
    .returning({ id: contacts.id });
  return rows.length > 0;
}

/** Sets the owner and bumps the version; false when the version moved on. */
export async function updateOwner(db: Db, id: number, version: number, ownerId: number | null) {
  const rows = await db
    .update(contacts)
    .set({ ownerId, version: sql`${contacts.version} + 1` })
    .where(and(eq(contacts.id, id), eq(contacts.version, version)))
    .returning({ id: contacts.id });
  return rows.length > 0;
}

/** A first reply makes a new contact a contacted one: true when it did (the contact was Nuevo). */
export async function markContacted(db: Db, id: number) {
  const rows = await db
    .update(contacts)
    .set({ stage: "contactado", stageChangedAt: sql`now()`, version: sql`${contacts.version} + 1` })
    .where(and(eq(contacts.id, id), eq(contacts.stage, "nuevo")))
    .returning({ id: contacts.id });
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
