import type { Client } from "@app/shared";
import { formatPhone, nationalPart } from "@app/shared/phone";

// How a contact reads on screen. Zod-free.

export const fullName = (client: Pick<Client, "firstName" | "lastName">) =>
  `${client.firstName} ${client.lastName}`.trim();

/** The number after its country code, as the contact form takes it (`099 123 4567`). */
export const nationalNumber = (client: Pick<Client, "countryCode" | "phone">) =>
  nationalPart(client.phone, client.countryCode);

/** As people read it: `099 123 4567` in Ecuador, `+57 300 1234567` from elsewhere. */
export const phoneOf = (client: Pick<Client, "phone">) => formatPhone(client.phone);

/** "¿Eliminar a Ana Pérez y sus 3 mensajes?", counting what the row knows. */
export function deleteQuestion(name: string, messageCount: number, capped: boolean) {
  if (messageCount === 0) return `¿Eliminar a ${name}?`;
  if (messageCount === 1 && !capped) return `¿Eliminar a ${name} y su mensaje?`;
  return `¿Eliminar a ${name} y sus ${capped ? `${messageCount} o más` : messageCount} mensajes?`;
}
