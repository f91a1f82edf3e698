import type { FastifyInstance } from "fastify";
import { listRedirects, readPublishedSite } from "../site/index.ts";
import { SitePagesRefreshJob } from "./refresh-job.ts";
import { SitePages } from "./site-pages.ts";
import type { PageRenderer } from "./web-renderer.ts";

/** The page cache (docs/decisions/037), full before the server takes requests, and kept current. */
export async function openSitePages(app: FastifyInstance, renderer: PageRenderer, refreshEveryMs?: number) {
  const pages = new SitePages({
    renderer,
    readSite: () => readPublishedSite(app.db),
    readRedirects: () => listRedirects(app.db),
    siteUrl: app.config.publicUrl,
    log: app.log,
    formToken: (at) => app.contactFormTokens.issue(at),
  });
  await pages.refresh();
  const job = new SitePagesRefreshJob(pages, app.log, refreshEveryMs);
  job.start();
  app.addHook("onClose", () => job.stop());
  return pages;
}
