// Zod-free constants: safe to import from any page without paying for zod in the browser.

export * from "./auth-rules.ts";
export * from "./brand.ts";
export * from "./contact-links.ts";
export * from "./contact-rules.ts";
export * from "./crm-rules.ts";
export * from "./live-events.ts";
export * from "./public-pages.ts";
export * from "./reply-template-rules.ts";
export * from "./rich-text.ts";
export * from "./second-factor-rules.ts";
export * from "./site-public.ts";
export * from "./site-rules.ts";
export * from "./wait-text.ts";

/** The 18 service types the contact form offers (spec section 3), in the spec's order. */
export const SERVICE_TYPE_TITLES = [
  "Bioestimulantes",
  "Danisaraba",
  "Chrysal VIVA",
  "Chrysal Intensive",
  "Chrysal Transport Stickers",
  "Chrysal AVB y AVB Booster",
  "Chrysal Arrive Alive",
  "Chrysal Essential",
  "Chrysal FreshLiner",
  "Chrysal HVB",
  "Chrysal RVB y RVB Clear",
  "Chrysal Solucion Inicial",
  "Chrysal EB Sheets",
  "Sistemas de Modelos Predictivos",
  "Aqua Care Technology",
  "Chrysal Rose Dip",
  "Long Storage Service",
  "Sea Freight Service",
] as const;

export type ServiceTypeTitle = (typeof SERVICE_TYPE_TITLES)[number];

/** Country-code presets of the contact form; "Otro" lets the person type another. */
export const COUNTRY_CODE_PRESETS = ["+593", "+1", "+57", "+56", "+51", "+31", "+81"] as const;
export const DEFAULT_COUNTRY_CODE = "+593";

/** A contact's details before anything is typed: the public form and the CRM's contact forms start here. */
export const EMPTY_CONTACT_DETAILS = {
  firstName: "",
  lastName: "",
  email: "",
  countryCode: DEFAULT_COUNTRY_CODE,
  phone: "",
  company: "",
};

export const DEFAULT_PAGE_SIZE = 10;
export const DEFAULT_SORT = "createdAt,desc";

/** Delays the spec fixes (section 9), in milliseconds. */
export const REQUEST_NAVIGATION_DELAY_MS = 200;
export const SCROLL_TO_SUCCESS_DELAY_MS = 100;
export const SEARCH_DEBOUNCE_MS = 300;

/** Header turns solid past this scroll offset; the desktop layout starts at this width. */
export const HEADER_SOLID_AFTER_PX = 50;
export const DESKTOP_MIN_WIDTH_PX = 768;

/** Version of the privacy notice a person accepts with the contact form (stored with the consent). */
export const PRIVACY_NOTICE_VERSION = "2026-11-22";
export * from "./sales-rules.ts";
export * from "./task-rules.ts";
