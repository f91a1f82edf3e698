import { z } from "zod";
import {
  COUNTRY_CODE_PATTERN,
  hasNoControlCharacters,
  isSingleLine,
  isWellFormedText,
  joinServiceList,
  CONTACT_LIMITS as L,
  CONTACT_MESSAGES as M,
  PHONE_DIGITS_PATTERN,
  phoneDigitsOf,
  splitServiceList,
} from "../contact-rules.ts";
import { messageResponseSchema } from "./common.ts";
import { requiredText } from "./text-field.ts";

// One rule per field, written once: the form composes them into contactFormSchema, the API into
// contactRequestSchema (spec sections 3 and 5).

/** Trimmed, NFC-normalised single-line text: required, bounded, no control characters. */
const singleLine = (required: string, tooLong: string, max: number) =>
  requiredText(max, { required, tooLong, badCharacters: M.badCharacters, lineBreak: M.singleLine }, "single");

export const firstNameField = singleLine(M.firstNameRequired, M.nameTooLong, L.name);
export const lastNameField = singleLine(M.lastNameRequired, M.nameTooLong, L.name);
export const companyField = singleLine(M.companyRequired, M.companyTooLong, L.company);

export const emailField = z
  .string({ error: M.emailInvalid })
  .trim()
  .max(L.email, { error: M.emailTooLong })
  .pipe(z.email({ error: M.emailInvalid }));

export const countryCodeField = z
  .string({ error: M.countryCodeInvalid })
  .trim()
  .regex(COUNTRY_CODE_PATTERN, { error: M.countryCodeInvalid });

/** The number as a person types it, without the country code: 9 or 10 digits once separators go. */
export const phoneNumberField = z
  .string({ error: M.phoneRequired })
  .transform(phoneDigitsOf)
  .pipe(
    z.string().min(1, { error: M.phoneRequired, abort: true }).regex(PHONE_DIGITS_PATTERN, { error: M.phoneDigits }),
  );

export const messageField = z
  .string({ error: M.badCharacters })
  .max(L.message, { error: M.messageTooLong })
  .refine(hasNoControlCharacters, { error: M.badCharacters })
  .refine(isWellFormedText, { error: M.badCharacters })
  .transform((text) => text.trim().normalize("NFC"));

const sourceText = z
  .string()
  .max(L.sourceText)
  .refine(isSingleLine, { error: M.singleLine })
  .refine(isWellFormedText, { error: M.badCharacters });

/** Where a request came from, as the form saw it; every part optional. */
const contactSourceSchema = z.strictObject({
  page: sourceText.optional(),
  referrer: sourceText.optional(),
  utmSource: sourceText.optional(),
  utmMedium: sourceText.optional(),
  utmCampaign: sourceText.optional(),
  utmTerm: sourceText.optional(),
  utmContent: sourceText.optional(),
  /** Titles the person asked about with "Solicitar información" before writing. */
  requested: z.array(sourceText).max(L.services).optional(),
});
export type ContactSource = z.infer<typeof contactSourceSchema>;

/** What the form holds while a person fills it. */
export const contactFormSchema = z.object({
  firstName: firstNameField,
  lastName: lastNameField,
  email: emailField,
  countryCode: countryCodeField,
  phone: phoneNumberField,
  company: companyField,
  message: messageField,
  services: z.array(z.string()).min(1, { error: M.servicesRequired }).max(L.services),
  consent: z.boolean().refine((given) => given, { error: M.consentRequired }),
  /** Honeypot: hidden from people, bots fill it. */
  website: z.string().max(L.honeypot),
});
export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactFormValues = z.output<typeof contactFormSchema>;

/**
 * `POST /api/client`: the spec's eight fields (section 3), plus what the form adds. Unknown keys are
 * refused (400) rather than dropped, so a client's typo is never silently lost.
 */
export const contactRequestSchema = z
  .strictObject({
    firstName: firstNameField,
    lastName: lastNameField,
    email: emailField,
    countryCode: countryCodeField,
    /** Country code and number joined, e.g. `+593991234567`. */
    phone: z
      .string({ error: M.phoneRequired })
      .transform(phoneDigitsOf)
      .pipe(z.string().min(1, { error: M.phoneRequired, abort: true })),
    company: companyField,
    message: messageField.optional().default(""),
    /** Titles joined by ", ". */
    serviceList: z
      .string({ error: M.servicesRequired })
      .max(L.services * 60)
      .refine(isSingleLine, { error: M.singleLine })
      .transform(splitServiceList)
      .pipe(z.array(z.string()).min(1, { error: M.servicesRequired }).max(L.services)),
    consent: z.boolean().optional(),
    website: z.string().max(L.honeypot).optional(),
    /** Milliseconds between the form opening and its submission, as the browser measured them. */
    fillTimeMs: z.number().int().min(0).max(86_400_000).optional(),
    /**
     * When the server served the form, signed by it (decision 046). Opaque here: a missing, forged or
     * expired one keeps the request for review rather than refusing it.
     */
    formToken: z.string().max(L.formToken).optional(),
    source: contactSourceSchema.optional(),
  })
  .superRefine((request, context) => {
    const national = request.phone.startsWith(request.countryCode)
      ? request.phone.slice(request.countryCode.length)
      : undefined;
    if (national === undefined || !PHONE_DIGITS_PATTERN.test(national)) {
      context.addIssue({ code: "custom", path: ["phone"], message: M.phoneMismatch });
    }
  });
export type ContactRequestInput = z.input<typeof contactRequestSchema>;
export type ContactRequest = z.output<typeof contactRequestSchema>;

export const contactResponseSchema = messageResponseSchema;
export type ContactResponse = z.infer<typeof contactResponseSchema>;

/** `GET /api/contact-form-token`: a token for a form whose page came without one (a client-side navigation). */
export const contactFormTokenSchema = z.object({ token: z.string() });
export type ContactFormToken = z.infer<typeof contactFormTokenSchema>;

/** The request body the form sends for what a person filled in. */
export function toContactRequest(
  values: ContactFormValues,
  extra: { fillTimeMs?: number; formToken?: string; source?: ContactSource },
): ContactRequestInput {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    countryCode: values.countryCode,
    phone: `${values.countryCode}${values.phone}`,
    company: values.company,
    message: values.message,
    serviceList: joinServiceList(values.services),
    consent: values.consent,
    website: values.website,
    ...extra,
  };
}
