import type { MetaDescriptor } from "react-router";
import { site } from "~/content/site";

export type PageMetaInput = {
  title: string;
  description: string;
  path: string;
  image?: string;
};

/** Title, description, canonical and link-preview tags for one page. */
export function pageMeta({ title, description, path, image }: PageMetaInput): MetaDescriptor[] {
  const url = `${site.url}${path === "/" ? "/" : path}`;
  const fullTitle = path === "/" ? `${site.name} | ${site.tagline}` : `${title} | ${site.name}`;
  const imageUrl = `${site.url}${image ?? "/images/og-image.jpg"}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: "es_EC" },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
