// The supplier's identity and contact channels: change them here and the whole site follows.
export const site = {
  name: "FloraPro Ecuador",
  legalName: "FloraPro Ecuador S.A.",
  tagline: "Soluciones Chrysal de poscosecha y protección de cultivos",
  description:
    "Distribuidor Chrysal en Ecuador: productos de poscosecha, protección de cultivos y servicios para floricultores y exportadores de flores.",
  url: __SITE_URL__,
  /** Shown to people as written; the `tel:` link is derived from it. */
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
  copyrightYear: 2025,
} as const;

/** `+593 2 236 4100` -> `tel:+59322364100`. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

/** WhatsApp click-to-chat link for a number written for people. */
export const whatsappHref = (phone: string) => `https://wa.me/${phone.replace(/\D/g, "")}`;

export const formattedAddress = `${site.address.street}, ${site.address.city}, ${site.address.region}, ${site.address.country}`;
