import type { Contact, SubmittedDetails } from "@app/shared";

// "Datos distintos a los guardados" (decision 040): what a returning sender typed in the public form
// against the contact as stored, field by field. Zod-free.

type StoredDetails = Pick<Contact, "firstName" | "lastName" | "email" | "countryCode" | "phone" | "company">;

export type DetailDifference = { label: string; typed: string; stored: string };

const LABELS: [keyof SubmittedDetails, string][] = [
  ["firstName", "Nombre"],
  ["lastName", "Apellido"],
  ["email", "Correo electrónico"],
  ["countryCode", "Código de país"],
  ["phone", "Teléfono"],
  ["company", "Empresa"],
];

/** The fields where the typed details differ from the stored ones (the address's case counts), in the form's order. */
export function detailDifferences(typed: SubmittedDetails | null, stored: StoredDetails): DetailDifference[] {
  if (!typed) return [];
  return LABELS.filter(([field]) => typed[field] !== stored[field]).map(([field, label]) => ({
    label,
    typed: typed[field],
    stored: stored[field],
  }));
}
