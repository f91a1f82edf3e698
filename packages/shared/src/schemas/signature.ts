import { z } from "zod";
import { isSingleLine, isWellFormedText } from "../contact-rules.ts";
import { isInternationalPhone, SIGNATURE_LIMITS as L, SIGNATURE_MESSAGES as M } from "../reply-template-rules.ts";

// A staff member's signature under their replies (`Firma`): the name is the account's display name;
// job title, phone and WhatsApp are optional. An empty field means "not in the signature" (null).

const emptyIsNull = (text: string) => (text === "" ? null : text);

const singleLine = z
  .string()
  .trim()
  .refine(isSingleLine, { error: M.singleLine, abort: true })
  .refine(isWellFormedText, { error: M.badCharacters, abort: true });

export const jobTitleField = singleLine
  .max(L.jobTitle, { error: M.jobTitleTooLong })
  .transform((text) => emptyIsNull(text.normalize("NFC")))
  .nullable();

/** Kept as typed (its spaces make it readable in the email), with single spaces. */
export const signaturePhoneField = singleLine
  .max(L.phone, { error: M.phoneInvalid })
  .refine((text) => text === "" || isInternationalPhone(text), { error: M.phoneInvalid })
  .transform((text) => emptyIsNull(text.replace(/\s+/g, " ")))
  .nullable();

/** The three fields, as the Usuarios screen and `PUT /api/users/me/signature` take them. */
export const signatureFields = {
  jobTitle: jobTitleField.optional(),
  phone: signaturePhoneField.optional(),
  whatsapp: signaturePhoneField.optional(),
};

/** `PUT /api/users/me/signature`: the person's own signature; a field left out is cleared. */
export const signatureInputSchema = z.strictObject(signatureFields);
export type SignatureInput = z.input<typeof signatureInputSchema>;
export type SignatureValues = z.output<typeof signatureInputSchema>;

/** `GET` and `PUT /api/users/me/signature`: the signature as replies end with it. */
export const signatureSchema = z.object({
  displayName: z.string(),
  jobTitle: z.string().nullable(),
  phone: z.string().nullable(),
  whatsapp: z.string().nullable(),
});
