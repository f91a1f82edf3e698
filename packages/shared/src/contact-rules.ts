// The contact form's rules that need no zod: limits, the spec's Spanish messages (section 5), text
// checks and the auto-selection of requested titles (section 4). The zod schemas in
// schemas/contact.ts are built from these, so browser and API enforce the same thing.

import { normalizeTitle } from "./contact-links.ts";

/** RFC 5321: an address longer than this cannot be delivered. Every email field (contact, staff) stops here. */
export const EMAIL_MAX_LENGTH = 254;

export const CONTACT_LIMITS = {
  name: 100,
  company: 150,
  email: EMAIL_MAX_LENGTH,
  message: 2000,
  countryCode: 5,
  /** Spec section 9: phone numbers have 9 to 10 digits. */
  phoneDigitsMin: 9,
  phoneDigitsMax: 10,
  services: 18,
  sourceText: 500,
  honeypot: 500,
  /** Submissions filled faster than this are kept for review (a person needs longer). */
  minFillTimeMs: 3000,
  /** A form token older than this (a page left open over a day) sends the submission to review. */
  formTokenMaxAgeMs: 24 * 3_600_000,
  formToken: 100,
} as const;

/**
 * The hidden field of the contact form that carries the server's signed time of serving the page
 * (decision 046): the server fills it in the HTML, the browser app asks for one when its page has none.
 */
export const CONTACT_FORM_TOKEN_FIELD = "formToken";

/**
 * The full sentences of spec section 5 (the validation dialog lists them; the API returns them as
 * field details) and the short text shown under each field once it is touched.
 */
export const CONTACT_MESSAGES = {
  firstNameRequired: "El nombre es requerido",
  lastNameRequired: "El apellido es requerido",
  companyRequired: "Compañia es requerida",
  emailInvalid: "El correo electrónico es inválido",
  phoneRequired: "El número de teléfono es requerido",
  phoneDigits: "El número de teléfono debe tener 9 o 10 dígitos",
  phoneMismatch: "El teléfono debe ser el código de país seguido de 9 o 10 dígitos",
  servicesRequired: "Por favor selecciona al menos un producto o servicio de interés",
  servicesUnknown: "Hay productos o servicios que no existen",
  countryCodeInvalid: "El código de país debe ser + seguido de 1 a 4 dígitos",
  consentRequired: "Debes aceptar el aviso de privacidad para enviar tu mensaje",
  messageTooLong: `El mensaje no puede superar los ${CONTACT_LIMITS.message} caracteres`,
  nameTooLong: `El nombre y el apellido no pueden superar los ${CONTACT_LIMITS.name} caracteres`,
  companyTooLong: `El nombre de la empresa no puede superar los ${CONTACT_LIMITS.company} caracteres`,
  emailTooLong: `El correo electrónico no puede superar los ${CONTACT_LIMITS.email} caracteres`,
  singleLine: "El texto no puede contener saltos de línea ni caracteres de control",
  badCharacters: "El texto contiene caracteres no válidos",
} as const;

/** The order in which a form's problems are listed: the spec's (section 5), then ours. */
export const CONTACT_FIELD_ORDER = [
  "firstName",
  "lastName",
  "company",
  "email",
  "countryCode",
  "phone",
  "services",
  "message",
  "consent",
] as const;
export type ContactField = (typeof CONTACT_FIELD_ORDER)[number];

/** The titles of what the form tells a person after sending (its dialogs, or the page sent back without JavaScript). */
export const CONTACT_NOTICES = {
  validationTitle: "Revisa el formulario",
  validationIntro: "Para enviar tu mensaje completa lo siguiente:",
  failureTitle: "No se pudo enviar el mensaje",
  defaultFailure: "Ocurrió un error al enviar el mensaje. Por favor, intenta nuevamente.",
  keptText: "Lo que escribiste sigue en el formulario.",
} as const;

const M = CONTACT_MESSAGES;

