// Where the contact form is reached and sent, in a module of its own: every public page links to it
// (its header, `Solicitar información`), so it must not bring the form's rules along.

/** Where the form is sent without JavaScript (`<form method="post">`, URL-encoded). */
export const CONTACT_FORM_ACTION = "/contacto";
/** The page that thanks the person after sending the form without JavaScript. */
export const CONTACT_THANKS_PATH = "/contacto/gracias";

/** A title without accents, in lower case: how titles are compared. */
export const normalizeTitle = (title: string) =>
  title
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();

/**
 * A service type's title as a URL word: "Chrysal Solucion Inicial" -> `chrysal-solucion-inicial`.
 * `Solicitar información` links carry it (`/contacto?interes=<slug>`), so the form knows what was
 * asked about even where no script runs.
 */
export const serviceTypeSlug = (title: string) =>
  normalizeTitle(title)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

/** The title among `titles` whose slug is `slug`, if any. */
export const serviceTypeBySlug = (slug: string, titles: readonly string[]) =>
  titles.find((title) => serviceTypeSlug(title) === slug);
