import { CONTACT_THANKS_PATH } from "./contact-links.ts";

// The public site's addresses, written once: the web app links to them (app/lib/paths.ts), the
// server renders them into its page cache and lists them in the sitemap.

export const PUBLIC_PATHS = {
  home: "/",
  products: "/productos",
  services: "/servicios",
  contact: "/contacto",
  /** The contact form's thanks page (after sending it without JavaScript). */
  contactThanks: CONTACT_THANKS_PATH,
  bonds: "/fianzas",
  insurance: "/seguros",
  terms: "/terminos",
  privacy: "/privacidad",
  login: "/login",
  forgotPassword: "/recuperar-contrasena",
  resetPassword: "/restablecer-contrasena",
} as const;

/** A published product's own page. */
export const productPath = (slug: string) => `${PUBLIC_PATHS.products}/${slug}`;

/** Every public page but the products' own, in the order the server renders them. */
export const FIXED_PUBLIC_PAGES: readonly string[] = Object.values(PUBLIC_PATHS);

/**
 * Pages that may be found but are not worth listing in the sitemap: the staff sign-in (decision 008)
 * and its password-recovery steps (also `noindex`), and the thanks page of the contact form.
 */
export const UNLISTED_PAGES: ReadonlySet<string> = new Set([
  PUBLIC_PATHS.login,
  PUBLIC_PATHS.forgotPassword,
  PUBLIC_PATHS.resetPassword,
  PUBLIC_PATHS.contactThanks,
]);
