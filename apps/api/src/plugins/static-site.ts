import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { sendCached } from "../modules/site-pages/cached-file.ts";
import type { SitePages } from "../modules/site-pages/site-pages.ts";
import { sendNotFound } from "./error-handler.ts";
import { sendNotFoundPage } from "./not-found-page.ts";
import { cacheControlOf, uncompressedPath } from "./static-files.ts";

export type StaticSiteOptions = { root: string; pages: SitePages };

const CRM_PREFIX = "/crm";
/** What a client-side navigation asks for a page's data: `/productos.data`, `/_root.data` for `/`. */
const DATA_SUFFIX = ".data";

/**
 * Serves the web app: its built files through @fastify/static (decision 025), which answers
 * ranges, ETag and Last-Modified revalidation and picks the precompressed `.br`/`.gz` copy, with our
 * cache rules; the pages from the page cache (docs/decisions/037), each with its CSP; the CRM's
 * screens as their loading shell; and for unknown pages a 404 that takes the person to `/`.
 */
export const staticSite = fp<StaticSiteOptions>(async (app, { root, pages }) => {
  await app.register(fastifyStatic, {
    root,
    // One route per file, listed at start: a request never makes the server look for a path it
    // was given, and unknown paths go straight to the not-found handler below.
    wildcard: false,
    // The compressed copies are chosen by Accept-Encoding, never asked for by name.
    globIgnore: ["**/*.br", "**/*.gz"],
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, file) {
      const original = uncompressedPath(file);
      reply.header("cache-control", cacheControlOf(path.relative(root, original).split(path.sep).join("/")));
    },
  });

  // A range past the end is answered as an error; the API's error handler sends its own body, so
  // the Content-Range header (`bytes */size`) that tells the client the real size is kept here.
  app.addHook("onError", async (_request, reply, error) => {
    const contentRange = (error as { headers?: Record<string, string> }).headers?.["Content-Range"];
    if (error.statusCode === 416 && contentRange) reply.header("content-range", contentRange);
  });

  // Pages are not files: the product pages come and go with what staff publish, so every path the
  // files do not answer is looked up here.
  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return sendNotFound(request, reply);
    const pathname = request.url.split("?")[0] ?? "/";
    const page = await pages.file(pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname);
    if (page) return sendCached(request, reply, page);
    // A product's old address (its slug changed): permanently where it is now.
    const moved = pages.redirect(pathname);
    if (moved) return reply.redirect(`${moved}${request.url.slice(pathname.length)}`, 301);
    if (pathname === CRM_PREFIX || pathname.startsWith(`${CRM_PREFIX}/`)) {
      return sendCached(request, reply, await pages.shell(pathname));
    }
    if (pathname.endsWith(DATA_SUFFIX)) return sendData(request, reply, pages);
    // A missing file is a 404; a missing page too, whose page leads home as the spec's route table says.
    if (/\.[a-z0-9]+$/i.test(pathname)) return sendNotFound(request, reply);
    return sendNotFoundPage(reply);
  });
});

/** A page's data for a client-side navigation, rendered from the published content the pages show. */
async function sendData(request: FastifyRequest, reply: FastifyReply, pages: SitePages) {
  const url = new URL(request.url, "http://site");
  const headers = new Headers();
  for (const name of ["accept", "accept-language"]) {
    const value = request.headers[name];
    if (typeof value === "string") headers.set(name, value);
  }
  const response = await pages.data(new Request(url, { headers }));
  reply.code(response.status);
  for (const [name, value] of response.headers) reply.header(name, value);
  reply.header("cache-control", "no-cache");
  return reply.send(Buffer.from(await response.arrayBuffer()));
}
