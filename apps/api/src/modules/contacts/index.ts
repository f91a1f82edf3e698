// The contacts' public face: what other modules and the composition root may use.
export { contactEmailRenderers } from "./email-renderers.ts";
