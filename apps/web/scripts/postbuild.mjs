// After `react-router build`: write sitemap.xml and robots.txt from the prerendered pages, and
// precompress every text asset (brotli + gzip) so the server never compresses on the fly.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../build/client");
const siteUrl = (process.env.PUBLIC_URL ?? "http://localhost:3000").replace(/\/$/, "");
// Pages that may be found but are not worth listing: the staff sign-in (docs/decisions/008) and its
// password-recovery steps (also `noindex`), and the thanks page of the contact form.
const unlisted = new Set(["/login", "/recuperar-contrasena", "/restablecer-contrasena", "/contacto/gracias"]);

const files = readdirSync(root, { recursive: true })
  .map((relative) => path.join(root, relative))
  .filter((file) => statSync(file).isFile() && !/\.(br|gz)$/.test(file));

const pages = files
  .filter((file) => file.endsWith(`${path.sep}index.html`))
  .map((file) => `/${path.relative(root, path.dirname(file)).split(path.sep).join("/")}`.replace(/\/$/, "") || "/")
  .filter((page) => !unlisted.has(page))
  .sort();

// React Router puts a high-priority <link rel="modulepreload"> for every chunk in <head>, ahead of
// the stylesheet; Chrome then fetches ~120 KB of JS before it can paint. The module scripts still
// load (deferred, after the first paint) through their imports. Measured in bench/web: FCP on a text
// page 2.2 s -> 0.9 s under Lighthouse's mobile throttling.
// The bootstrap module itself imports every chunk statically, so their download starts while the
// HTML is parsed and competes with the stylesheet and the largest image (bench/web saw first and
// largest paints flip between 0.75 s and 1.2 s). The prerendered page needs no JS to be read and its
// links work without it: the bootstrap waits for the load event (HTML, CSS and the images the page
// shows at once) and the first contentful paint, then loads the same modules. The CRM shell keeps the original: it has nothing to
// show without JS.
const BOOTSTRAP = /<script type="module" async="">([\s\S]*?)<\/script>/;

function deferBootstrap(code) {
  const imports = [...code.matchAll(/^import (?:\* as (\w+) from )?"([^"]+)";$/gm)].map(([, name, url]) => ({
    name,
    url,
  }));
  const modules = /window\.__reactRouterRouteModules = (\{[^\n]*\});/.exec(code);
  const entry = /^import\("([^"]+)"\);$/m.exec(code);
  if (!modules || !entry || !imports.some((item) => item.name)) {
    throw new Error("postbuild: React Router's bootstrap script changed shape; update deferBootstrap()");
  }
  const names = imports.map((item) => item.name ?? "").join(",");
  const loads = imports.map((item) => `import(${JSON.stringify(item.url)})`).join(",");
  const start = `async()=>{const[${names}]=await Promise.all([${loads}]);window.__reactRouterRouteModules=${modules[1]};import(${JSON.stringify(entry[1])})}`;
  // After both the load event and the first contentful paint (Chrome may fire load before it paints).
  // A hidden tab paints nothing, and a browser without paint timing cannot say: they start at load,
  // or 3 s at most after the bootstrap runs.
  const wait = [
    "let waiting=2;const ready=()=>{if(--waiting===0)setTimeout(start)};",
    'document.readyState==="complete"?ready():addEventListener("load",ready,{once:true});',
    'const painted=()=>performance.getEntriesByName("first-contentful-paint").length>0;',
    'if(painted()||document.hidden||typeof PerformanceObserver!=="function")ready();',
    "else{let done=false;const once=()=>{if(!done){done=true;observer.disconnect();ready()}};",
    'const observer=new PerformanceObserver(()=>painted()&&once());observer.observe({type:"paint",buffered:true});',
    "setTimeout(once,3000)}",
  ].join("");
  return `const start=${start};${wait}`;
}

for (const file of files.filter((f) => f.endsWith(".html"))) {
  const html = readFileSync(file, "utf8");
  let next = html.replace(/<link rel="modulepreload"[^>]*>/g, "");
  if (!file.endsWith("__spa-fallback.html")) {
    next = next.replace(BOOTSTRAP, (_tag, code) => `<script type="module">${deferBootstrap(code)}</script>`);
  }
  if (next !== html) writeFileSync(file, next);
}

const today = new Date().toISOString().slice(0, 10);
const sitemap = path.join(root, "sitemap.xml");
const robots = path.join(root, "robots.txt");
writeFileSync(
  sitemap,
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${pages
    .map((page) => `  <url><loc>${siteUrl}${page === "/" ? "/" : page}</loc><lastmod>${today}</lastmod></url>`)
    .join("\n")}\n</urlset>\n`,
);
writeFileSync(robots, `User-agent: *\nAllow: /\nDisallow: /crm\nDisallow: /api/\n\nSitemap: ${siteUrl}/sitemap.xml\n`);

const compressible = /\.(html|js|css|svg|json|xml|txt|webmanifest)$/;
let count = 0;
for (const file of [...files, sitemap, robots]) {
  if (!compressible.test(file)) continue;
  const body = readFileSync(file);
  if (body.length < 512) continue;
  writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  count += 1;
}
// The stamp records what the build read from the environment: scripts/ensure-build.mjs rebuilds when
// it differs (a new PUBLIC_URL must change the canonical URLs baked into the pages).
writeFileSync(
  path.join(root, ".build-stamp"),
  `${JSON.stringify({ builtAt: new Date().toISOString(), inputs: { PUBLIC_URL: siteUrl } })}\n`,
);
console.log(`postbuild: ${pages.length} pages in sitemap.xml, ${count} files precompressed`);
