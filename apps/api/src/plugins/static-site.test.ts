import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, fakeRenderer, type TestApp } from "../../test/app.ts";
import { inlineScriptHashes } from "./static-files.ts";

const INLINE = "window.__ctx = {a: 1};";
const HOME = `<!doctype html><title>Inicio</title><script>${INLINE}</script><script type="application/ld+json">{"a":1}</script>`;
const JS = "console.log('hola');".repeat(100);
const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

function writeSite(root: string) {
  const put = (relative: string, body: string | Buffer) => {
    const file = path.join(root, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, body);
  };
  put("assets/app-abc123.js", JS);
  put("assets/app-abc123.js.br", brotliCompressSync(JS));
  put("assets/app-abc123.js.gz", gzipSync(JS));
  put("media/clip.webm", Buffer.alloc(1000, 7));
}

describe("static site", () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), "site-"));
    writeSite(root);
    const crm = "<!doctype html><title>CRM</title>";
    t = await createTestApp("pglite", { serveWeb: true, webDist: root }, undefined, {
      pageRenderer: fakeRenderer({
        "/": HOME,
        "/productos": "<!doctype html><title>Productos</title>",
        "/crm": crm,
        "/crm/mensajes": crm,
      }),
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

  it("serves the rendered pages with a CSP that allows exactly their inline scripts", async () => {
    const response = await get("/");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-cache");
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain(`script-src 'self' ${sha(INLINE)}`);
    expect(csp).not.toContain("unsafe-inline' 'sha");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.body).toContain("<title>Inicio</title>");
  });

  it("serves a page folder with and without a trailing slash", async () => {
    expect((await get("/productos")).body).toContain("Productos");
    expect((await get("/productos/")).body).toContain("Productos");
  });

  it("negotiates the precompressed copies by Accept-Encoding, always saying Vary: Accept-Encoding", async () => {
    const br = await get("/assets/app-abc123.js", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(br.headers["content-length"]).toBe(String(brotliCompressSync(JS).length));
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(JS);
    const gz = await get("/assets/app-abc123.js", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(JS);
    // A weight of zero refuses an encoding.
    const noBrotli = await get("/assets/app-abc123.js", { "accept-encoding": "br;q=0, gzip" });
    expect(noBrotli.headers["content-encoding"]).toBe("gzip");
    for (const response of [br, gz, noBrotli, await get("/assets/app-abc123.js")]) {
      expect(response.headers.vary).toMatch(/accept-encoding/i);
    }
    const plain = await get("/assets/app-abc123.js", { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(JS);
  });

  it("caches fingerprinted assets forever, pages never without revalidation, other files a week", async () => {
    expect((await get("/assets/app-abc123.js")).headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await get("/productos")).headers["cache-control"]).toBe("no-cache");
    expect((await get("/media/clip.webm")).headers["cache-control"]).toBe(
      "public, max-age=604800, stale-while-revalidate=86400",
    );
  });

  it("keeps a page's CSP and cache rule on its brotli copy", async () => {
    const response = await get("/", { "accept-encoding": "br" });
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(String(response.headers["content-security-policy"])).toContain(`script-src 'self' ${sha(INLINE)}`);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(HOME);
  });

  it("answers If-None-Match with 304: the ETag itself, a list containing it, *, and its strong form", async () => {
    const first = await get("/productos");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
    const strong = etag.replace(/^W\//, "");
    for (const condition of [etag, `"otra", ${etag}`, `"a","b" , ${etag}`, "*", strong, `W/${strong}`]) {
      const response = await get("/productos", { "if-none-match": condition });
      expect(response.statusCode, condition).toBe(304);
      expect(response.body, condition).toBe("");
      expect(response.headers.etag, condition).toBe(etag);
    }
    for (const condition of ['"otra"', '"otra", W/"tampoco"']) {
      expect((await get("/productos", { "if-none-match": condition })).statusCode, condition).toBe(200);
    }
    // The compressed copy has its own tag, so a cache never mixes the two bodies.
    const br = await get("/", { "accept-encoding": "br" });
    const plain = await get("/", { "accept-encoding": "identity" });
    expect(br.headers.etag).not.toBe(plain.headers.etag);
  });

  it("answers If-Modified-Since with 304 when nothing changed since, and 200 otherwise", async () => {
    const first = await get("/media/clip.webm");
    const lastModified = String(first.headers["last-modified"]);
    expect(new Date(lastModified).getTime()).not.toBeNaN();
    expect((await get("/media/clip.webm", { "if-modified-since": lastModified })).statusCode).toBe(304);
    const later = new Date(Date.parse(lastModified) + 60_000).toUTCString();
    expect((await get("/media/clip.webm", { "if-modified-since": later })).statusCode).toBe(304);
    const earlier = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    expect((await get("/media/clip.webm", { "if-modified-since": earlier })).statusCode).toBe(200);
    // If-None-Match wins over If-Modified-Since (RFC 9110 13.2.2).
    const stale = await get("/media/clip.webm", { "if-modified-since": lastModified, "if-none-match": '"otra"' });
    expect(stale.statusCode).toBe(200);
  });

  it("serves byte ranges of media, and 416 past the end", async () => {
    const full = await get("/media/clip.webm");
    expect(full.headers["accept-ranges"]).toBe("bytes");
    expect(full.headers["content-length"]).toBe("1000");
    const partial = await get("/media/clip.webm", { range: "bytes=100-199" });
    expect(partial.statusCode).toBe(206);
    expect(partial.headers["content-range"]).toBe("bytes 100-199/1000");
    expect(partial.headers["content-length"]).toBe("100");
    expect(partial.rawPayload).toHaveLength(100);
    const open = await get("/media/clip.webm", { range: "bytes=900-" });
    expect(open.headers["content-range"]).toBe("bytes 900-999/1000");
    const suffix = await get("/media/clip.webm", { range: "bytes=-10" });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.headers["content-range"]).toBe("bytes 990-999/1000");
    const beyond = await get("/media/clip.webm", { range: "bytes=5000-" });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers["content-range"]).toBe("bytes */1000");
    // A range on a file changed since the client's copy (If-Range) gets the whole file.
    const ifRange = await get("/media/clip.webm", { range: "bytes=0-9", "if-range": '"otra"' });
    expect(ifRange.statusCode).toBe(200);
    expect(ifRange.rawPayload).toHaveLength(1000);
  });

  it("serves the SPA shell for the CRM and sends unknown pages home", async () => {
    expect((await get("/crm")).body).toContain("<title>CRM</title>");
    expect((await get("/crm/mensajes")).body).toContain("<title>CRM</title>");
    const shell = await get("/crm/mensajes", { "accept-encoding": "gzip, br" });
    expect(shell.headers["cache-control"]).toBe("no-cache");
    expect(shell.headers["content-security-policy"]).toContain("script-src 'self'");
    const again = await get("/crm/mensajes", {
      "accept-encoding": "gzip, br",
      "if-none-match": String(shell.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    // A client-side navigation's data, rendered with the published content.
    const data = await get("/productos.data");
    expect(data.statusCode).toBe(200);
    expect(data.json()).toMatchObject({
      pathname: "/productos.data",
      products: expect.arrayContaining(["danisaraba"]),
    });
    // An unknown page is a 404 to crawlers; a person is taken home by the page itself, no script needed.
    for (const path of ["/no-existe", "/productos/no-existe", "/productos/no-existe/otra?x=1"]) {
      const unknown = await get(path);
      expect(unknown.statusCode, path).toBe(404);
      expect(unknown.headers.location, path).toBeUndefined();
      expect(unknown.headers["content-type"], path).toMatch(/^text\/html/);
      expect(unknown.headers["cache-control"], path).toBe("no-store");
      expect(unknown.body, path).toContain('<meta http-equiv="refresh" content="0; url=/">');
      expect(unknown.body, path).toContain('<a href="/">');
      expect(unknown.body, path).toContain('<meta name="robots" content="noindex">');
      expect(unknown.body, path).toContain('<html lang="es-EC">');
    }
    expect((await t.app.inject({ method: "HEAD", url: "/no-existe" })).statusCode).toBe(404);
  });

  it("gives 404, not a page, for missing files, traversal and other methods", async () => {
    expect((await get("/assets/missing.js")).statusCode).toBe(404);
    expect((await get("/../package.json")).statusCode).not.toBe(200);
    expect((await get("/%2e%2e/%2e%2e/package.json")).statusCode).not.toBe(200);
    const malformed = await get("/%E0%A4%A");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      statusCode: 400,
      error: "Bad Request",
      message: "La dirección solicitada no es válida.",
    });
    const post = await t.app.inject({ method: "POST", url: "/productos" });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ statusCode: 404 });
  });

  it("keeps API answers JSON even when the site is served", async () => {
    const response = await get("/api/no-existe");
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
  });

  it("answers HEAD with headers only", async () => {
    const response = await t.app.inject({ method: "HEAD", url: "/" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-length"]).toBe(String(Buffer.byteLength(HOME)));
    expect(response.headers["content-security-policy"]).toContain(sha(INLINE));
    expect(response.body).toBe("");
    const crm = await t.app.inject({ method: "HEAD", url: "/crm" });
    expect(crm.statusCode).toBe(200);
    expect(crm.body).toBe("");
  });
});

describe("inlineScriptHashes", () => {
  it("hashes executable inline scripts only", () => {
    const html = `<script>a()</script><script src="/x.js"></script><script type="application/ld+json">{}</script><script type="module">b()</script>`;
    expect(inlineScriptHashes(html)).toEqual([sha("a()"), sha("b()")]);
  });
});
