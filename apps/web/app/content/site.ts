import { BRAND } from "@app/shared/constants";

// The site's identity. Name, phones, emails and address live in packages/shared/src/brand.ts, because
// the API's emails need them too; change them there and the whole site and every email follow.
export const site = {
  ...BRAND,
  tagline: "Soluciones Chrysal de poscosecha y protección de cultivos",
  description:
    "Distribuidor Chrysal en Ecuador: productos de poscosecha, protección de cultivos y servicios para floricultores y exportadores de flores.",
  url: __SITE_URL__,
  copyrightYear: 2025,
} as const;

/** `+593 2 236 4100` -> `tel:+59322364100`. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

/** WhatsApp click-to-chat link for a number written for people. */
export const whatsappHref = (phone: string) => `https://wa.me/${phone.replace(/\D/g, "")}`;

export const formattedAddress = `${site.address.street}, ${site.address.city}, ${site.address.region}, ${site.address.country}`;
