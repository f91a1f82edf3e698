import { createHash } from "node:crypto";

/** Cache rules by what a file is (the path is relative to the build's root, with `/`). */
export function cacheControlOf(relativePath: string) {
  // Vite fingerprints everything under /assets: it can be cached forever.
  if (relativePath.startsWith("assets/")) return "public, max-age=31536000, immutable";
  // Pages must always be revalidated so a deploy is seen at once (the ETag makes that cheap).
  if (relativePath.endsWith(".html")) return "no-cache";
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

/** A page's policy: scripts from our origin plus exactly the inline scripts the page contains. */
export function pageCsp(scriptHashes: string[]) {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(" ")}`.trim(),
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

/** The file a precompressed copy stands for (`a.html.br` -> `a.html`). */
export function uncompressedPath(file: string) {
  return file.replace(/\.(br|gz)$/, "");
}
