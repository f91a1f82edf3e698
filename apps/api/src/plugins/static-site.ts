import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import fp from "fastify-plugin";
import { sendNotFound } from "./error-handler.ts";
import { cacheControlOf, scanPagePolicies, uncompressedPath } from "./static-files.ts";

export type StaticSiteOptions = { root: string };

/** The shell React Router builds for the routes that are not prerendered (the CRM). */
const SPA_SHELL = "__spa-fallback.html";
const SPA_PREFIX = "/crm";

/**
 * Serves the built web app through @fastify/static (decision 025): it answers ranges, ETag and
 * Last-Modified revalidation and picks the precompressed `.br`/`.gz` copy. We add each page's CSP,
 * our cache rules, the SPA shell for the CRM and a redirect to `/` for unknown pages (the spec's
 * route table).
 */
export const staticSite = fp<StaticSiteOptions>(async (app, { root }) => {
  if (!existsSync(root)) {
    app.log.warn({ root }, "web build not found: only the API is served (run `npm run build`)");
    return;
  }
  const policies = scanPagePolicies(root);
  // Without a CRM shell in the build the home page stands in: it boots the same app.
  const crmShell = [SPA_SHELL, "index.html"].find((file) => existsSync(path.join(root, file)));

  await app.register(fastifyStatic, {
    root,
    // One route per file, listed at start: a request never makes the server look for a path it
    // was given, and unknown paths go straight to the not-found handler below.
    wildcard: false,
    // The compressed copies are chosen by Accept-Encoding, never asked for by name; the shell is
    // only the CRM's answer.
    globIgnore: ["**/*.br", "**/*.gz", SPA_SHELL],
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, file) {
      const original = uncompressedPath(file);
      reply.header("cache-control", cacheControlOf(path.relative(root, original).split(path.sep).join("/")));
      const policy = policies.get(original);
      if (policy) reply.header("content-security-policy", policy);
    },
  });

  // A range past the end is answered as an error; the API's error handler sends its own body, so
  // the Content-Range header (`bytes */size`) that tells the client the real size is kept here.
  app.addHook("onError", async (_request, reply, error) => {
    const contentRange = (error as { headers?: Record<string, string> }).headers?.["Content-Range"];
    if (error.statusCode === 416 && contentRange) reply.header("content-range", contentRange);
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return sendNotFound(request, reply);
    const pathname = request.url.split("?")[0] ?? "/";
    const isCrm = pathname === SPA_PREFIX || pathname.startsWith(`${SPA_PREFIX}/`);
    if (isCrm && crmShell) return reply.code(200).sendFile(crmShell);
    // A missing file is a 404; a missing page leads home, as the spec's route table says.
    if (/\.[a-z0-9]+$/i.test(pathname)) return sendNotFound(request, reply);
    return reply.redirect("/", 302);
  });
});
