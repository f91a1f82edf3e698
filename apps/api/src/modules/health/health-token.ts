import { createHash, timingSafeEqual } from "node:crypto";

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * What a readiness request may see: `status` alone without credentials, `details` with
 * `Authorization: Bearer <HEALTH_TOKEN>`, and `refused` for any other credential (a monitor set up
 * with a wrong token hears so, instead of quietly getting less). Compared in constant time.
 */
export function readinessAccess(authorization: string | undefined, healthToken: string | undefined) {
  if (authorization === undefined) return "status" as const;
  const given = authorization.startsWith("Bearer ") ? authorization.slice(7).trim() : undefined;
  if (!given || !healthToken) return "refused" as const;
  return timingSafeEqual(digest(given), digest(healthToken)) ? ("details" as const) : ("refused" as const);
}
