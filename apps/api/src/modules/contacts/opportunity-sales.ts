import type { Stage } from "@app/shared/constants";
import { eq, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client.ts";
import { contacts, opportunities } from "../../db/schema/index.ts";
import { insertContactEvent } from "./pipeline-repo.ts";

// What quotes and orders do to an opportunity (decision 055): a quote sent sets its value and moves
// a new one to `Cotización enviada`; an accepted quote or an order wins it; `Repetir pedido` opens
// the next one. The sales module calls these inside its own transactions, and tells the open
// screens once they commit; like every pipeline change they lock the contact's row first.

/** Who caused it: a staff member, or the client answering from the quote's email (null). */
export type SalesActor = { id: number; displayName: string } | null;

export type OpportunityRow = {
  id: number;
  clientId: number;
  title: string;
  stage: Stage;
  ownerId: number | null;
  valueCents: number | null;
};

export async function findOpportunity(db: Db, id: number): Promise<OpportunityRow | undefined> {
  const [row] = await db
    .select({
      id: opportunities.id,
      clientId: opportunities.clientId,
      title: opportunities.title,
      stage: opportunities.stage,
      ownerId: opportunities.ownerId,
      valueCents: opportunities.valueCents,
    })
    .from(opportunities)
    .where(eq(opportunities.id, id));
  return row;
}

/** The contact's current opportunity (the one its stage and owner are shown from). */
export async function currentOpportunityOf(db: Db, clientId: number) {
  const [row] = await db.select({ id: contacts.opportunityId }).from(contacts).where(eq(contacts.id, clientId));
  return row?.id ?? undefined;
}

/** Locks the opportunity's contact, then the opportunity; its stage before the change. */
async function lockOpportunity(db: Db, id: number) {
  await db.execute(
    sql`select 1 from ${contacts} where id = (select client_id from ${opportunities} where id = ${id}) for no key update`,
  );
  const [row] = await queryRows<{ clientId: number; stage: Stage }>(
    db,
    sql`select client_id as "clientId", stage from ${opportunities} where id = ${id} for no key update`,
  );
  return row;
}

const eventActor = (actor: SalesActor) => ({ actorId: actor?.id ?? null, actorName: actor?.displayName ?? null });

/**
 * Sets the value and the stage `next` gives for the one it had, bumps the version and writes the
 * timeline line when the stage moved.
 */
async function moveOpportunity(
  db: Db,
  id: number,
  next: (stage: Stage) => Stage,
  valueCents: number,
  actor: SalesActor,
  why: object,
) {
  const before = await lockOpportunity(db, id);
  if (!before) return undefined;
  const stage = next(before.stage);
  await db
    .update(opportunities)
    .set({
      valueCents,
      stage,
      ...(stage === before.stage ? {} : { stageChangedAt: sql`now()`, lostReason: null, lostNote: null }),
      version: sql`${opportunities.version} + 1`,
    })
    .where(eq(opportunities.id, id));
  if (stage !== before.stage) {
    await insertContactEvent(db, {
      clientId: before.clientId,
      kind: "stage_changed",
      ...eventActor(actor),
      data: { from: before.stage, to: stage, opportunityId: id, ...why },
    });
  }
  return { clientId: before.clientId, from: before.stage, to: stage };
}

/** A quote went out: the opportunity is worth its subtotal; Nuevo and Contactado become Cotización enviada. */
export function opportunityQuoted(db: Db, id: number, valueCents: number, actor: SalesActor, number: string) {
  const next = (stage: Stage): Stage => (stage === "nuevo" || stage === "contactado" ? "cotizacion" : stage);
  return moveOpportunity(db, id, next, valueCents, actor, { byQuote: number });
}

/** The client accepted a quote, or staff placed an order: the opportunity is won for that much. */
export function opportunityWon(db: Db, id: number, valueCents: number, actor: SalesActor, number: string) {
  return moveOpportunity(db, id, () => "ganado", valueCents, actor, { byQuote: number, wonValue: valueCents / 100 });
}

/** A new opportunity for a contact (`Nueva oportunidad`, `Repetir pedido`): it becomes their current one. */
export async function openOpportunity(
  db: Db,
  input: { clientId: number; title: string; ownerId: number | null; valueCents?: number | null },
  actor: SalesActor,
) {
  await db.execute(sql`select 1 from ${contacts} where id = ${input.clientId} for no key update`);
  const [row] = await db
    .insert(opportunities)
    .values({
      clientId: input.clientId,
      title: input.title,
      ownerId: input.ownerId,
      valueCents: input.valueCents ?? null,
      createdBy: actor?.id ?? null,
    })
    .returning({ id: opportunities.id });
  if (!row) throw new Error("the opportunity was not written");
  return row.id;
}
