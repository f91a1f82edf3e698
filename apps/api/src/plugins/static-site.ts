import { createReadStream, existsSync } from "node:fs";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { sendNotFound } from "./error-handler.ts";
import { type Encoding, type StaticFile, scanStaticFiles, type Variant } from "./static-files.ts";

export type StaticSiteOptions = { root: string };

/** The shell React Router builds for the routes that are not prerendered (the CRM). */
const SPA_SHELL = "/__spa-fallback.html";
const SPA_PREFIX = "/crm";

function pageCsp(file: StaticFile) {
  return [
    "default-src 'self'",
    `script-src 'self' ${file.scriptHashes.join(" ")}`.trim(),
    // React sets style attributes (e.g. transitions); styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "media-src 'self'",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

function pickEncoding(file: StaticFile, acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  if (file.encoded.br && /\bbr\b/.test(acceptEncoding)) return "br";
  if (file.encoded.gzip && /\bgzip\b/.test(acceptEncoding)) return "gzip";
  return undefined;
}

/** Parses a single `bytes=a-b` range; browsers ask videos this way. */
function parseRange(header: string | undefined, size: number) {
  const match = header && /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, from = "", to = ""] = match;
  if (from === "" && to === "") return undefined;
  const start = from === "" ? Math.max(0, size - Number(to)) : Number(from);
  const end = from === "" || to === "" ? size - 1 : Math.min(Number(to), size - 1);
  return start <= end && start < size ? { start, end } : "unsatisfiable";
}

function send(request: FastifyRequest, reply: FastifyReply, file: StaticFile) {
  reply.header("content-type", file.contentType);
  reply.header("cache-control", file.cacheControl);
  reply.header("etag", file.etag);
  if (file.contentType.startsWith("text/html")) reply.header("content-security-policy", pageCsp(file));
  const hasEncodings = Object.keys(file.encoded).length > 0;
  if (hasEncodings) reply.header("vary", "accept-encoding");
  if (request.headers["if-none-match"] === file.etag) return reply.code(304).send();

  const encoding = pickEncoding(file, request.headers["accept-encoding"]);
  const chosen: Variant = encoding ? (file.encoded[encoding] as Variant) : file.identity;
  if (encoding) reply.header("content-encoding", encoding);

  const range = encoding ? undefined : parseRange(request.headers.range, chosen.size);
  reply.header("accept-ranges", encoding || hasEncodings ? "none" : "bytes");
  if (range === "unsatisfiable") {
    return reply.code(416).header("content-range", `bytes */${chosen.size}`).send();
  }
  const start = range?.start ?? 0;
  const end = range?.end ?? chosen.size - 1;
  if (range) reply.code(206).header("content-range", `bytes ${start}-${end}/${chosen.size}`);
  reply.header("content-length", end - start + 1);
  if (request.method === "HEAD") return reply.send();
  if (chosen.body) return reply.send(range ? chosen.body.subarray(start, end + 1) : chosen.body);
  return reply.send(createReadStream(chosen.file, { start, end }));
}

/**
 * Serves the built web app: prerendered pages, precompressed assets with long-lived cache headers,
 * the SPA shell for the CRM, and a redirect to `/` for unknown pages (the spec's route table).
 */
export const staticSite = fp<StaticSiteOptions>(async (app, { root }) => {
  if (!existsSync(root)) {
    app.log.warn({ root }, "web build not found: only the API is served (run `npm run build`)");
    return;
  }
  const files = scanStaticFiles(root);
  const spaShell = files.get(SPA_SHELL) ?? files.get("/");

  app.setNotFoundHandler((request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return sendNotFound(request, reply);
    let pathname: string;
    try {
      pathname = decodeURIComponent(request.url.split("?")[0] ?? "/");
    } catch {
      return sendNotFound(request, reply);
    }
    if (pathname.length > 1 && pathname.endsWith("/")) pathname = pathname.slice(0, -1);
    const file = files.get(pathname);
    if (file && pathname !== SPA_SHELL) return send(request, reply, file);
    const isCrm = pathname === SPA_PREFIX || pathname.startsWith(`${SPA_PREFIX}/`);
    if (isCrm && spaShell) return send(request, reply, spaShell);
    // A missing file is a 404; a missing page leads home, as the spec's route table says.
    if (/\.[a-z0-9]+$/i.test(pathname)) return sendNotFound(request, reply);
    return reply.redirect("/", 302);
  });
});
