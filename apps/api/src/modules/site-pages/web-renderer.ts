import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { PublishedSite } from "@app/shared";
import { createRequestHandler, type ServerBuild } from "react-router";

// The web app's server build (`react-router build`, `ssr: true`) run inside the API: the same React
// components the browser hydrates, rendered with the content staff published (docs/decisions/037).

/** Renders one request of the web app (a page, or a `.data` answer of a client-side navigation). */
export type PageRenderer = (request: Request, site: PublishedSite) => Promise<Response>;

/** Where `react-router build` puts the server build, beside the browser's files (`build/client`). */
export const serverBuildOf = (webDist: string) => path.resolve(webDist, "../server/index.js");

/** The renderer of the server build at `file`; null when the web app is not built. */
export async function loadWebRenderer(file: string): Promise<PageRenderer | null> {
  if (!existsSync(file)) return null;
  const build = (await import(pathToFileURL(file).href)) as ServerBuild;
  const handle = createRequestHandler(build, "production");
  return (request, site) => handle(request, { site });
}
