// The reference the real pages are compared to: the same server-rendered HTML and CSS with every
// script removed, served by a tiny static server that behaves like the real one (precompressed files,
// same content types and cache headers). Its LCP is what the page would score if JavaScript cost nothing.
// The build has no HTML any more (the API renders the pages with the published content): the copy's
// pages are fetched from the running real server, after the publish step, so both sides show the
// same content.
import {
  cpSync,
  createReadStream,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import http from "node:http";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

// postbuild writes it last, into the browser's half of the build.
const STAMP = "client/.build-stamp";

/** @param {string} buildDir */
function stampOf(buildDir) {
  try {
    return readFileSync(path.join(buildDir, STAMP), "utf8").trim();
  } catch {
    return "";
  }
}

/**
 * The server build imports packages by name, and Node looks for them in the node_modules of every
 * directory above the importing file. Beside the build they come from the web app's own
 * node_modules (packages npm did not hoist, such as @hookform/resolvers), then the repository's. The
 * snapshot gets the same two: a link, next to it, to the web app's node_modules, and the
 * repository's above it (which is why the snapshot must stay inside the repository).
 * @param {string} buildDir
 * @param {string} dest
 */
function linkWebModules(buildDir, dest) {
  const webModules = path.join(path.dirname(buildDir), "node_modules");
  const link = path.join(path.dirname(dest), "node_modules");
  // A link is removed, never followed, by rmSync.
  rmSync(link, { recursive: true, force: true });
  if (existsSync(webModules)) symlinkSync(path.relative(path.dirname(link), webModules), link, "dir");
}

/**
 * Copies the whole build (`client` and `server`) once for the whole run: the real server and the
 * no-JS copy then measure the same bytes even if someone rebuilds apps/web in the meantime. Retries
 * if a rebuild lands mid-copy.
 * @param {string} buildDir
 * @param {string} dest
 */
export function snapshotBuild(buildDir, dest) {
  linkWebModules(buildDir, dest);
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    const before = stampOf(buildDir);
    rmSync(dest, { recursive: true, force: true });
    cpSync(buildDir, dest, { recursive: true });
    if (before && before === stampOf(buildDir) && before === stampOf(dest)) return before;
  }
  throw new Error(`${buildDir} kept changing while it was copied (is a build running?)`);
}

/**
 * GET of the real server; a redirect or an error status is an error (a page that is not there).
 * @param {string} baseUrl
 * @param {string} pathname
 */
async function fetchFrom(baseUrl, pathname) {
  const response = await fetch(`${baseUrl}${pathname}`, { redirect: "manual" });
  if (response.status !== 200) throw new Error(`GET ${pathname} on the real server answered ${response.status}`);
  return response;
}

/**
 * The pages to copy: those measured, those the run knows, and every page of the sitemap (the
 * product pages the copy's cards link to, including a product published by this run).
 * @param {string} baseUrl
 * @param {string[]} known
 */
export async function pagesToCopy(baseUrl, known) {
  const sitemap = await (await fetchFrom(baseUrl, "/sitemap.xml")).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc = ""]) => new URL(loc).pathname);
  return [...new Set([...known, ...listed])];
}

/**
 * Every page's HTML as the real server sends it (scripts and all), by path.
 * @param {string} baseUrl
 * @param {string[]} pathnames
 */
export async function fetchPages(baseUrl, pathnames) {
  /** @type {Map<string, string>} */
  const pages = new Map();
  for (const pathname of pathnames) pages.set(pathname, await (await fetchFrom(baseUrl, pathname)).text());
  return pages;
}

/**
 * Same-origin files the HTML points at (href, src, srcSet, poster), with the pages that do.
 * @param {Map<string, string>} pages
 */
function referencedFiles(pages) {
  /** @type {Map<string, string[]>} */
  const references = new Map();
  for (const [pathname, html] of pages) {
    for (const [, url = ""] of html.matchAll(/(?:href|src|srcSet|srcset|poster)="(\/[^"#?]+\.[a-z0-9]+)"/g)) {
      references.set(url, [...(references.get(url) ?? []), pathname]);
    }
  }
  return references;
}

/**
 * Referenced files that are not in the browser's build (pictures uploaded through the editor, or broken links).
 * @param {Map<string, string>} pages
 * @param {string} clientDir
 */
export function missingReferences(pages, clientDir) {
  return new Map([...referencedFiles(pages)].filter(([url]) => !existsSync(path.join(clientDir, url))));
}

const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script>/gi;
const MODULEPRELOAD = /<link\b[^>]*\brel=["']?modulepreload["']?[^>]*>/gi;

/** @param {string} html */
export function stripScripts(html) {
  return html.replace(SCRIPT, "").replace(MODULEPRELOAD, "");
}

/**
 * A text file with the compressed copies the real server keeps of every page (brotli 11, gzip -9).
 * @param {string} file
 * @param {string} text
 */
function writeCompressed(file, text) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(text, { level: 9 }));
}

