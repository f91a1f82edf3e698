import { createHash, randomBytes } from "node:crypto";
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

// The device cookie: a random id the browser keeps (HttpOnly, 400 days, only sent to /api/auth), so
// a sign-in from a device never seen before can be told to its owner. It proves nothing by itself.
const DEVICE_COOKIE = "fp_device";
const DEVICE_MAX_AGE = 400 * 24 * 60 * 60;

/** The browser's device: its cookie's SHA-256, and a new id to set when it had none (or a bad one). */
export function deviceOf(request: FastifyRequest) {
  const seen = devices.get(request);
  if (seen) return seen;
  const cookie = request.cookies[DEVICE_COOKIE];
  const known = cookie && /^[A-Za-z0-9_-]{20,64}$/.test(cookie) ? cookie : undefined;
  const id = known ?? randomBytes(24).toString("base64url");
  const device = { hash: createHash("sha256").update(id).digest("hex"), newId: known ? undefined : id };
  devices.set(request, device);
  return device;
}

/** One device per request, however often it is asked for. */
const devices = new WeakMap<FastifyRequest, { hash: string; newId: string | undefined }>();

/** Keeps a new device id, once a sign-in succeeded. */
export function setDeviceCookie(reply: FastifyReply, id: string, secure: boolean) {
  reply.setCookie(DEVICE_COOKIE, id, {
    httpOnly: true,
    secure,
    sameSite: "strict",
    path: PATH,
    maxAge: DEVICE_MAX_AGE,
  });
}
