import { z } from "zod";
import { AUTH_LIMITS, AUTH_MESSAGES as M, USERNAME_PATTERN } from "../auth-rules.ts";
import { EMAIL_MAX_LENGTH, isWellFormedText } from "../contact-rules.ts";
import { newPasswordField, staffRoleSchema, staffUserSchema } from "./auth.ts";
import { signatureFields } from "./signature.ts";

// Staff accounts (the CRM's "Usuarios" screen, administrators only).

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

/** `GET /api/staff`: the active accounts by name, for choosing who follows a contact up (all staff). */
export const staffDirectorySchema = z.array(z.object({ id: z.number().int(), displayName: z.string() }));
export type StaffMember = z.infer<typeof staffDirectorySchema>[number];
