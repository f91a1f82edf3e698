import type { Config } from "@react-router/dev/config";

// Every page is rendered by the server's copy of this app: the API renders the public pages into a
// page cache at start and after each publish, with the content staff published (issue 17,
// docs/decisions/037); the CRM's screens render their loading shell and load their data in the
// browser (`clientLoader`).
export default {
  ssr: true,
  // The whole route list travels with the page as today (decision 033), instead of being asked for
  // route by route at `/__manifest` while someone navigates.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
