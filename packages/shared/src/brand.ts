// Who the supplier is and how to reach them. The web app's copy (apps/web/app/content/site.ts) and
// the API's emails both read it, so a new phone number is changed here once.
export const BRAND = {
  name: "FloraPro Ecuador",
  legalName: "FloraPro Ecuador S.A.",
  /** Shown to people as written; `tel:` links are derived from it. */
  phone: "+593 2 236 4100",
  whatsapp: "+593 99 123 4567",
  email: "info@florapro.ec",
  privacyEmail: "privacidad@florapro.ec",
  address: {
    street: "Av. Panamericana Norte km 5",
    city: "Cayambe",
    region: "Pichincha",
    country: "Ecuador",
  },
  hours: "Lunes a viernes, 08:00 a 17:30",
} as const;
