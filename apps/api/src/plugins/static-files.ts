import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const CONTENT_TYPES: Record<string, string> = {
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

/** Files this small are kept in memory: the pages, scripts and styles are all well below it. */
const IN_MEMORY_MAX_BYTES = 512 * 1024;

export type Encoding = "br" | "gzip";

export type Variant = { file: string; size: number; body: Buffer | undefined };

export type StaticFile = {
  urlPath: string;
  contentType: string;
  cacheControl: string;
  etag: string;
  identity: Variant;
  encoded: Partial<Record<Encoding, Variant>>;
  /** HTML only: hashes of the inline scripts, for the page's Content-Security-Policy. */
  scriptHashes: string[];
};

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function variant(file: string): Variant {
  const { size } = statSync(file);
  return { file, size, body: size <= IN_MEMORY_MAX_BYTES ? readFileSync(file) : undefined };
}

/** `productos/index.html` answers `/productos`; any other file answers its own path. */
function urlPathOf(relative: string) {
  const posix = relative.split(path.sep).join("/");
  if (posix === "index.html") return "/";
  if (posix.endsWith("/index.html")) return `/${posix.slice(0, -"/index.html".length)}`;
  return `/${posix}`;
}

function cacheControlOf(urlPath: string, contentType: string) {
  // Vite fingerprints everything under /assets: it can be cached forever.
  if (urlPath.startsWith("/assets/")) return "public, max-age=31536000, immutable";
  // Pages must always be revalidated so a deploy is seen at once (the ETag makes that cheap).
  if (contentType.startsWith("text/html")) return "no-cache";
  return "public, max-age=604800, stale-while-revalidate=86400";
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g;

/** SHA-256 of every inline script that runs (JSON-LD data blocks do not execute). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", content = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/type=["']?application\/(ld\+)?json/.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(content).digest("base64")}'`);
  }
  return [...hashes];
}

/** Reads the built site once at start, so answering is a map lookup and never touches paths. */
export function scanStaticFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const all = listFiles(root);
  const present = new Set(all);
  for (const file of all) {
    if (file.endsWith(".br") || file.endsWith(".gz")) continue;
    const contentType = CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream";
    const identity = variant(file);
    const urlPath = urlPathOf(path.relative(root, file));
    const encoded: StaticFile["encoded"] = {};
    if (present.has(`${file}.br`)) encoded.br = variant(`${file}.br`);
    if (present.has(`${file}.gz`)) encoded.gzip = variant(`${file}.gz`);
    const mtime = statSync(file).mtimeMs;
    files.set(urlPath, {
      urlPath,
      contentType,
      cacheControl: cacheControlOf(urlPath, contentType),
      etag: `"${identity.size.toString(36)}-${Math.trunc(mtime).toString(36)}"`,
      identity,
      encoded,
      scriptHashes: contentType.startsWith("text/html")
        ? inlineScriptHashes((identity.body ?? readFileSync(file)).toString("utf8"))
        : [],
    });
  }
  return files;
}
