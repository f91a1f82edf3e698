import helmet from "@fastify/helmet";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

/** CSP for JSON answers: nothing may be loaded or framed from them. */
// object-src is named although default-src covers it: ASVS 5.0 3.4.3 asks for it on every response.
const API_CSP = "default-src 'none'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'";

const isApi = (request: FastifyRequest) => /^\/api(\/|\?|$)/.test(request.url);

/**
 * Security headers for every answer. The HTML pages set their own CSP (with the hashes of their
 * inline scripts, see static-site.ts); everything else gets the strict API policy.
 */
export const securityHeaders: FastifyPluginAsync = fp(async (app) => {
  await app.register(helmet, {
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // Browsers without CSP frame-ancestors read this one: both must say the same, never framed.
    frameguard: { action: "deny" },
    hsts: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  app.addHook("onSend", async (request, reply, payload) => {
    if (!reply.hasHeader("content-security-policy")) reply.header("content-security-policy", API_CSP);
    // A refusal or an error is about this request only (a 401 must not be served to the next
    // person from a cache, and neither must a 200 that a route meant to be public once failed).
    if (reply.statusCode >= 400) reply.header("cache-control", "no-store");
    // API answers hold staff's data: kept by no browser or proxy unless their route says otherwise
    // by setting its own Cache-Control (the public catalogue, the published site).
    else if (isApi(request) && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    return payload;
  });
});
