import type { FastifyBaseLogger } from "fastify";
import { PeriodicJob } from "../../kernel/periodic-job.ts";
import type { SitePages } from "./site-pages.ts";

/**
 * Every instance looks at the published content every 5 s and renders again when it changed: a
 * publish made on another instance is on this one's pages within 10 s (issue 17), with nothing to
 * miss when a connection drops. The instance that publishes renders at once.
 */
export class SitePagesRefreshJob extends PeriodicJob {
  constructor(
    private readonly pages: SitePages,
    private readonly log: FastifyBaseLogger,
    everyMs = 5_000,
  ) {
    super(everyMs, everyMs);
  }

  protected async runOnce() {
    try {
      await this.pages.refresh();
    } catch (error) {
      this.log.error({ err: error }, "site pages not rendered again: visitors keep the previous ones");
    }
  }
}
