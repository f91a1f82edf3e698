import { CONTACT_FORM_TOKEN_FIELD } from "@app/shared/constants";

// The contact form's token field in a rendered page (decision 046). The pages are rendered once into
// the page cache and served many times, so a token written at render time would only say when the
// site was published: the field is left empty there, and each page that has one is served with a
// token of the moment (`withFormToken`), made again each second at most.

/** A rendered page that holds the token field, cut where the token goes. */
export type TokenPage = { before: string; after: string };

const FIELD = new RegExp(`<input\\b(?=[^>]*\\bname="${CONTACT_FORM_TOKEN_FIELD}")`);

/** The page cut at its token field, or undefined when it has no contact form. */
export function tokenPageOf(html: string): TokenPage | undefined {
  const field = FIELD.exec(html);
  if (!field) return undefined;
  const at = field.index + field[0].length;
  return { before: html.slice(0, at), after: html.slice(at) };
}

/** The page with `token` in its field (a token is base36 digits, a dot and base64url: nothing to escape). */
export const withFormToken = (page: TokenPage, token: string) => `${page.before} value="${token}"${page.after}`;
