import { afterEach, describe, expect, it } from "vitest";
import { apiRoutes, architectureMap, webPages, withSections } from "./architecture-map.mjs";
import { folderOf, removeFolders } from "./script-test-kit.mjs";

const M = "apps/api/src/modules";
const TREE = {
  "apps/api/src/app.ts": [
    'import { fooRoutes } from "./modules/foo/routes.ts";',
    'import { mediaRoutes } from "./modules/foo/media-routes.ts";',
    "await app.register(async (api) => {",
    "  await api.register(fooRoutes);",
    "});",
    "await app.register(mediaRoutes);",
    "",
  ].join("\n"),
  [`${M}/foo/routes.ts`]: [
    'import { imageRoutes } from "./image-routes.ts";',
    "export const fooRoutes = async (app) => {",
    '  app.get("/foo", {}, async () => []);',
    "  app.patch<{ Params: { id: number } }>(",
    '    "/foo/:id/stage",',
    "    {},",
    "    async () => ({}),",
    "  );",
    "  await app.register(imageRoutes);",
    "};",
    "",
  ].join("\n"),
  [`${M}/foo/image-routes.ts`]: 'export const imageRoutes = async (app) => { app.post("/foo-images", {}, h); };\n',
  [`${M}/foo/media-routes.ts`]: 'export const mediaRoutes = async (app) => { app.get("/media/:file", {}, h); };\n',
  // Tests declare routes of their own; they are not the app's.
  [`${M}/foo/routes.test.ts`]: 'app.get("/api/slow", {}, h);\n',
  [`${M}/bar/repo.ts`]: 'import { listFoo } from "../foo/index.ts";\n',
  "apps/web/app/routes.ts": [
    "export default [",
    '  layout("routes/public-layout.tsx", [index("routes/home.tsx"), route("productos/:slug?", "routes/products.tsx")]),',
    '  route("crm", "routes/crm-layout.tsx", [',
    '    index("routes/crm-dashboard.tsx"),',
    '    route("sitio/:id", "routes/crm-site-item.tsx"),',
    "  ]),",
    '  route("*", "routes/not-found.tsx"),',
    "];",
    "",
  ].join("\n"),
};

afterEach(removeFolders);

describe("architecture-map", () => {
  it("finds each API route with its full address, the prefix following app.ts's registration", () => {
    const root = folderOf("architecture-map-", TREE);
    expect(apiRoutes(root)).toEqual([
      { method: "GET", url: "/api/foo", file: `${M}/foo/routes.ts` },
      { method: "POST", url: "/api/foo-images", file: `${M}/foo/image-routes.ts` },
      { method: "PATCH", url: "/api/foo/:id/stage", file: `${M}/foo/routes.ts` },
      { method: "GET", url: "/media/:file", file: `${M}/foo/media-routes.ts` },
    ]);
  });

  it("reads the web app's pages with the layouts around them", () => {
    const root = folderOf("architecture-map-", TREE);
    const app = "apps/web/app/routes";
    expect(webPages(root)).toEqual([
      { url: "/", file: `${app}/home.tsx`, layouts: [`${app}/public-layout.tsx`] },
      { url: "/productos/:slug?", file: `${app}/products.tsx`, layouts: [`${app}/public-layout.tsx`] },
      { url: "/crm", file: `${app}/crm-layout.tsx`, layouts: [] },
      { url: "/crm", file: `${app}/crm-dashboard.tsx`, layouts: [`${app}/crm-layout.tsx`] },
      { url: "/crm/sitio/:id", file: `${app}/crm-site-item.tsx`, layouts: [`${app}/crm-layout.tsx`] },
      { url: "/*", file: `${app}/not-found.tsx`, layouts: [] },
    ]);
  });

  it("draws the module graph and groups the API's addresses", () => {
    const map = architectureMap(folderOf("architecture-map-", TREE));
    expect(map["module-graph"]).toContain("  bar --> foo");
    expect(map["api-routes"]).toContain(`| \`/api/foo…\` | 2 | \`${M}/foo/routes.ts\` |`);
    expect(map["api-routes"]).toContain(`| \`/media…\` | 1 | \`${M}/foo/media-routes.ts\` |`);
  });

  it("replaces only what lies between a section's markers, and refuses a document without them", () => {
    const document = "intro\n<!-- generated:pages -->\nold\n<!-- /generated:pages -->\nafter\n";
    expect(withSections(document, { pages: "new" })).toBe(
      "intro\n<!-- generated:pages -->\nnew\n<!-- /generated:pages -->\nafter\n",
    );
    expect(() => withSections("intro\n", { pages: "new" })).toThrow(/lacks the markers/);
  });
});
