import type { FastifyInstance } from "fastify";
import { type AppOptions, buildApp } from "../src/app.ts";
import { type Config, loadConfig } from "../src/config.ts";
import type { PageRenderer } from "../src/modules/site-pages/web-renderer.ts";
import { createTestDatabase, type Engine, type TestDatabase } from "./database.ts";

export type TestApp = { app: FastifyInstance; db: TestDatabase; close: () => Promise<void> };

/** The whole application on a fresh database, without the web build unless asked for. */
export async function createTestApp(
  engine: Engine,
  overrides: Partial<Config> = {},
  logStream?: NodeJS.WritableStream,
  options: Pick<AppOptions, "pageRenderer" | "sitePagesRefreshMs"> = {},
): Promise<TestApp> {
  const db = await createTestDatabase(engine);
  const config = { ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", SERVE_WEB: "false" }), ...overrides };
  const app = await buildApp({ config, database: db.database, ...options, ...(logStream ? { logStream } : {}) });
  await app.ready();
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await db.drop();
    },
  };
}

/**
 * Stands in for the web app's server build: the page of each path given, a page titled with its
 * path for any other, and a `.data` answer naming the path (the published content's products too).
 */
export function fakeRenderer(pages: Record<string, string> = {}): PageRenderer {
  return async (request, site) => {
    const { pathname } = new URL(request.url);
    if (pathname.endsWith(".data")) {
      return Response.json({ pathname, products: site.products.map((product) => product.slug) });
    }
    const titles = [
      ...site.products.map((product) => product.title),
      ...site.testimonials.map((entry) => entry.name),
      ...site.partners.map((entry) => entry.name),
    ]
      .map((title) => `<li>${title}</li>`)
      .join("");
    const html =
      pages[pathname] ??
      `<!doctype html><html><head><title>${pathname}</title><script>start()</script></head><body><ul>${titles}</ul><p>${site.contactDetails.phone}</p></body></html>`;
    return new Response(html, { headers: { "content-type": "text/html" } });
  };
}
