import { createHash, randomBytes } from "node:crypto";

/** An opaque secret for a cookie or a link: 256 random bits. */
export function newOpaqueToken() {
  return randomBytes(32).toString("base64url");
}

/** Tokens are stored as SHA-256: a leaked table gives no usable token (they are random, no salt needed). */
export function tokenHash(token: string) {
  return createHash("sha256").update(token, "utf8").digest("base64url");
}

/** A session id that is safe to show in logs: it proves nothing on its own. */
export function newSessionId() {
  return randomBytes(16).toString("base64url");
}
