import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { inlineScriptHashes } from "./static-files.ts";

const INLINE = "window.__ctx = {a: 1};";
const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

function writeSite(root: string) {
  const put = (relative: string, body: string | Buffer) => {
    const file = path.join(root, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, body);
  };
  put(
    "index.html",
    `<!doctype html><title>Inicio</title><script>${INLINE}</script><script type="application/ld+json">{"a":1}</script>`,
  );
  put("productos/index.html", "<!doctype html><title>Productos</title>");
  put("__spa-fallback.html", "<!doctype html><title>CRM</title>");
  const js = "console.log('hola');".repeat(100);
  put("assets/app-abc123.js", js);
  put("assets/app-abc123.js.br", brotliCompressSync(js));
  put("assets/app-abc123.js.gz", gzipSync(js));
  put("media/clip.webm", Buffer.alloc(1000, 7));
}

describe("static site", () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), "site-"));
    writeSite(root);
    t = await createTestApp("pglite", { serveWeb: true, webDist: root });
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

  it("serves prerendered pages with a CSP that allows exactly their inline scripts", async () => {
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

  it("negotiates brotli, then gzip, and caches fingerprinted assets forever", async () => {
    const br = await get("/assets/app-abc123.js", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers.vary).toBe("accept-encoding");
    const gz = await get("/assets/app-abc123.js", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    const plain = await get("/assets/app-abc123.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain("console.log('hola');");
  });

  it("answers conditional requests with 304", async () => {
    const first = await get("/");
    const second = await get("/", { "if-none-match": String(first.headers.etag) });
    expect(second.statusCode).toBe(304);
  });

  it("serves byte ranges of media, and 416 past the end", async () => {
    const partial = await get("/media/clip.webm", { range: "bytes=100-199" });
    expect(partial.statusCode).toBe(206);
    expect(partial.headers["content-range"]).toBe("bytes 100-199/1000");
    expect(partial.rawPayload).toHaveLength(100);
    expect((await get("/media/clip.webm", { range: "bytes=5000-" })).statusCode).toBe(416);
  });

  it("serves the SPA shell for the CRM and sends unknown pages home", async () => {
    expect((await get("/crm")).body).toContain("<title>CRM</title>");
    expect((await get("/crm/mensajes")).body).toContain("<title>CRM</title>");
    const unknown = await get("/no-existe");
    expect(unknown.statusCode).toBe(302);
    expect(unknown.headers.location).toBe("/");
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
    expect(response.body).toBe("");
  });
});

describe("inlineScriptHashes", () => {
  it("hashes executable inline scripts only", () => {
    const html = `<script>a()</script><script src="/x.js"></script><script type="application/ld+json">{}</script><script type="module">b()</script>`;
    expect(inlineScriptHashes(html)).toEqual([sha("a()"), sha("b()")]);
  });
});
