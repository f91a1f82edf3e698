// How a rendered public page loads its code (decisions 013 and 016), applied to each page before it
// is cached. React Router puts a high-priority <link rel="modulepreload"> for every chunk in <head>,
// ahead of the stylesheet; Chrome then fetches ~120 KB of JS before it can paint. The module scripts
// still load (deferred, after the first paint) through their imports. Measured in bench/web: FCP on
// a text page 2.2 s -> 0.9 s under Lighthouse's mobile throttling.
// The bootstrap module itself imports every chunk statically, so their download starts while the
// HTML is parsed and competes with the stylesheet and the largest image (bench/web saw first and
// largest paints flip between 0.75 s and 1.2 s). The page needs no JS to be read and its links work
// without it: the bootstrap waits for the load event (HTML, CSS and the images the page shows at
// once) and the first contentful paint, then loads the same modules. The CRM's shell keeps the
// original: it has nothing to show without JS.

const BOOTSTRAP = /<script type="module" async="">([\s\S]*?)<\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;

/** React Router's bootstrap script turned into one that starts after the load event and first paint. */
export function deferBootstrap(code: string) {
  const imports = [...code.matchAll(/^import (?:\* as (\w+) from )?"([^"]+)";$/gm)].map(([, name, url]) => ({
    name,
    url,
  }));
  const modules = /window\.__reactRouterRouteModules = (\{[^\n]*\});/.exec(code);
  const entry = /^import\("([^"]+)"\);$/m.exec(code);
  if (!modules || !entry || !imports.some((item) => item.name)) {
    throw new Error("React Router's bootstrap script changed shape; update deferBootstrap()");
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

/** A public page as visitors get it: no module preloads, its code loaded after the first paint. */
export function publicPageHtml(html: string) {
  return html
    .replace(MODULE_PRELOAD, "")
    .replace(BOOTSTRAP, (_tag, code: string) => `<script type="module">${deferBootstrap(code)}</script>`);
}

/** A CRM screen's shell: its code loads at once (it shows nothing without it), without the preloads' head start over the stylesheet. */
export function shellHtml(html: string) {
  return html.replace(MODULE_PRELOAD, "");
}

const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script>/g;

/** A page shown to staff only, in a frame that runs no script: without its scripts, kept out of search engines. */
export function previewHtml(html: string) {
  return html
    .replace(MODULE_PRELOAD, "")
    .replace(SCRIPT, "")
    .replace("<head>", '<head><meta name="robots" content="noindex, nofollow">');
}
