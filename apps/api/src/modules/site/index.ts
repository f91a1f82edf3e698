// The site's content, its public face: what other modules may use.
export { listRedirects } from "./repo.ts";
export { readContactDetails, readPublishedSite } from "./service.ts";
