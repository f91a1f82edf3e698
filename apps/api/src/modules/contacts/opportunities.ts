import { centsOf, type Opportunity, type OpportunityCreateInput, type OpportunityUpdateInput } from "@app/shared";
import { centsToDecimal } from "@app/shared/money";
import { and, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { contacts, opportunities, users } from "../../db/schema/index.ts";
import { VersionConflictError } from "../../kernel/version-conflict.ts";
import { recordAudit } from "../audit/index.ts";
import { publishLive } from "../live/index.ts";
import { openOpportunity } from "./opportunity-sales.ts";
import { activeOwner } from "./pipeline.ts";
import type { Actor } from "./service.ts";

// A contact's opportunities (`Nueva oportunidad`, the title, `Valor estimado` and expected close date
// of one); their stage and owner change through the contact's pipeline (pipeline.ts).

const owner = alias(users, "opportunity_owner");

/** A contact's opportunities, newest first; undefined when there is no such contact. */
export async function listOpportunities(db: Db, clientId: number): Promise<Opportunity[] | undefined> {
  const [contact] = await db
    .select({ current: contacts.opportunityId })
    .from(contacts)
    .where(eq(contacts.id, clientId));
  if (!contact) return undefined;
  const rows = await db
    .select({
      id: opportunities.id,
      clientId: opportunities.clientId,
      title: opportunities.title,
      stage: opportunities.stage,
      ownerId: owner.id,
      ownerName: owner.displayName,
      valueCents: opportunities.valueCents,
      expectedCloseOn: opportunities.expectedCloseOn,
      createdAt: opportunities.createdAt,
      version: opportunities.version,
    })
    .from(opportunities)
    .leftJoin(owner, and(eq(owner.id, opportunities.ownerId), eq(owner.active, true)))
    .where(eq(opportunities.clientId, clientId))
    .orderBy(desc(opportunities.id));
  return rows.map((row) => ({
    id: row.id,
    clientId: row.clientId,
    title: row.title,
    stage: row.stage,
    owner: row.ownerId === null || row.ownerName === null ? null : { id: row.ownerId, displayName: row.ownerName },
    value: row.valueCents === null ? null : centsToDecimal(row.valueCents),
    expectedCloseOn: row.expectedCloseOn,
    current: row.id === contact.current,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  }));
}

const findOne = async (db: Db, clientId: number, id: number) =>
  (await listOpportunities(db, clientId))?.find((opportunity) => opportunity.id === id);

/** `Nueva oportunidad`; undefined when there is no such contact. */
export async function createOpportunity(db: Db, input: OpportunityCreateInput, actor: Actor) {
  const ownerId = input.ownerId === undefined ? actor.staff.id : input.ownerId;
  if (ownerId !== null) await activeOwner(db, ownerId);
  const [contact] = await db.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, input.clientId));
  if (!contact) return undefined;
  const id = await db.transaction(async (tx) => {
    const opened = await openOpportunity(
      tx,
      {
        clientId: input.clientId,
        title: input.title,
        ownerId,
        valueCents: input.value === null || input.value === undefined ? null : centsOf(input.value),
      },
      { id: actor.staff.id, displayName: actor.staff.displayName },
    );
    if (input.expectedCloseOn) {
      await tx
        .update(opportunities)
        .set({ expectedCloseOn: input.expectedCloseOn })
        .where(eq(opportunities.id, opened));
    }
    return opened;
  });
  await recordAudit(db, {
    action: "opportunity_created",
    actor: actor.staff,
    ip: actor.ip,
    details: { clientId: input.clientId, opportunityId: id, title: input.title },
  });
  publishLive(db, { kind: "stage_changed", clientId: input.clientId, actorId: actor.staff.id });
  return findOne(db, input.clientId, id);
}

/** Title, value, close date; undefined when there is no such opportunity. */
export async function updateOpportunity(db: Db, id: number, input: OpportunityUpdateInput, actor: Actor) {
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ clientId: opportunities.clientId })
      .from(opportunities)
      .where(eq(opportunities.id, id));
    if (!row) return undefined;
    // The contact first, as every pipeline change: its copy follows the opportunity.
    await tx.execute(sql`select 1 from ${contacts} where id = ${row.clientId} for no key update`);
    const changed = await tx
      .update(opportunities)
      .set({
        ...(input.title === undefined ? {} : { title: input.title }),
        ...(input.value === undefined ? {} : { valueCents: input.value === null ? null : centsOf(input.value) }),
        ...(input.expectedCloseOn === undefined ? {} : { expectedCloseOn: input.expectedCloseOn }),
        version: sql`${opportunities.version} + 1`,
      })
      .where(and(eq(opportunities.id, id), eq(opportunities.version, input.version)))
      .returning({ id: opportunities.id });
    return { clientId: row.clientId, changed: changed.length > 0 };
  });
  if (!outcome) return undefined;
  const current = await findOne(db, outcome.clientId, id);
  if (!outcome.changed) throw new VersionConflictError<Opportunity>(current as Opportunity);
  await recordAudit(db, {
    action: "opportunity_updated",
    actor: actor.staff,
    ip: actor.ip,
    details: { clientId: outcome.clientId, opportunityId: id },
  });
  publishLive(db, { kind: "stage_changed", clientId: outcome.clientId, actorId: actor.staff.id });
  return current;
}
