// The accounts' public face: what other modules and the composition root may use.
export { accountEmailRenderers } from "./email-renderers.ts";
export { findUserById } from "./users/repo.ts";
