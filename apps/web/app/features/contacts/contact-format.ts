import type { Contact } from "@app/shared";
import { formatPhone, nationalPart } from "@app/shared/phone";

// How a contact reads on screen. Zod-free.

export const fullName = (contact: Pick<Contact, "firstName" | "lastName">) =>
  `${contact.firstName} ${contact.lastName}`.trim();

/** The number after its country code, as the contact form takes it (`099 123 4567`). */
export const nationalNumber = (contact: Pick<Contact, "countryCode" | "phone">) =>
  nationalPart(contact.phone, contact.countryCode);

/** As people read it: `099 123 4567` in Ecuador, `+57 300 1234567` from elsewhere. */
export const phoneOf = (contact: Pick<Contact, "phone">) => formatPhone(contact.phone);

/** "¿Eliminar a Ana Pérez y sus 3 mensajes?", counting what the row knows. */
export function deleteQuestion(name: string, messageCount: number, capped: boolean) {
  if (messageCount === 0) return `¿Eliminar a ${name}?`;
  if (messageCount === 1 && !capped) return `¿Eliminar a ${name} y su mensaje?`;
  return `¿Eliminar a ${name} y sus ${capped ? `${messageCount} o más` : messageCount} mensajes?`;
}
