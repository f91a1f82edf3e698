import { REFRESH_COOKIE } from "@app/shared/constants";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { IssuedSession } from "./service.ts";

// The refresh token's cookie (decision 014): HttpOnly, Secure, SameSite=Strict, only sent to /api/auth.

const PATH = "/api/auth";

export function setRefreshCookie(reply: FastifyReply, session: IssuedSession, secure: boolean) {
  const maxAge = Math.max(1, Math.floor((session.refresh.expiresAt.getTime() - Date.now()) / 1000));
  reply.setCookie(REFRESH_COOKIE, session.refresh.refreshToken, {
    httpOnly: true,
    secure,
    sameSite: "strict",
    path: PATH,
    // Without "Recordarme" a session cookie: closing the browser ends it; the server's idle limit applies anyway.
    ...(session.remember ? { maxAge } : {}),
  });
}

export function clearRefreshCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(REFRESH_COOKIE, { httpOnly: true, secure, sameSite: "strict", path: PATH });
}

export function refreshCookieOf(request: FastifyRequest) {
  const value = request.cookies[REFRESH_COOKIE];
  return value && value.length <= 200 ? value : undefined;
}
