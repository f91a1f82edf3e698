// The accounts' public face: what other modules and the composition root may use.
export type { AccessClaims } from "./auth/jwt.ts";
export { verifyAccessToken } from "./auth/jwt.ts";
export { requireRecentProof } from "./auth/recent-proof.ts";
export { loadPrincipal } from "./auth/sessions.ts";
export { accountEmailRenderers } from "./email-renderers.ts";
export { activeContactStaff, findUserById, toSignature } from "./users/repo.ts";
