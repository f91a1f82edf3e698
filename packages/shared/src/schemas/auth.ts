import { z } from "zod";
import { AUTH_LIMITS, AUTH_MESSAGES as M, STAFF_ROLES } from "../auth-rules.ts";
import { EMAIL_MAX_LENGTH, hasNoControlCharacters, isWellFormedText } from "../contact-rules.ts";

// Staff sign-in (spec sections 2, 4, 7), the session calls and password changes.

export const staffRoleSchema = z.enum(STAFF_ROLES);

/** Who is signed in, as the browser needs it. */
export const staffUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  email: z.string().nullable(),
  role: staffRoleSchema,
  /** Set after an administrator gives a temporary password: only changing it is allowed. */
  mustChangePassword: z.boolean(),
  /** A second factor is required and this person has none yet: only enrolling one is allowed. */
  mustAddSecondFactor: z.boolean(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

/** `POST /api/auth/login`: the spec's {username, password}, plus "Recordarme". */
export const loginRequestSchema = z.strictObject({
  username: z
    .string()
    .trim()
    .min(1, { error: M.usernameRequired })
    .max(256)
    // NUL and half surrogate pairs cannot be compared in PostgreSQL (it answered a 500 before).
    .refine((text) => hasNoControlCharacters(text) && isWellFormedText(text), {
      error: "El usuario contiene caracteres no válidos",
    }),
  password: z.string().min(1, { error: M.passwordRequired }).max(1024),
  remember: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** What login and refresh answer: the spec's {accessToken, username, type} and more. */
export const sessionResponseSchema = z.object({
  accessToken: z.string(),
  username: z.string(),
  type: z.literal("Bearer"),
  /** Seconds until the access token expires. */
  expiresIn: z.number().int(),
  /**
   * For API clients. Left out for the browser (requests with the CSRF header, refreshes through the
   * cookie): the HttpOnly cookie holds it, where no script on the page can read it.
   */
  refreshToken: z.string().optional(),
  user: staffUserSchema,
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** `POST /api/auth/refresh-token` and `/logout`: empty for the browser (cookie), a token for API clients. */
export const refreshRequestSchema = z.strictObject({ refreshToken: z.string().min(1).max(200).optional() }).nullish();

/** A new password, judged the same everywhere: length here, the common-password list on the server. */
export const newPasswordField = z
  .string({ error: M.passwordTooShort })
  .min(AUTH_LIMITS.passwordMin, { error: M.passwordTooShort })
  .max(AUTH_LIMITS.passwordMax, { error: M.passwordTooLong });

export const changePasswordRequestSchema = z.strictObject({
  currentPassword: z.string().min(1, { error: M.passwordRequired }).max(1024),
  newPassword: newPasswordField,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const forgotPasswordRequestSchema = z.strictObject({
  email: z
    .string()
    .trim()
    .max(EMAIL_MAX_LENGTH)
    .pipe(z.email({ error: M.emailInvalid })),
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const resetPasswordRequestSchema = z.strictObject({
  token: z.string().min(1).max(200),
  newPassword: newPasswordField,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;
