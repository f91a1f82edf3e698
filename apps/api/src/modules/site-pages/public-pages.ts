import type { PublishedSite } from "@app/shared";
import { FIXED_PUBLIC_PAGES, productPath, UNLISTED_PAGES } from "@app/shared/constants";

// The public pages the server renders into its cache (the shared list, with one page per published
// product), and which of them the sitemap lists.

export function publicPages(site: PublishedSite) {
  return [...FIXED_PUBLIC_PAGES, ...site.products.map((product) => productPath(product.slug))];
}

export function sitemapXml(pages: string[], siteUrl: string, lastModified: Date) {
  const day = lastModified.toISOString().slice(0, 10);
  const urls = pages
    .filter((page) => !UNLISTED_PAGES.has(page))
    .sort()
    .map((page) => `  <url><loc>${siteUrl}${page}</loc><lastmod>${day}</lastmod></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export const robotsTxt = (siteUrl: string) =>
  `User-agent: *\nAllow: /\nDisallow: /crm\nDisallow: /api/\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
