// The rendered public pages, their public face: what other modules may use.
export type { SitePages } from "./site-pages.ts";
