import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { cachedFile, withBestBrotli } from "./cached-file.ts";

const WORDS = ["rosa", "tallo", "botón", "florero", "hidratación", "poscosecha", "cubeta", "finca", "Cayambe", "envío"];
// A page of varied text, like a real one (a repeated line compresses too well to tell qualities apart).
const PAGE = `<!doctype html><title>Productos</title>${Array.from(
  { length: 3000 },
  (_, index) => `${WORDS[(index * 7) % WORDS.length]} ${index % 97}`,
).join(" ")}`;

describe("a cached page's copies", () => {
  it("are the page itself, compressed quickly first and at brotli's best after, under the same tags", async () => {
    const quick = await cachedFile(PAGE, "text/html; charset=utf-8", "default-src 'self'");
    expect(brotliDecompressSync(quick.copies.br?.body ?? Buffer.alloc(0)).toString()).toBe(PAGE);
    expect(gunzipSync(quick.copies.gzip?.body ?? Buffer.alloc(0)).toString()).toBe(PAGE);
    const best = await withBestBrotli(quick);
    expect(brotliDecompressSync(best.copies.br?.body ?? Buffer.alloc(0)).toString()).toBe(PAGE);
    expect(best.copies.br?.body.length).toBeLessThanOrEqual(quick.copies.br?.body.length ?? 0);
    // The same content: the weak tags stay, so a browser's copy of either is still good.
    expect(best.copies.br?.etag).toBe(quick.copies.br?.etag);
    expect(new Set([best.copies.identity.etag, best.copies.br?.etag, best.copies.gzip?.etag]).size).toBe(3);
    expect(best.csp).toBe("default-src 'self'");
  });
});
