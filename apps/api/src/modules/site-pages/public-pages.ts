import type { PublishedSite } from "@app/shared";
import { CONTACT_THANKS_PATH } from "@app/shared/constants";

// The public pages the server renders into its cache (the web app's routes.ts, with one page per
// published product), and which of them the sitemap lists.

const FIXED_PAGES = [
  "/",
  "/productos",
  "/servicios",
  "/contacto",
  CONTACT_THANKS_PATH,
  "/fianzas",
  "/seguros",
  "/terminos",
  "/privacidad",
  "/login",
  "/recuperar-contrasena",
  "/restablecer-contrasena",
];

// Pages that may be found but are not worth listing: the staff sign-in (docs/decisions/008) and its
// password-recovery steps (also `noindex`), and the thanks page of the contact form.
const UNLISTED = new Set(["/login", "/recuperar-contrasena", "/restablecer-contrasena", CONTACT_THANKS_PATH]);

export const productPath = (slug: string) => `/productos/${slug}`;

export function publicPages(site: PublishedSite) {
  return [...FIXED_PAGES, ...site.products.map((product) => productPath(product.slug))];
}

export function sitemapXml(pages: string[], siteUrl: string, lastModified: Date) {
  const day = lastModified.toISOString().slice(0, 10);
  const urls = pages
    .filter((page) => !UNLISTED.has(page))
    .sort()
    .map((page) => `  <url><loc>${siteUrl}${page}</loc><lastmod>${day}</lastmod></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export const robotsTxt = (siteUrl: string) =>
  `User-agent: *\nAllow: /\nDisallow: /crm\nDisallow: /api/\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
