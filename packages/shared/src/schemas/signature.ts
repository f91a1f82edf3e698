import { z } from "zod";
import { isSingleLine, isWellFormedText } from "../contact-rules.ts";
import { formatInternational, internationalToE164 } from "../phone-number.ts";
import { SIGNATURE_LIMITS as L, SIGNATURE_MESSAGES as M } from "../reply-template-rules.ts";

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

/**
 * Read by the same rules as a contact's number (a trunk 0 after the code is dropped), and kept
 * written as from abroad, with its spaces (`+593 99 123 4567`): readable in the email, diallable.
 */
export const signaturePhoneField = singleLine
  .max(L.phone, { error: M.phoneInvalid })
  .refine((text) => text === "" || internationalToE164(text) !== undefined, { error: M.phoneInvalid })
  .transform((text) => {
    const e164 = internationalToE164(text);
    return e164 ? formatInternational(e164) : null;
  })
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
