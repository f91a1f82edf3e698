import "~/lib/zod-browser";
import { type Contact, contactFieldsSchema, newContactSchema } from "@app/shared";
import type { z } from "zod";
import { nationalNumber } from "./contact-format";

// The contact forms of the CRM use the API's own schemas (packages/shared): the public form's rules
// without consent; the number is typed without its country code.

export const contactFieldsFormSchema = contactFieldsSchema;
export type ContactFieldsFormInput = z.input<typeof contactFieldsFormSchema>;
export type ContactFieldsFormValues = z.output<typeof contactFieldsFormSchema>;

export const newContactFormSchema = newContactSchema;
export type NewContactFormInput = z.input<typeof newContactFormSchema>;
export type NewContactFormValues = z.output<typeof newContactFormSchema>;

export const CONTACT_DETAIL_FIELDS = ["firstName", "lastName", "email", "countryCode", "phone", "company"] as const;

/** A stored contact as the form shows it. */
export const contactDetailsOf = (contact: Contact): ContactFieldsFormInput => ({
  firstName: contact.firstName,
  lastName: contact.lastName,
  email: contact.email,
  countryCode: contact.countryCode,
  phone: nationalNumber(contact),
  company: contact.company,
});
