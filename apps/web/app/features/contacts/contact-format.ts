import type { Client } from "@app/shared";

// How a contact reads on screen. Zod-free.

export const fullName = (client: Pick<Client, "firstName" | "lastName">) =>
  `${client.firstName} ${client.lastName}`.trim();

/** The number without its country code, as the contact form takes it. */
export function nationalNumber(client: Pick<Client, "countryCode" | "phone">) {
  return client.phone.startsWith(client.countryCode) ? client.phone.slice(client.countryCode.length) : client.phone;
}

/** "+593 991234567". */
export function phoneOf(client: Pick<Client, "countryCode" | "phone">) {
  return client.phone.startsWith(client.countryCode) ? `${client.countryCode} ${nationalNumber(client)}` : client.phone;
}

/** "¿Eliminar a Ana Pérez y sus 3 mensajes?", counting what the row knows. */
export function deleteQuestion(name: string, messageCount: number, capped: boolean) {
  if (messageCount === 0) return `¿Eliminar a ${name}?`;
  if (messageCount === 1 && !capped) return `¿Eliminar a ${name} y su mensaje?`;
  return `¿Eliminar a ${name} y sus ${capped ? `${messageCount} o más` : messageCount} mensajes?`;
}
