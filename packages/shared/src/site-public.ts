// What the public pages need of the site's rules (issue 17): the catalogue's tabs and badges, the
// addresses of uploaded pictures, the site's own videos, page addresses from titles. Apart from
// site-rules.ts (the editor's limits and messages), which the public pages' scripts never load.

/** The catalogue's two tabs: personales = "Protección de Cultivos", empresariales = "Postcosecha" (spec section 3). */
export const PRODUCT_TABS = ["personales", "empresariales"] as const;
export type ProductTab = (typeof PRODUCT_TABS)[number];
export const PRODUCT_TAB_LABELS: Record<ProductTab, string> = {
  personales: "Protección de Cultivos",
  empresariales: "Postcosecha",
};

export const PRODUCT_BADGES = ["Popular", "Nuevo"] as const;
export type ProductBadge = (typeof PRODUCT_BADGES)[number];

/** "Chrysal Solución Inicial" -> "chrysal-solucion-inicial": what the editor proposes for a new title. */
export const slugOf = (title: string) =>
  title
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

/**
 * The videos the site ships with (made by us, under public/media): a panel may show one in place of
 * its picture. Staff upload pictures, not videos.
 */
export const SITE_VIDEOS = {
  "aqua-care": {
    label: "Aqua Care: tratamiento de agua",
    src: "/media/aqua-care.webm",
    poster: "/media/aqua-care-poster.webp",
  },
} as const;
export type SiteVideo = keyof typeof SITE_VIDEOS;
export const SITE_VIDEO_NAMES = Object.keys(SITE_VIDEOS) as [SiteVideo, ...SiteVideo[]];

/**
 * Pictures staff upload (`POST /api/site/images`): JPEG, PNG or WebP of at most 15 MB. The server
 * keeps the original and serves copies without metadata, as AVIF and WebP, at each width up to the
 * original's (`/media/<id>-<width>.<avif|webp>`).
 */
export const SITE_IMAGE_LIMITS = {
  maxBytes: 15 * 1024 * 1024,
  types: ["image/jpeg", "image/png", "image/webp"],
  /** What `POST /api/site/images` reads as a file: the three, an SVG (refused by name), or bytes of no stated type. */
  uploadTypes: ["image/jpeg", "image/png", "image/webp", "image/svg+xml", "application/octet-stream"],
  widths: [320, 640, 960, 1280, 1920],
  /**
   * Larger pictures are refused from their header, before they are decoded: the widest copy is
   * 1,920 px, and 25 megapixels (a 24 MP camera's 6,000 x 4,000) already decode to 100 MB.
   */
  maxPixels: 25_000_000,
} as const;

/** `/media/12-960.webp`: one stored copy of an uploaded picture. */
export const MEDIA_FILE = /^(\d{1,10})-(\d{1,5})\.(avif|webp)$/;
export const mediaPath = (id: number, width: number, format: "avif" | "webp") => `/media/${id}-${width}.${format}`;