/** What the form shows under a field for each sentence (spec section 5's short texts). */
const INLINE: Partial<Record<string, string>> = {
  [M.firstNameRequired]: "Requerido",
  [M.lastNameRequired]: "Requerido",
  [M.companyRequired]: "La compañía es requerida",
  [M.emailInvalid]: "Email inválido",
  [M.phoneRequired]: "Requerido",
  [M.phoneDigits]: "9-10 dígitos",
  [M.servicesRequired]: "Selecciona al menos un producto o servicio",
  [M.countryCodeInvalid]: "Código inválido",
  [M.consentRequired]: "Debes aceptar el aviso de privacidad",
  [M.messageTooLong]: `Máximo ${CONTACT_LIMITS.message} caracteres`,
  [M.nameTooLong]: `Máximo ${CONTACT_LIMITS.name} caracteres`,
  [M.companyTooLong]: `Máximo ${CONTACT_LIMITS.company} caracteres`,
  [M.emailTooLong]: `Máximo ${CONTACT_LIMITS.email} caracteres`,
  [M.singleLine]: "Sin saltos de línea",
  [M.badCharacters]: "Caracteres no válidos",
};

export const inlineMessage = (sentence: string) => INLINE[sentence] ?? sentence;

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_SINGLE_LINE = /[\u0000-\u001f\u007f\u2028\u2029]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Names, email, company: no line breaks (mail header injection) and no control characters. */
export const isSingleLine = (text: string) => !CONTROL_SINGLE_LINE.test(text);
/** A message may have line breaks and tabs, never NUL or other control characters. */
export const hasNoControlCharacters = (text: string) => !CONTROL_MULTI_LINE.test(text);
/** Half of a UTF-16 pair cannot be stored or mailed: PostgreSQL and SMTP reject it. */
export const isWellFormedText = (text: string) => !LONE_SURROGATE.test(text);

export const COUNTRY_CODE_PATTERN = /^\+\d{1,4}$/;
/** The national number once separators are gone: spec section 9's 9 to 10 digits. */
export const PHONE_DIGITS_PATTERN = new RegExp(
  `^\\d{${CONTACT_LIMITS.phoneDigitsMin},${CONTACT_LIMITS.phoneDigitsMax}}$`,
);

/** `099-123 4567` -> `0991234567`: people type separators, the rule counts digits. */
export const phoneDigitsOf = (typed: string) => typed.replace(/[\s\-().]/g, "");

/** Titles as the API receives them: one string joined by ", " (spec section 3). */
export const joinServiceList = (titles: readonly string[]) => titles.join(", ");
export const splitServiceList = (list: string) =>
  list
    .split(",")
    .map((title) => title.trim())
    .filter(Boolean);

const significantWords = (title: string) =>
  normalizeTitle(title)
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 2);

/**
 * Spec section 4: a title requested elsewhere on the site selects a service type, first by exact
 * title, then by partial match (one contains the other, or they share a word longer than 2 letters).
 * Accents and case are ignored, so "Solución Inicial" finds "Chrysal Solucion Inicial".
 */
export function matchServiceType(requested: string, titles: readonly string[]): string | undefined {
  const exact = titles.find((title) => title === requested);
  if (exact) return exact;
  const wanted = normalizeTitle(requested);
  if (!wanted) return undefined;
  const same = titles.find((title) => normalizeTitle(title) === wanted);
  if (same) return same;
  const contained = titles.find((title) => {
    const candidate = normalizeTitle(title);
    return candidate.includes(wanted) || wanted.includes(candidate);
  });
  if (contained) return contained;
  // Among titles sharing a word, the one sharing the rarest words wins: "Chrysal" is in most titles
  // and says little, "Dip" points at one.
  const words = new Set(significantWords(requested));
  const wordsOf = titles.map((title) => new Set(significantWords(title)));
  const frequency = (word: string) => wordsOf.filter((set) => set.has(word)).length;
  let best: { title: string; score: number } | undefined;
  titles.forEach((title, index) => {
    let score = 0;
    for (const word of wordsOf[index] ?? []) if (words.has(word)) score += 1 / frequency(word);
    if (score > 0 && (!best || score > best.score)) best = { title, score };
  });
  return best?.title;
}
