import { randomUUID } from "node:crypto";
import type { StaffRole } from "@app/shared/constants";
import { jwtVerify, SignJWT } from "jose";

// Access tokens: JWT signed and verified by jose with exactly one algorithm, HS256 (decision 024).
// jose refuses `alg: none` and any other algorithm before computing a signature; we also refuse any
// header field beyond the two we write, so `kid`/`jku`/`jwk`/`x5u` tricks never get a say.

export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ALGORITHM = "HS256";
const ISSUER = "floraprotect-api";
const AUDIENCE = "floraprotect-crm";
/** Longer tokens are refused before any parsing: ours are about 400 characters. */
const MAX_TOKEN_LENGTH = 2048;
/** A token issued by a server whose clock runs up to this far ahead is still accepted. */
const IAT_SKEW_SECONDS = 60;

export type AccessClaims = {
  iss: string;
  aud: string;
  sub: string;
  /** The session (refresh-token family) this token belongs to. */
  sid: string;
  role: StaffRole;
  typ: "access";
  jti: string;
  iat: number;
  exp: number;
};

export async function signAccessToken(
  subject: { userId: number; sessionId: string; role: StaffRole },
  secret: Uint8Array,
  now = Date.now(),
): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({ sid: subject.sessionId, role: subject.role, typ: "access" })
    .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(String(subject.userId))
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
    .sign(secret);
}

const OWN_HEADER_FIELDS = new Set(["alg", "typ"]);

/** The claims of a valid, unexpired access token of ours, or undefined for anything else. */
export async function verifyAccessToken(
  token: string,
  secret: Uint8Array,
  now = Date.now(),
): Promise<AccessClaims | undefined> {
  if (token.length > MAX_TOKEN_LENGTH) return undefined;
  let verified: Awaited<ReturnType<typeof jwtVerify<Partial<AccessClaims>>>>;
  try {
    verified = await jwtVerify<Partial<AccessClaims>>(token, secret, {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      typ: "JWT",
      currentDate: new Date(now),
      requiredClaims: ["sub", "jti", "iat", "exp"],
    });
  } catch {
    return undefined;
  }
  const { payload: claims, protectedHeader } = verified;
  if (Object.keys(protectedHeader).some((field) => !OWN_HEADER_FIELDS.has(field))) return undefined;
  const valid =
    claims.typ === "access" &&
    typeof claims.sub === "string" &&
    /^\d{1,10}$/.test(claims.sub) &&
    typeof claims.sid === "string" &&
    typeof claims.iat === "number" &&
    claims.iat <= Math.floor(now / 1000) + IAT_SKEW_SECONDS;
  return valid ? (claims as AccessClaims) : undefined;
}
