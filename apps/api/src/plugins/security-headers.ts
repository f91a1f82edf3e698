import helmet from "@fastify/helmet";
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";

/** CSP for JSON answers: nothing may be loaded or framed from them. */
// object-src is named although default-src covers it: ASVS 5.0 3.4.3 asks for it on every response.
const API_CSP = "default-src 'none'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/**
 * Security headers for every answer. The HTML pages set their own CSP (with the hashes of their
 * inline scripts, see static-site.ts); everything else gets the strict API policy.
 */
export const securityHeaders: FastifyPluginAsync = fp(async (app) => {
  await app.register(helmet, {
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    hsts: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    if (!reply.hasHeader("content-security-policy")) reply.header("content-security-policy", API_CSP);
    return payload;
  });
});
