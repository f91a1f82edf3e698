import type { ContactDetails } from "@app/shared";
import { site } from "~/content/site";

/** schema.org Organization for search engines (JSON-LD). */
export function organizationJsonLd(contact: ContactDetails) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: site.legalName,
    alternateName: site.name,
    url: `${site.url}/`,
    logo: `${site.url}/favicon.svg`,
    email: contact.email,
    telephone: contact.phone,
    address: {
      "@type": "PostalAddress",
      streetAddress: contact.address.street,
      addressLocality: contact.address.city,
      addressRegion: contact.address.region,
      addressCountry: "EC",
    },
  };
}
