import { type PublishedSite, publishedSiteSchema } from "@app/shared";
import type { AppLoadContext } from "react-router";

// The public pages render what staff published (issue 17, docs/decisions/037). The API renders them
// itself and hands the content over in the load context; only `npm run dev`'s Vite server, another
// process, asks the API for it.

declare module "react-router" {
  interface AppLoadContext {
    site?: PublishedSite;
  }
}

export async function publishedSite(context: AppLoadContext | undefined): Promise<PublishedSite> {
  if (context?.site) return context.site;
  const response = await fetch(`http://127.0.0.1:${process.env.API_PORT ?? "3001"}/api/site/published`);
  if (!response.ok) throw new Error(`GET /api/site/published answered ${response.status}`);
  return publishedSiteSchema.parse(await response.json());
}
