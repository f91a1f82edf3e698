import "~/lib/zod-browser";
import { changePasswordRequestSchema, newPasswordField } from "@app/shared";
import { AUTH_LIMITS, AUTH_MESSAGES } from "@app/shared/constants";
import { z } from "zod";

// The password forms add a confirmation to the shared request schemas: typing the new password
// twice is a browser concern, the server judges the password itself (length, common list).

const mustMatch = (values: { newPassword: string; confirmPassword: string }) =>
  values.newPassword === values.confirmPassword;
const mismatch = { path: ["confirmPassword"], error: AUTH_MESSAGES.passwordMismatch };

export const resetPasswordFormSchema = z
  .object({ newPassword: newPasswordField, confirmPassword: z.string() })
  .refine(mustMatch, mismatch);
export type ResetPasswordFormValues = z.infer<typeof resetPasswordFormSchema>;

export const changePasswordFormSchema = changePasswordRequestSchema
  .extend({ confirmPassword: z.string() })
  .refine(mustMatch, mismatch);
export type ChangePasswordFormValues = z.infer<typeof changePasswordFormSchema>;

/** The advice under every new-password field (minimum 8, 15 recommended for staff accounts). */
export const NEW_PASSWORD_HINT = `Usa al menos ${AUTH_LIMITS.passwordRecommended} caracteres (mínimo ${AUTH_LIMITS.passwordMin}): una frase de varias palabras es fácil de recordar y difícil de adivinar.`;
