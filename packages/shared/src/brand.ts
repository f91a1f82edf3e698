// Who the supplier is: its name, as the site, the CRM and every email say it. How to reach it (phone,
// WhatsApp, email, address, hours) is content staff edit in `Sitio web` (`Datos de contacto`, kept
// in the database: docs/decisions/037), used by the pages, their JSON-LD and the emails alike.
export const BRAND = {
  name: "FloraPro Ecuador",
  legalName: "FloraPro Ecuador S.A.",
  /** Its RUC, printed on quotes: who makes the offer, as the SRI knows it. */
  ruc: "1792345677001",
  privacyEmail: "privacidad@florapro.ec",
} as const;
