// The audit log's public face: what other modules may use.
export { recordAudit } from "./repo.ts";
