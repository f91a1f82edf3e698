import type { Contact } from "@app/shared";
import { dialDigits, storedToE164 } from "@app/shared/phone";

// The contact's WhatsApp chat, from their phone as stored (E.164: `+593991234567`). Zod-free.

export const NO_WHATSAPP_NUMBER = "Este contacto no tiene un número de teléfono válido para WhatsApp.";

export type WhatsappNumber = { ok: true; digits: string } | { ok: false; reason: string };

/** The contact's number as wa.me and `tel:` want it: E.164 without the `+`, or why there is none. */
export function whatsappNumber(contact: Pick<Contact, "countryCode" | "phone">): WhatsappNumber {
  const digits = dialDigits(storedToE164(contact.phone, contact.countryCode));
  return digits ? { ok: true, digits } : { ok: false, reason: NO_WHATSAPP_NUMBER };
}

/** A chat with `digits`, its first message already written. */
export const whatsappChatHref = (digits: string, text: string) =>
  `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
