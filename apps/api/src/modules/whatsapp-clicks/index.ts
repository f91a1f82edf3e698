// WhatsApp clicks' public face: what other modules may use.
export { clickSummary } from "./repo.ts";
