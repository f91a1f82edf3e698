// The contacts' public face: what other modules and the composition root may use.
export { ANONYMISED_EMAIL_DOMAIN, anonymiseClientRows } from "./anonymise.ts";
export { contactEmailRenderers } from "./email-renderers.ts";
export { activeOwner, UnknownOwnerError } from "./pipeline.ts";
export { insertContactEvent, lockPipeline } from "./pipeline-repo.ts";
export { refreshClientListing } from "./repo.ts";
export type { Actor } from "./service.ts";
export { IN_REVIEW, VISIBLE } from "./tables.ts";
