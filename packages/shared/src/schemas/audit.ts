import { z } from "zod";
import { isSingleLine, isWellFormedText } from "../contact-rules.ts";
import { pagedSchema } from "./common.ts";

// The audit log (`Auditoría`, administrators only): what was done, by whom, to what, from where.

export const AUDIT_ACTIONS = [
  "login",
  "login_failed",
  "logout",
  "refresh_token_reuse",
  "password_changed",
  "password_reset_requested",
  "password_reset",
  "password_reset_limited",
  "account_locked",
  "account_unlocked",
  "login_throttled",
  "rate_limited",
  "second_factor_failed",
  "second_factor_added",
  "second_factor_removed",
  "second_factor_reset",
  "second_factor_policy_changed",
  "recovery_code_used",
  "recovery_codes_generated",
  "session_ended",
  "user_created",
  "user_updated",
  "user_password_set",
  "client_created",
  "client_updated",
  "client_deleted",
  "client_anonymised",
  "client_data_exported",
  "messages_exported",
  "message_created",
  "message_updated",
  "message_deleted",
  "message_discarded",
  "message_accepted",
  "message_status_changed",
  "message_replied",
  "client_stage_changed",
  "client_owner_changed",
  "clients_bulk_changed",
  "clients_bulk_undone",
  "lead_assignment_changed",
  "task_created",
  "task_changed",
  "note_created",
  "note_updated",
  "leads_retention",
  "reply_template_created",
  "reply_template_updated",
  "reply_template_deleted",
  "site_item_created",
  "site_item_published",
  "site_item_restored",
  "site_item_retired",
  "price_item_created",
  "price_item_updated",
  "company_created",
  "company_updated",
  "company_deleted",
  "company_merged",
  "company_person_linked",
  "company_person_unlinked",
  "opportunity_created",
  "opportunity_updated",
  "quote_created",
  "quote_updated",
  "quote_sent",
  "quote_answered",
  "order_created",
  "order_changed",
  "quotes_exported",
  "orders_exported",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The groups `Auditoría` filters by, in its order. */
export const AUDIT_CATEGORIES = ["acceso", "cuentas", "contactos", "ventas", "sitio"] as const;
export type AuditCategory = (typeof AUDIT_CATEGORIES)[number];

export const AUDIT_CATEGORY_LABELS: Record<AuditCategory, string> = {
  acceso: "Acceso y seguridad",
  cuentas: "Cuentas del personal",
  contactos: "Contactos y mensajes",
  ventas: "Ventas",
  sitio: "Sitio web y plantillas",
};

/** Which group each action belongs to: by its name's first word, with the exceptions listed. */
export function auditCategoryOf(action: AuditAction): AuditCategory {
  if (action === "second_factor_policy_changed" || action === "second_factor_reset") return "cuentas";
  if (action === "lead_assignment_changed") return "cuentas";
  if (action.startsWith("user_")) return "cuentas";
  if (/^(client|clients|message|messages|task|note|leads)_/.test(action)) return "contactos";
  if (/^(site_item|reply_template)_/.test(action)) return "sitio";
  if (/^(company|companies|price_item|quote|quotes|order|orders|opportunity)_/.test(action)) return "ventas";
  return "acceso";
}

const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** Who did it (null: nobody signed in, e.g. a failed sign-in). */
  actorUsername: z.string().nullable(),
  /** Whose account it concerns, when not the actor's. */
  targetUsername: z.string().nullable(),
  /** The contact it concerns; `name` is null once the contact was deleted. */
  client: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
  /** What changed, in Spanish: "De Nuevo a Cotización enviada", "Rol: Administrador". */
  summary: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = pagedSchema(auditEntrySchema);

const day = z.iso.date({ error: "Usa una fecha como 2026-11-29" });

/** `GET /api/audit-log`: a page, optionally of one group, one person's doing, or some days (Ecuador's). */
export const auditQuerySchema = z
  .object({
    page: z.coerce.number().int().min(0).max(100_000).default(0),
    size: z.coerce.number().int().min(1).max(100).default(20),
    category: z.enum(AUDIT_CATEGORIES, { error: "Grupo de acciones no válido" }).optional(),
    /** The username that did it, whatever its case. */
    /** A username: one line of text (a NUL byte would reach the database, which refuses it). */
    actor: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .refine((text) => isSingleLine(text) && isWellFormedText(text), { error: "Usuario no válido" })
      .optional(),
    from: day.optional(),
    to: day.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ["to"],
    error: "La fecha final debe ser igual o posterior a la inicial",
  });
export type AuditQuery = z.infer<typeof auditQuerySchema>;
