import { z } from "zod";
import { CRM_LIMITS, LOST_REASONS, CRM_MESSAGES as M, STAGES, type Stage } from "../crm-rules.ts";
import { longText } from "./common.ts";

// A contact's way from lead to order: its stage, its owner and its timeline (issue 13).

const stageSchema = z.enum(STAGES);
const lostReasonSchema = z.enum(LOST_REASONS);
export const staffId = z.number().int().min(1).max(2_147_483_647);

/**
 * The version of a contact's stage and owner the person saw: a change made meanwhile by someone
 * else is refused (409) instead of silently overwritten.
 */
const version = z.number().int().min(0).max(2_147_483_647);

/** The stage, owner and their version, as the contact dialog and the board show them. */
export const pipelineSchema = z.object({
  stage: stageSchema,
  owner: z.object({ id: z.number().int(), displayName: z.string() }).nullable(),
  version: z.number().int(),
  lostReason: lostReasonSchema.nullable(),
  lostNote: z.string().nullable(),
  /** Estimated value in US dollars of a won contact. */
  wonValue: z.number().nullable(),
  stageChangedAt: z.string().nullable(),
});
export type Pipeline = z.infer<typeof pipelineSchema>;

/** A stage and what goes with it: Perdido needs a reason (and words for "otro"); Ganado may carry a value. */
export const stageFields = {
  stage: stageSchema,
  lostReason: lostReasonSchema.optional(),
  lostNote: longText(CRM_LIMITS.reason, M.lostNoteRequired).optional(),
  wonValue: z
    .number({ error: "Escribe el valor en dólares" })
    .min(0, { error: "El valor no puede ser negativo" })
    .max(CRM_LIMITS.wonValueMax, { error: "El valor es demasiado alto" })
    .multipleOf(0.01, { error: "Usa como máximo dos decimales" })
    .optional(),
};

type StageFieldsInput = {
  stage: Stage;
  lostReason?: string | undefined;
  lostNote?: string | undefined;
  wonValue?: number | undefined;
};

/** The rules between a stage and its reason or value, for a `superRefine`. */
export function checkStageFields(change: StageFieldsInput, context: z.RefinementCtx) {
  if (change.stage === "perdido" && !change.lostReason) {
    context.addIssue({ code: "custom", path: ["lostReason"], message: M.lostReasonRequired });
  }
  if (change.stage === "perdido" && change.lostReason === "otro" && !change.lostNote) {
    context.addIssue({ code: "custom", path: ["lostNote"], message: M.lostNoteRequired });
  }
  if (change.stage !== "perdido" && (change.lostReason || change.lostNote)) {
    context.addIssue({ code: "custom", path: ["lostReason"], message: "Solo un contacto perdido lleva motivo" });
  }
  if (change.stage !== "ganado" && change.wonValue !== undefined) {
    context.addIssue({ code: "custom", path: ["wonValue"], message: "Solo un contacto ganado lleva valor" });
  }
}

/** `PATCH /api/clients/:id/stage`. */
export const stageChangeSchema = z.strictObject({ ...stageFields, version }).superRefine(checkStageFields);
export type StageChangeInput = z.input<typeof stageChangeSchema>;

/** `PATCH /api/clients/:id/owner`: a staff account, or null for Sin responsable. */
export const ownerChangeSchema = z.strictObject({ ownerId: staffId.nullable(), version });
export type OwnerChangeInput = z.input<typeof ownerChangeSchema>;

export const TIMELINE_KINDS = [
  "message_received",
  "message_added",
  "reply_sent",
  "stage_changed",
  "owner_changed",
  "task_created",
  "task_done",
  "task_reopened",
  "internal_note",
  "data_exported",
  "anonymised",
  /** A quote sent, accepted or rejected (`data.number`, `data.total`), an order placed or moved on. */
  "quote_sent",
  "quote_accepted",
  "quote_rejected",
  "order_created",
  "order_changed",
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** One line of a contact's timeline. */
export const timelineEventSchema = z.object({
  kind: z.enum(TIMELINE_KINDS),
  at: z.string(),
  /** Who did it (staff's display name); null for the client or the system. */
  actor: z.string().nullable(),
  /** The message it is about, when it is about one. */
  messageId: z.number().int().nullable(),
  /** What changed, by kind: `{from, to}` of a stage or owner, a reply's text, ... */
  data: z.record(z.string(), z.unknown()),
});
export type TimelineEvent = z.infer<typeof timelineEventSchema>;

/** `GET /api/clients/:id/timeline`: newest first. */
export const timelineSchema = z.object({ events: z.array(timelineEventSchema) });
