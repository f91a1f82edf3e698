import type { PublishedSite } from "@app/shared";
import type { FastifyBaseLogger } from "fastify";
import { inlineScriptHashes, pageCsp } from "../../plugins/static-files.ts";
import { previewHtml, publicPageHtml, shellHtml } from "./bootstrap.ts";
import { type CachedFile, cachedFile, withBestBrotli } from "./cached-file.ts";
import { type TokenPage, tokenPageOf, withFormToken } from "./form-token-field.ts";
import { publicPages, robotsTxt, sitemapXml } from "./public-pages.ts";
import type { PageRenderer } from "./web-renderer.ts";

// The page cache of docs/decisions/037: every public page rendered with the published content, held
// in memory with its compressed copies and its CSP. Filled before the server says `Listo`, and again
// whenever the published content changes; the new set replaces the old one at once, so visitors
// never see a half-rendered publish, and a render that fails keeps the pages they had.

const HTML = "text/html; charset=utf-8";
/** The CRM's screens are a handful of addresses; more than this are not kept (a crawler's guesses). */
const MAX_SHELLS = 100;

export type SitePagesOptions = {
  renderer: PageRenderer;
  readSite: () => Promise<PublishedSite>;
  /** Old page addresses and where they lead now (a product whose slug changed). */
  readRedirects: () => Promise<{ from: string; to: string }[]>;
  /** The site's public origin: the sitemap's addresses. */
  siteUrl: string;
  log: FastifyBaseLogger;
  /** Signs the contact form's token for a page served at `at` (decision 046); without it, pages go as rendered. */
  formToken?: (at: number) => string;
};

/** A page with the contact form: its cut HTML and CSP, and the copy served during the current second. */
type FormPage = TokenPage & { csp: string; served?: { second: number; file: Promise<CachedFile> } };

export class SitePages {
  #files = new Map<string, CachedFile>();
  #formPages = new Map<string, FormPage>();
  #shells = new Map<string, CachedFile>();
  #site: PublishedSite | null = null;
  #redirects = new Map<string, string>();
  #shown = "";
  #running: Promise<boolean> | null = null;
  #polishing: Promise<void> = Promise.resolve();

  constructor(private readonly options: SitePagesOptions) {}

  /**
   * A cached page, the sitemap or robots.txt; undefined for any other path. A page with the contact
   * form is served with a token of the moment in it: one copy per second, so its compression is paid
   * at most once a second and the token is never more than a second older than the page.
   */
  async file(pathname: string) {
    const form = this.#formPages.get(pathname);
    if (!form) return this.#files.get(pathname);
    const now = Date.now();
    const second = Math.floor(now / 1000);
    if (form.served?.second !== second) {
      const token = this.options.formToken?.(now) ?? "";
      form.served = { second, file: cachedFile(withFormToken(form, token), HTML, form.csp) };
    }
    return form.served.file;
  }

  /** Where an old page address leads now, when that page is on the site; undefined otherwise. */
  redirect(pathname: string) {
    const to = this.#redirects.get(pathname);
    return to && (this.#files.has(to) || this.#formPages.has(to)) ? to : undefined;
  }

  /**
   * A cached page's HTML (the contact page, which the form without JavaScript answers with), its
   * token field empty.
   */
  html(pathname: string) {
    const form = this.#formPages.get(pathname);
    return form ? form.before + form.after : this.#files.get(pathname)?.copies.identity.body.toString("utf8");
  }

  /** The published content the cached pages show. */
  get site() {
    if (!this.#site) throw new Error("SitePages: read before the first refresh");
    return this.#site;
  }

  /**
   * Renders the site again when its published content changed (true) or leaves it as it is. Calls
   * made while a render runs are served by one more render after it, with the content of then.
   */
  refresh(): Promise<boolean> {
    if (this.#running) {
      return this.#running.then(() => this.refresh());
    }
    this.#running = this.#refresh().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  async #refresh() {
    const [site, redirects] = await Promise.all([this.options.readSite(), this.options.readRedirects()]);
    const shown = JSON.stringify([site, redirects]);
    if (shown === this.#shown) return false;
    const started = performance.now();
    const files = new Map<string, CachedFile>();
    const formPages = new Map<string, FormPage>();
    const pages = publicPages(site);
    for (const pathname of pages) {
      const response = await this.options.renderer(new Request(`http://site${pathname}`), site);
      const html = await response.text();
      if (response.status !== 200) throw new Error(`${pathname} rendered with status ${response.status}`);
      const page = publicPageHtml(html);
      const csp = pageCsp(inlineScriptHashes(page));
      const form = this.options.formToken && tokenPageOf(page);
      if (form) formPages.set(pathname, { ...form, csp });
      else files.set(pathname, await cachedFile(page, HTML, csp));
    }
    files.set("/sitemap.xml", await cachedFile(sitemapXml(pages, this.options.siteUrl, new Date()), "application/xml"));
    files.set("/robots.txt", await cachedFile(robotsTxt(this.options.siteUrl), "text/plain; charset=utf-8"));
    this.#files = files;
    this.#formPages = formPages;
    this.#redirects = new Map(redirects.map(({ from, to }) => [from, to]));
    this.#shells = new Map();
    this.#site = site;
    this.#shown = shown;
    this.options.log.info({ pages: pages.length, ms: Math.round(performance.now() - started) }, "site pages rendered");
    this.#polishing = this.#polish(files);
    return true;
  }

  /**
   * Compresses the pages of `files` again at brotli's best, one at a time, while they are served;
   * stops when a newer set replaced them (it is polished in turn).
   */
  async #polish(files: Map<string, CachedFile>) {
    for (const [pathname, file] of files) {
      if (this.#files !== files) return;
      const best = await withBestBrotli(file);
      if (this.#files === files) files.set(pathname, best);
    }
  }

  /** Resolves when the current pages have their best compression (tests, benchmarks). */
  polished() {
    return this.#polishing;
  }

  /** The CRM's screen at `pathname`: its loading shell, rendered once and kept. */
  async shell(pathname: string) {
    const kept = this.#shells.get(pathname);
    if (kept) return kept;
    const response = await this.options.renderer(new Request(`http://site${pathname}`), this.site);
    const html = shellHtml(await response.text());
    if (response.status !== 200) throw new Error(`${pathname} rendered with status ${response.status}`);
    const file = await cachedFile(html, HTML, pageCsp(inlineScriptHashes(html)));
    if (this.#shells.size >= MAX_SHELLS) this.#shells.clear();
    this.#shells.set(pathname, file);
    return file;
  }

  /** Page `pathname` rendered with `site` instead of the published content (`Vista previa`), never cached. */
  async preview(pathname: string, site: PublishedSite) {
    const response = await this.options.renderer(new Request(`http://site${pathname}`), site);
    const html = await response.text();
    if (response.status !== 200) throw new Error(`${pathname} rendered with status ${response.status}`);
    return previewHtml(html);
  }

  /** A client-side navigation's data (`/productos.data`), rendered on request from the cached content. */
  data(request: Request) {
    return this.options.renderer(request, this.site);
  }
}
