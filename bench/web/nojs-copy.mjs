// The reference the real pages are compared to: the same prerendered HTML and CSS with every script
// removed, served by a tiny static server that behaves like the real one (precompressed files, same
// content types and cache headers). Its LCP is what the page would score if JavaScript cost nothing.
import {
  cpSync,
  createReadStream,
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import http from "node:http";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const STAMP = ".build-stamp";

function stampOf(dir) {
  try {
    return readFileSync(path.join(dir, STAMP), "utf8").trim();
  } catch {
    return "";
  }
}

function listFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Copies the build once for the whole run: the real server and the no-JS copy then measure the same
 * bytes even if someone rebuilds apps/web in the meantime. Retries if a rebuild lands mid-copy.
 */
export function snapshotBuild(buildDir, dest) {
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    const before = stampOf(buildDir);
    rmSync(dest, { recursive: true, force: true });
    cpSync(buildDir, dest, { recursive: true });
    if (before && before === stampOf(buildDir) && before === stampOf(dest)) return before;
  }
  throw new Error(`${buildDir} kept changing while it was copied (is a build running?)`);
}

/** Same-origin files the HTML points at (href, src, srcSet) that the build does not contain. */
export function missingReferences(siteDir) {
  const missing = new Map();
  for (const file of listFiles(siteDir).filter((f) => f.endsWith(".html"))) {
    const html = readFileSync(file, "utf8");
    for (const [, url] of html.matchAll(/(?:href|src|srcSet|srcset|poster)="(\/[^"#?]+\.[a-z0-9]+)"/g)) {
      if (!existsSync(path.join(siteDir, url))) {
        const page = `/${path.relative(siteDir, path.dirname(file)).split(path.sep).join("/")}`;
        missing.set(url, [...(missing.get(url) ?? []), page]);
      }
    }
  }
  return missing;
}

const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script>/gi;
const MODULEPRELOAD = /<link\b[^>]*\brel=["']?modulepreload["']?[^>]*>/gi;

export function stripScripts(html) {
  return html.replace(SCRIPT, "").replace(MODULEPRELOAD, "");
}

/**
 * Copies the snapshot and removes scripts and modulepreloads from every page (CSS, images and the
 * poster preload stay). The pages' .br/.gz siblings are rewritten, or the server would send the old
 * HTML to every browser that accepts compression.
 */
export function makeNoJsCopy(siteDir, dest) {
  rmSync(dest, { recursive: true, force: true });
  cpSync(siteDir, dest, { recursive: true });
  let pages = 0;
  for (const file of listFiles(dest).filter((f) => f.endsWith(".html"))) {
    const html = stripScripts(readFileSync(file, "utf8"));
    writeFileSync(file, html);
    if (existsSync(`${file}.br`)) {
      writeFileSync(`${file}.br`, brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    }
    if (existsSync(`${file}.gz`)) writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
    pages += 1;
  }
  return pages;
}

// Mirrors apps/api/src/plugins/static-files.ts so both sides get the same headers.
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

function cacheControlOf(urlPath, contentType) {
  if (urlPath.startsWith("/assets/")) return "public, max-age=31536000, immutable";
  if (contentType.startsWith("text/html")) return "no-cache";
  return "public, max-age=604800, stale-while-revalidate=86400";
}

/** Maps a URL path to a file: directories and extension-less paths answer with their index.html. */
function resolveFile(root, urlPath) {
  const full = path.resolve(root, `.${urlPath}`);
  if (full !== root && !full.startsWith(`${root}${path.sep}`)) return undefined;
  const candidates = path.extname(full) ? [full] : [full, path.join(full, "index.html")];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile());
}

/** A minimal static server for the no-JS copy (HTTP/1.1 like the real one). */
export function serveStatic(root, port) {
  const server = http.createServer((request, response) => {
    let urlPath;
    try {
      urlPath = decodeURIComponent(new URL(request.url, "http://x").pathname);
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
    const headers = { "content-type": contentType, "cache-control": cacheControlOf(urlPath, contentType), etag };
    const accept = request.headers["accept-encoding"] ?? "";
    const encodings = [
      ["br", ".br"],
      ["gzip", ".gz"],
    ].filter(([, ext]) => existsSync(file + ext));
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
        url: `http://127.0.0.1:${server.address().port}`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
