import { z } from "zod";
import { ASSIGNMENT_MODES } from "../crm-rules.ts";
import { staffId } from "./pipeline.ts";

// The administrator's rule for who follows up a new lead (issue 13).

const id = z.number().int().min(1).max(2_147_483_647);

/** `GET /api/lead-assignment`. */
export const leadAssignmentSchema = z.object({
  mode: z.enum(ASSIGNMENT_MODES),
  /** By product: who takes the leads about each product or service (those without nobody). */
  productOwners: z.array(z.object({ serviceTypeId: z.number().int(), userId: z.number().int() })),
  version: z.number().int(),
});
export type LeadAssignment = z.infer<typeof leadAssignmentSchema>;

/** `PUT /api/lead-assignment` (administrators): the rule and the product table, with the version seen. */
export const leadAssignmentInputSchema = z.strictObject({
  mode: z.enum(ASSIGNMENT_MODES, { error: "Elige cómo se asignan los contactos nuevos" }),
  productOwners: z
    .array(z.strictObject({ serviceTypeId: id, userId: staffId }))
    .max(200)
    .refine((rows) => new Set(rows.map((row) => row.serviceTypeId)).size === rows.length, {
      error: "Cada producto o servicio tiene un solo responsable",
    })
    .default([]),
  version: z.number().int().min(0).max(2_147_483_647),
});
export type LeadAssignmentInput = z.input<typeof leadAssignmentInputSchema>;
