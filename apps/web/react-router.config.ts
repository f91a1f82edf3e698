import type { Config } from "@react-router/dev/config";
import { products } from "./app/content/products";
import { paths } from "./app/lib/paths";

// Public pages are prerendered to static HTML (fast first paint, crawlable); the CRM is a
// client-rendered SPA served from the fallback shell. See docs/decisions/003-prerender-and-spa.md.
export default {
  ssr: false,
  prerender: [
    paths.home,
    paths.products,
    ...products.map((product) => paths.product(product.slug)),
    paths.services,
    paths.contact,
    paths.contactThanks,
    paths.bonds,
    paths.insurance,
    paths.terms,
    paths.privacy,
    paths.login,
    paths.forgotPassword,
    paths.resetPassword,
  ],
} satisfies Config;
