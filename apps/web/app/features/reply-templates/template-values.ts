import { joinServiceList, type TemplateValues } from "@app/shared/constants";
import type { ReplyRecipient } from "~/lib/reply-template-slot";

/** What the variables become in a reply to `recipient` written by `staffName`. */
export const templateValuesFor = (recipient: ReplyRecipient, staffName: string): TemplateValues => ({
  nombre: recipient.firstName,
  apellido: recipient.lastName,
  empresa: recipient.company,
  productos: joinServiceList(recipient.products),
  responsable: staffName,
});

/** Made-up values for the editor's preview: what a real reply would read like. */
export const EXAMPLE_VALUES: TemplateValues = {
  nombre: "Ana",
  apellido: "Quishpe",
  empresa: "Rosas del Valle",
  productos: "Chrysal RVB y RVB Clear, Sea Freight Service",
  responsable: "María Pérez",
};
