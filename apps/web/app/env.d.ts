/** Public origin of the site, fixed at build time (PUBLIC_URL). */
declare const __SITE_URL__: string;
