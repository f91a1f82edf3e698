import "~/lib/zod-browser";
import { type Client, clientDetailsSchema, newClientSchema } from "@app/shared";
import type { z } from "zod";
import { nationalNumber } from "./contact-format";

// The contact forms of the CRM use the API's own schemas (packages/shared): the public form's rules
// without consent; the number is typed without its country code.

export const contactDetailsFormSchema = clientDetailsSchema;
export type ContactDetailsFormInput = z.input<typeof contactDetailsFormSchema>;
export type ContactDetailsFormValues = z.output<typeof contactDetailsFormSchema>;

export const newContactFormSchema = newClientSchema;
export type NewContactFormInput = z.input<typeof newContactFormSchema>;
export type NewContactFormValues = z.output<typeof newContactFormSchema>;

export const CONTACT_DETAIL_FIELDS = ["firstName", "lastName", "email", "countryCode", "phone", "company"] as const;

/** A stored contact as the form shows it. */
export const contactDetailsOf = (client: Client): ContactDetailsFormInput => ({
  firstName: client.firstName,
  lastName: client.lastName,
  email: client.email,
  countryCode: client.countryCode,
  phone: nationalNumber(client),
  company: client.company,
});
