import { z } from "zod";
import { CRM_LIMITS } from "../crm-rules.ts";
import { contactSelectionSchema } from "./crm.ts";
import { checkStageFields, staffId, stageFields } from "./pipeline.ts";

// Changing many contacts at once from the contacts screen: the rows picked on the page, or every
// contact a search and its filters find (issue 13).

const id = z.number().int().min(1).max(2_147_483_647);

/** `POST /api/clients/bulk`: the contacts, and the owner or stage they all get. */
export const bulkChangeSchema = z.strictObject({
  target: z.union([
    z.strictObject({ ids: z.array(id).min(1, { error: "Elige al menos un contacto" }).max(CRM_LIMITS.pageSizeMax) }),
    z.strictObject({ selection: contactSelectionSchema }),
  ]),
  change: z.discriminatedUnion("kind", [
    z.strictObject({ kind: z.literal("owner"), ownerId: staffId.nullable() }),
    z.strictObject({ kind: z.literal("stage"), ...stageFields }).superRefine(checkStageFields),
  ]),
});
export type BulkChangeInput = z.input<typeof bulkChangeSchema>;

/**
 * How many contacts the action found, and how many it changed (the others already were so);
 * `undoId` names the change for `POST /api/clients/bulk/undo` (`Deshacer`) for a few minutes.
 */
export const bulkResultSchema = z.object({
  matched: z.number().int(),
  changed: z.number().int(),
  undoId: z.uuid().optional(),
});

/** `Deshacer` of a bulk change: the `undoId` its answer gave. */
export const bulkUndoSchema = z.strictObject({ undoId: z.uuid({ error: "Ese cambio no existe" }) });
export type BulkUndoInput = z.infer<typeof bulkUndoSchema>;
export type BulkResult = z.infer<typeof bulkResultSchema>;
