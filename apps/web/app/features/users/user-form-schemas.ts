import "~/lib/zod-browser";
import { createUserRequestSchema, setTemporaryPasswordRequestSchema, signatureInputSchema } from "@app/shared";
import { AUTH_MESSAGES, EMAIL_MAX_LENGTH } from "@app/shared/constants";
import { z } from "zod";

// The shared request schemas, shaped for forms: an empty email field means "no email".

const emailFormat = z.email();

export const newUserFormSchema = createUserRequestSchema.extend({
  email: z
    .string()
    .trim()
    .max(EMAIL_MAX_LENGTH)
    .refine((text) => text === "" || emailFormat.safeParse(text).success, { error: AUTH_MESSAGES.emailInvalid }),
});
export type NewUserFormInput = z.input<typeof newUserFormSchema>;
export type NewUserFormValues = z.output<typeof newUserFormSchema>;

export const toCreateUserRequest = ({ email, ...rest }: NewUserFormValues) => ({ ...rest, email: email || null });

export const temporaryPasswordFormSchema = setTemporaryPasswordRequestSchema;
export type TemporaryPasswordFormValues = z.infer<typeof temporaryPasswordFormSchema>;

/** What the person who receives a temporary password is told, and the admin who sets it. */
export const TEMPORARY_PASSWORD_HINT =
  "Mínimo 8 caracteres. Compártela por un medio seguro: la persona deberá cambiarla al iniciar sesión.";

/** Cargo, Teléfono, WhatsApp, as typed: an empty field leaves that line out of the signature. */
export const signatureFormSchema = signatureInputSchema;
export type SignatureFormInput = z.input<typeof signatureFormSchema>;
export type SignatureFormValues = z.output<typeof signatureFormSchema>;

/** A stored signature as the form shows it. */
export const signatureFormValuesOf = (stored: {
  jobTitle: string | null;
  phone: string | null;
  whatsapp: string | null;
}): SignatureFormInput => ({
  jobTitle: stored.jobTitle ?? "",
  phone: stored.phone ?? "",
  whatsapp: stored.whatsapp ?? "",
});
