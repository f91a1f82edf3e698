// What each pass of the browser suite runs (scripts/e2e.mjs, playwright.config.ts).
//
// The specs whose screens read and write the database: the CRM, sign-in, the contact form's sending.
// When a PostgreSQL pass follows the PGlite one (CI: TEST_DATABASE_URL is set), they run at phone
// width on PGlite and at desktop width on PostgreSQL, so each runs at both widths and on both
// engines without running four times (docs/decisions/054-browser-passes.md).
export const DATABASE_SPECS = [
  "e2e/crm-",
  "e2e/contact-form-sending",
  "e2e/staff-",
  "e2e/password-reset",
  "e2e/second-factor",
  "e2e/reply-templates",
  "e2e/whatsapp",
  "e2e/security",
  "e2e/sales-",
];

/** Set on the PGlite pass when the PostgreSQL pass will run the database specs at desktop width. */
export const DESKTOP_ON_POSTGRES = "E2E_DESKTOP_DATABASE_SPECS_ON_POSTGRES";

/** A file path matches when it holds one of the prefixes above (Playwright's own test of a filter). */
export const DATABASE_SPEC_FILES = new RegExp(DATABASE_SPECS.map((prefix) => prefix.replace("/", "[\\\\/]")).join("|"));
