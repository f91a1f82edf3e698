import type { FastifyReply, FastifyRequest } from "fastify";
import { jwtVerify, SignJWT } from "jose";
import type { AccessClaims } from "../accounts/index.ts";

// The event stream's credential (docs/decisions/029). EventSource cannot send an Authorization
// header, and the access token lives in the page's memory only (decision 014). So the page trades
// its access token for a pass: a JWT of its own audience that opens `GET /api/events` and nothing
// else, in an HttpOnly, SameSite=Strict cookie scoped to /api/events (never in a URL or a log), and
// expiring with the access token it was traded for.

export const LIVE_COOKIE = "fp_live";
const PATH = "/api/events";
const ALGORITHM = "HS256";
const ISSUER = "floraprotect-api";
const AUDIENCE = "floraprotect-live";
const MAX_PASS_LENGTH = 1024;
/**
 * A stream ends this long before the access token it came from: the screens reload through the API
 * with that token after an event, and must never need a refresh for it (the idle limit of decision
 * 014 is the person's activity, not the stream's).
 */
export const PASS_MARGIN_SECONDS = 30;

export type LivePass = {
  userId: number;
  sessionId: string;
  /** When the access token it was traded for was issued: nothing older is replayed. */
  authAt: Date;
  /** When the stream ends (the access token's expiry, less the margin). */
  until: Date;
};

export async function issuePass(claims: AccessClaims, secret: Uint8Array): Promise<LivePass & { token: string }> {
  const exp = claims.exp - PASS_MARGIN_SECONDS;
  const token = await new SignJWT({ sid: claims.sid, auth: claims.iat, typ: "live" })
    .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(secret);
  return {
    token,
    userId: Number(claims.sub),
    sessionId: claims.sid,
    authAt: new Date(claims.iat * 1000),
    until: new Date(exp * 1000),
  };
}

export async function verifyPass(token: string, secret: Uint8Array): Promise<LivePass | undefined> {
  if (token.length > MAX_PASS_LENGTH) return undefined;
  try {
    const { payload, protectedHeader } = await jwtVerify<{ sid?: unknown; auth?: unknown; typ?: unknown }>(
      token,
      secret,
      { algorithms: [ALGORITHM], issuer: ISSUER, audience: AUDIENCE, typ: "JWT", requiredClaims: ["sub", "exp"] },
    );
    if (Object.keys(protectedHeader).some((field) => field !== "alg" && field !== "typ")) return undefined;
    const { sub, sid, auth, typ, exp } = payload;
    if (typ !== "live" || typeof sid !== "string" || typeof auth !== "number" || typeof exp !== "number") {
      return undefined;
    }
    if (!sub || !/^\d{1,10}$/.test(sub)) return undefined;
    return { userId: Number(sub), sessionId: sid, authAt: new Date(auth * 1000), until: new Date(exp * 1000) };
  } catch {
    return undefined;
  }
}

export function setPassCookie(reply: FastifyReply, pass: LivePass & { token: string }, secure: boolean) {
  const maxAge = Math.max(1, Math.floor((pass.until.getTime() - Date.now()) / 1000));
  reply.setCookie(LIVE_COOKIE, pass.token, { httpOnly: true, secure, sameSite: "strict", path: PATH, maxAge });
}

export function passCookieOf(request: FastifyRequest) {
  const value = request.cookies[LIVE_COOKIE];
  return value && value.length <= MAX_PASS_LENGTH ? value : undefined;
}
