// The shared mailbox's public face: what other modules and the composition root may use.
export { inboundEmailRenderers } from "./email-renderers.ts";