/**
 * Where the static server finds a page: `/` is `index.html`, `/productos` is `productos/index.html`.
 * @param {string} dest
 * @param {string} pathname
 */
const pageFile = (dest, pathname) => path.join(dest, `.${pathname}`, "index.html");

/**
 * The copy: the snapshot's browser files (assets, images, media, with their .br/.gz), each page
 * without scripts and modulepreloads (CSS, images and the poster preload stay), and the sitemap and
 * robots.txt as the real server sends them (Lighthouse's SEO audits read robots.txt). Files the pages
 * reference that the build lacks but the real server serves (uploaded pictures) are fetched too;
 * those the real server does not serve either are returned, with the pages that point at them.
 * @param {{ baseUrl: string, clientDir: string, pages: Map<string, string>, dest: string }} copy
 */
export async function makeNoJsCopy({ baseUrl, clientDir, pages, dest }) {
  rmSync(dest, { recursive: true, force: true });
  cpSync(clientDir, dest, { recursive: true });
  for (const [pathname, html] of pages) writeCompressed(pageFile(dest, pathname), stripScripts(html));
  for (const name of ["/sitemap.xml", "/robots.txt"]) {
    writeCompressed(path.join(dest, name), await (await fetchFrom(baseUrl, name)).text());
  }
  const missing = [];
  for (const [url, from] of missingReferences(pages, clientDir)) {
    const response = await fetch(`${baseUrl}${url}`, { redirect: "manual" });
    if (response.status !== 200) {
      missing.push({ url, pages: [...new Set(from)] });
      continue;
    }
    mkdirSync(path.dirname(path.join(dest, url)), { recursive: true });
    writeFileSync(path.join(dest, url), Buffer.from(await response.arrayBuffer()));
  }
  return missing;
}

// Mirrors apps/api/src/plugins/static-files.ts so both sides get the same headers.
/** @type {Record<string, string>} */
const CONTENT_TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".webm": "video/webm",
  ".mp4": "video/mp4",
  ".woff2": "font/woff2",
};

/**
 * @param {string} urlPath
 * @param {string} contentType
 */
function cacheControlOf(urlPath, contentType) {
  if (urlPath.startsWith("/assets/")) return "public, max-age=31536000, immutable";
  if (contentType.startsWith("text/html")) return "no-cache";
  return "public, max-age=604800, stale-while-revalidate=86400";
}

/**
 * Maps a URL path to a file: directories and extension-less paths answer with their index.html.
 * @param {string} root
 * @param {string} urlPath
 */
function resolveFile(root, urlPath) {
  const full = path.resolve(root, `.${urlPath}`);
  if (full !== root && !full.startsWith(`${root}${path.sep}`)) return undefined;
  const candidates = path.extname(full) ? [full] : [full, path.join(full, "index.html")];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile());
}

/**
 * A minimal static server for the no-JS copy (HTTP/1.1 like the real one).
 * @param {string} root
 * @param {number} port
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export function serveStatic(root, port) {
  const server = http.createServer((request, response) => {
    let urlPath;
    try {
      urlPath = decodeURIComponent(new URL(request.url ?? "", "http://x").pathname);
    } catch {
      response.writeHead(400).end();
      return;
    }
    const file = resolveFile(root, urlPath);
    if (!file || (request.method !== "GET" && request.method !== "HEAD")) {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found");
      return;
    }
    const contentType = CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream";
    const { size, mtimeMs } = statSync(file);
    const etag = `"${size.toString(36)}-${Math.trunc(mtimeMs).toString(36)}"`;
    /** @type {Record<string, string | number>} */
    const headers = { "content-type": contentType, "cache-control": cacheControlOf(urlPath, contentType), etag };
    const accept = request.headers["accept-encoding"] ?? "";
    const encodings = /** @type {const} */ ([
      ["br", ".br"],
      ["gzip", ".gz"],
    ]).filter(([, ext]) => existsSync(file + ext));
    if (encodings.length > 0) headers.vary = "accept-encoding";
    if (request.headers["if-none-match"] === etag) {
      response.writeHead(304, headers).end();
      return;
    }
    const chosen = encodings.find(([name]) => new RegExp(`\\b${name}\\b`).test(accept));
    const body = chosen ? file + chosen[1] : file;
    if (chosen) headers["content-encoding"] = chosen[0];
    headers["content-length"] = statSync(body).size;
    response.writeHead(200, headers);
    if (request.method === "HEAD") response.end();
    else createReadStream(body).pipe(response);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      resolve({
        // Listening on a TCP port: its address is an AddressInfo.
        url: `http://127.0.0.1:${/** @type {import("node:net").AddressInfo} */ (server.address()).port}`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
