import { z } from "zod";
import { AUTH_LIMITS, AUTH_MESSAGES as M, USERNAME_PATTERN } from "../auth-rules.ts";
import { EMAIL_MAX_LENGTH, isWellFormedText } from "../contact-rules.ts";
import { newPasswordField, staffRoleSchema, staffUserSchema } from "./auth.ts";
import { pagedSchema } from "./common.ts";
import { signatureFields } from "./signature.ts";

// Staff accounts (the CRM's "Usuarios" screen, administrators only) and the audit log.

/** A staff account as administrators see it: the signed-in shape plus state and dates. */
export const userAccountSchema = staffUserSchema.extend({
  active: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  /** The signature under their replies, besides the name (schemas/signature.ts). */
  jobTitle: z.string().nullable(),
  phone: z.string().nullable(),
  whatsapp: z.string().nullable(),
  /** Has a passkey or an authenticator app (never which secrets). */
  hasSecondFactor: z.boolean(),
});
export type UserAccount = z.infer<typeof userAccountSchema>;
export const userAccountListSchema = z.array(userAccountSchema);

const usernameField = z.string().trim().toLowerCase().regex(USERNAME_PATTERN, { error: M.usernameFormat });
const displayNameField = z
  .string()
  .trim()
  .min(1, { error: M.displayNameRequired })
  .max(AUTH_LIMITS.displayName)
  .refine((text) => !/[\p{Cc}]/u.test(text), { error: M.displayNameRequired })
  // Half a surrogate pair was stored as U+FFFD: refused like everywhere else (lone surrogates -> 400).
  .refine(isWellFormedText, { error: M.displayNameRequired });
const emailField = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH)
  .pipe(z.email({ error: M.emailInvalid }));

/** `POST /api/users`: the password given is temporary, to be changed at first sign-in. */
export const createUserRequestSchema = z.strictObject({
  username: usernameField,
  displayName: displayNameField,
  email: emailField.nullable().optional(),
  role: staffRoleSchema,
  password: newPasswordField,
  ...signatureFields,
});
export type CreateUserRequest = z.infer<typeof createUserRequestSchema>;

/** `PATCH /api/users/:id`: any of these. */
export const updateUserRequestSchema = z.strictObject({
  displayName: displayNameField.optional(),
  email: emailField.nullable().optional(),
  role: staffRoleSchema.optional(),
  active: z.boolean().optional(),
  ...signatureFields,
});
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

/** `POST /api/users/:id/password`: a temporary password the person must change at next sign-in. */
export const setTemporaryPasswordRequestSchema = z.strictObject({ password: newPasswordField });

const AUDIT_ACTIONS = [
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
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** Who did it (null: nobody signed in, e.g. a failed sign-in). */
  actorUsername: z.string().nullable(),
  /** Whose account it concerns, when not the actor's. */
  targetUsername: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = pagedSchema(auditEntrySchema);

export const auditQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

/** `GET /api/staff`: the active accounts by name, for choosing who follows a contact up (all staff). */
export const staffDirectorySchema = z.array(z.object({ id: z.number().int(), displayName: z.string() }));
export type StaffMember = z.infer<typeof staffDirectorySchema>[number];
