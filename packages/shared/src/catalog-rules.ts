// The public catalogue's products, by the slug of their page (`/productos/<slug>`). The web app's
// content (apps/web/app/content/products.ts) gives each one its copy; the API only needs to know
// which slugs exist, to count taps on a product's WhatsApp button without trusting the browser.
// Zod-free, so public pages can import it.

export const PRODUCT_SLUGS = [
  "bioestimulantes",
  "danisaraba",
  "chrysal-viva",
  "chrysal-intensive",
  "chrysal-transport-stickers",
  "chrysal-avb",
  "chrysal-arrive-alive",
  "chrysal-essential",
  "chrysal-freshliner",
  "chrysal-hvb",
  "chrysal-rvb",
  "chrysal-solucion-inicial",
  "chrysal-eb-sheets",
] as const;

export type ProductSlug = (typeof PRODUCT_SLUGS)[number];
