import type { LeadAssignment, LeadAssignmentInput } from "@app/shared";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { leadAssignment, productOwners, serviceTypes, users } from "../../db/schema/index.ts";
import { VersionConflictError } from "../../kernel/version-conflict.ts";
import { activeContactStaff } from "../accounts/index.ts";
import { recordAudit } from "../audit/index.ts";
import type { Actor } from "./service.ts";

// The administrator's rule for new leads' owner: stored here, applied by the intake's statement
// (intake-repo.ts, `ownersByRule`).

/** A product or staff member of the table that does not exist or is disabled (400, by field). */
export class AssignmentTableError extends Error {
  override name = "AssignmentTableError";
  constructor(readonly field: "serviceTypeId" | "userId") {
    super(field);
  }
}

export async function findLeadAssignment(db: Db): Promise<LeadAssignment> {
  const [[rule], owners] = await Promise.all([
    db
      .select({ mode: leadAssignment.mode, version: leadAssignment.version })
      .from(leadAssignment)
      .where(eq(leadAssignment.id, 1)),
    db
      .select({ serviceTypeId: productOwners.serviceTypeId, userId: productOwners.userId })
      .from(productOwners)
      .orderBy(productOwners.serviceTypeId),
  ]);
  return { mode: rule?.mode ?? "none", version: rule?.version ?? 0, productOwners: owners };
}

/** Replaces the rule and the product table, if nobody changed them since `input.version`. */
export async function changeLeadAssignment(db: Db, input: LeadAssignmentInput, actor: Actor) {
  const table = input.productOwners ?? [];
  const [knownServices, activeStaff] = await Promise.all([
    table.length === 0
      ? []
      : db
          .select({ id: serviceTypes.id })
          .from(serviceTypes)
          .where(
            inArray(
              serviceTypes.id,
              table.map((row) => row.serviceTypeId),
            ),
          ),
    table.length === 0
      ? []
      : db
          .select({ id: users.id })
          .from(users)
          .where(
            and(
              activeContactStaff,
              // Told by email of each lead: an account without one would never know.
              isNotNull(users.email),
              inArray(
                users.id,
                table.map((row) => row.userId),
              ),
            ),
          ),
  ]);
  if (knownServices.length !== new Set(table.map((row) => row.serviceTypeId)).size) {
    throw new AssignmentTableError("serviceTypeId");
  }
  const active = new Set(activeStaff.map((row) => row.id));
  if (table.some((row) => !active.has(row.userId))) throw new AssignmentTableError("userId");

  const changed = await db.transaction(async (tx) => {
    const updated = await tx
      .update(leadAssignment)
      .set({
        mode: input.mode,
        version: sql`${leadAssignment.version} + 1`,
        updatedAt: sql`now()`,
        updatedBy: actor.staff.id,
      })
      .where(and(eq(leadAssignment.id, 1), eq(leadAssignment.version, input.version)))
      .returning({ id: leadAssignment.id });
    if (updated.length === 0) return false;
    await tx.delete(productOwners);
    if (table.length > 0) await tx.insert(productOwners).values(table);
    return true;
  });
  if (!changed) throw new VersionConflictError<LeadAssignment>(await findLeadAssignment(db));
  await recordAudit(db, {
    action: "lead_assignment_changed",
    actor: actor.staff,
    ip: actor.ip,
    details: { mode: input.mode, productOwners: table.length },
  });
  return findLeadAssignment(db);
}
