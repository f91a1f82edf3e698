import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import type { StaffRole } from "@app/shared/constants";

// Access tokens: JWT with exactly one algorithm, HS256. Verification compares the header with the one
// we issue byte for byte, so `alg: none`, RS256-with-a-public-key and `kid`/`jku` tricks are refused
// before any signature is computed.

export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ISSUER = "floraprotect-api";
const AUDIENCE = "floraprotect-crm";
const HEADER = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));

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

function base64url(text: string | Buffer) {
  return Buffer.from(text).toString("base64url");
}

function sign(input: string, secret: Buffer) {
  return createHmac("sha256", secret).update(input).digest();
}

export function signAccessToken(
  subject: { userId: number; sessionId: string; role: StaffRole },
  secret: Buffer,
  now = Date.now(),
) {
  const iat = Math.floor(now / 1000);
  const claims: AccessClaims = {
    iss: ISSUER,
    aud: AUDIENCE,
    sub: String(subject.userId),
    sid: subject.sessionId,
    role: subject.role,
    typ: "access",
    jti: randomUUID(),
    iat,
    exp: iat + ACCESS_TOKEN_SECONDS,
  };
  const body = `${HEADER}.${base64url(JSON.stringify(claims))}`;
  return `${body}.${sign(body, secret).toString("base64url")}`;
}

/** The claims of a valid, unexpired access token of ours, or undefined for anything else. */
export function verifyAccessToken(token: string, secret: Buffer, now = Date.now()): AccessClaims | undefined {
  if (token.length > 2048) return undefined;
  const parts = token.split(".");
  if (parts.length !== 3) return undefined;
  const [header, payload, signature] = parts as [string, string, string];
  if (header !== HEADER) return undefined;
  const expected = sign(`${header}.${payload}`, secret);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let claims: Partial<AccessClaims>;
  try {
    claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
  const seconds = Math.floor(now / 1000);
  const valid =
    claims.iss === ISSUER &&
    claims.aud === AUDIENCE &&
    claims.typ === "access" &&
    typeof claims.sub === "string" &&
    /^\d{1,10}$/.test(claims.sub) &&
    typeof claims.sid === "string" &&
    typeof claims.exp === "number" &&
    typeof claims.iat === "number" &&
    claims.exp > seconds &&
    claims.iat <= seconds + 60;
  return valid ? (claims as AccessClaims) : undefined;
}
