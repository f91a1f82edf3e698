import {
  getCountries,
  getCountryCallingCode,
  type PhoneNumber,
  parsePhoneNumberFromString,
} from "libphonenumber-js/min";
import { CONTACT_LIMITS, phoneDigitsOf } from "./contact-rules.ts";

// Telephone numbers, by the rules of libphonenumber (Google's, kept current by libphonenumber-js):
// stored in E.164 (`+593991234567`), shown as people of the country write them. One rule for the
// contact form, the contacts staff create and edit, and the numbers of a signature (decision 048).
// The public site never loads it: the form sends what was typed and the API stores it so.

/** The country calling code without its `+` (`+593` -> `593`). */
const callingCode = (countryCode: string) => countryCode.replace(/^\+/, "");

/** A possible number of a country, or undefined (the library throws on a calling code no country has). */
function read(text: string, defaultCallingCode?: string): PhoneNumber | undefined {
  try {
    const parsed = parsePhoneNumberFromString(text, defaultCallingCode ? { defaultCallingCode } : undefined);
    // An anonymised contact keeps its country code and zeros: no one's number.
    return parsed?.isPossible() && !/^0+$/.test(parsed.nationalNumber) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The number in E.164 from what a person typed after choosing a country code: the trunk prefix
 * people dial at home goes (Ecuador's `099...` is `+593 99...`), as the country's own rules say.
 * A number the rules cannot read as a possible one for that code (a code no country has, a length
 * no number of the country has) keeps the digits as typed after the code, as before: a lead is
 * never refused for it.
 */
export function toE164(countryCode: string, typed: string): string {
  const digits = phoneDigitsOf(typed);
  return read(digits, callingCode(countryCode))?.number ?? `${countryCode}${digits}`;
}

/**
 * A number stored before numbers were kept in E.164 (the code and the digits typed after it joined,
 * `+5930991234567`), in E.164; one stored otherwise (a number typed whole, or none) as it is.
 */
export const storedToE164 = (stored: string, countryCode: string) =>
  countryCode !== "" && stored.startsWith(countryCode) ? toE164(countryCode, stored.slice(countryCode.length)) : stored;

/**
 * A number typed whole, with its `+` and country code (a signature's): in E.164, its trunk prefix
 * dropped the same way (`+593 099 123 4567` is `+593991234567`); undefined when it is not a possible
 * number.
 */
export function internationalToE164(typed: string): string | undefined {
  const digits = phoneDigitsOf(typed);
  // Only a number: the library would otherwise find one inside any text ("... ext 2").
  const whole = /^\+\d+$/.test(digits) ? read(digits) : undefined;
  return whole && read(whole.nationalNumber, whole.countryCallingCode)?.number;
}

/** Where the business is: its numbers are shown as dialled at home, others as from abroad. */
const HOME_COUNTRY = "EC";

/**
 * A stored number as people read it: an Ecuadorian one as dialled in Ecuador (`099 123 4567`), any
 * other with its country code (`+57 300 1234567`); one the rules cannot read, as stored.
 */
export function formatPhone(stored: string): string {
  const parsed = read(stored);
  if (!parsed) return stored;
  return parsed.country === HOME_COUNTRY ? parsed.formatNational() : parsed.formatInternational();
}

/** A stored number with its country code, as an international caller reads it (`+593 99 123 4567`). */
export function formatInternational(stored: string): string {
  return read(stored)?.formatInternational() ?? stored;
}

/**
 * The number after its country code as a person of that country types it (`099 123 4567`), for a
 * form that asks for the code apart; the stored text after the code when the rules cannot read it.
 */
export function nationalPart(stored: string, countryCode: string): string {
  const parsed = read(stored);
  if (parsed && `+${parsed.countryCallingCode}` === countryCode) {
    // Without the trunk prefix where with it the number is longer than the form takes (Japan's 090-...).
    const national = parsed.formatNational();
    return national.replace(/\D/g, "").length <= CONTACT_LIMITS.phoneDigitsMax ? national : parsed.nationalNumber;
  }
  return stored.startsWith(countryCode) ? stored.slice(countryCode.length) : stored;
}

/** E.164 allows 15 digits at most; fewer than 8 with the country code is no line anywhere. */
const DIALLABLE = /^\+(?!\d{1,3}0+$)\d{8,15}$/;

let knownCodes: Set<string> | undefined;
/** Whether some country has this calling code (`+593`): then its rules decide. */
const isKnownCode = (stored: string) => {
  knownCodes ??= new Set(getCountries().map((country) => getCountryCallingCode(country)));
  return [1, 2, 3].some((length) => knownCodes?.has(stored.slice(1, 1 + length)));
};

/**
 * `tel:` and wa.me want the digits of E.164: those of a number the rules read; of one typed after
 * `Otro` under a code no country has, if it looks diallable; undefined when there is none.
 */
export function dialDigits(stored: string): string | undefined {
  const parsed = read(stored);
  if (parsed) return parsed.number.slice(1);
  return !isKnownCode(stored) && DIALLABLE.test(stored) ? stored.slice(1) : undefined;
}
