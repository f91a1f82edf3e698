import type { Client } from "@app/shared";
import { nationalNumber } from "./contact-format";

// The contact's WhatsApp chat, from their phone as stored (country code, and the number typed after
// it, joined: `+5930991234567`). Zod-free.

/** E.164: at most 15 digits, the country code included. */
const E164_MAX_DIGITS = 15;
/** Fewer digits than this after the country code is no mobile line anywhere. */
const NATIONAL_MIN_DIGITS = 6;
/**
 * Where a leading 0 belongs to the number itself, also dialled from abroad (Italy). Elsewhere it is
 * the trunk prefix people type at home (Ecuador's `099...`) and international numbers leave it out.
 */
const KEEPS_LEADING_ZERO = new Set(["39"]);

export const NO_WHATSAPP_NUMBER = "Este contacto no tiene un número de teléfono válido para WhatsApp.";

export type WhatsappNumber = { ok: true; digits: string } | { ok: false; reason: string };

/** The contact's number as wa.me wants it: E.164 without the `+`, or why there is none. */
export function whatsappNumber(client: Pick<Client, "countryCode" | "phone">): WhatsappNumber {
  // A number stored whole with another country code (older data) is taken as it is.
  const whole = client.phone.trim().startsWith("+") && !client.phone.startsWith(client.countryCode);
  const country = whole ? "" : client.countryCode.replace(/\D/g, "");
  let rest = (whole ? client.phone : nationalNumber(client)).replace(/\D/g, "");
  if (!KEEPS_LEADING_ZERO.has(country)) rest = rest.replace(/^0+/, "");
  const digits = country + rest;
  // An anonymised contact keeps only zeros after its country code.
  const usable =
    (whole || country.length > 0) &&
    rest.length >= NATIONAL_MIN_DIGITS &&
    !/^0+$/.test(rest) &&
    digits.length <= E164_MAX_DIGITS;
  return usable ? { ok: true, digits } : { ok: false, reason: NO_WHATSAPP_NUMBER };
}

/** A chat with `digits`, its first message already written. */
export const whatsappChatHref = (digits: string, text: string) =>
  `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
