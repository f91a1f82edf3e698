import type { ContactDetails } from "@app/shared";
import { BRAND } from "@app/shared/constants";

// The site's identity. Its name lives in packages/shared/src/brand.ts, because the API's emails need
// it too; how to reach the supplier is published content (`Datos de contacto` in `Sitio web`), which
// the pages read with useContactDetails().
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

export const formatAddress = ({ street, city, region, country }: ContactDetails["address"]) =>
  `${street}, ${city}, ${region}, ${country}`;
