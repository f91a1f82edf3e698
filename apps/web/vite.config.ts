import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { eagerCommonJs } from "./vite-plugins/eager-commonjs";

const apiPort = process.env.API_PORT ?? "3001";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), eagerCommonJs("framework")],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  define: {
    // Canonical URLs, Open Graph and the sitemap need the public origin at build time.
    __SITE_URL__: JSON.stringify((process.env.PUBLIC_URL ?? "http://localhost:3000").replace(/\/$/, "")),
  },
  server: {
    proxy: { "/api": `http://127.0.0.1:${apiPort}` },
  },
  build: {
    // Assets this small are cheaper inline than as a request.
    assetsInlineLimit: 2048,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React, React DOM and React Router in one chunk that changes only when they are upgraded.
          // Split by the sets of routes that use them, they were four files compressed apart: one
          // file is 1.9 KB less gzip on every page (docs/decisions/033-framework-chunk.md).
          // Vite's helper for dynamic imports goes with it: used by the contact form and the passkey
          // code, it was a file of its own on every public page. So does what every page's header
          // and the CRM's both use (lucide's icon factory, the menu icons, the hooks that follow a
          // native popover): shared by both, each was a file of its own of 0.2-1.6 KB.
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]|vite[\\/]preload-helper|lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|Icon|defaultAttributes|context|shared[\\/]|icons[\\/](menu|x)\.)|app[\\/]lib[\\/]use-(hydrated|popover-open)\./,
            },
            // zod in one file with the module that configures it: the contact form evaluates the
            // library in a task of its own, before its rules build their schemas in the next one
            // (features/contact-form/contact-form-slot.tsx). Split by the sets of pages that use it,
            // its largest part came with the rules: one task of 47-85 ms at 4x CPU on /contacto.
            {
              name: "zod",
              test: /node_modules[\\/]zod[\\/]|app[\\/]lib[\\/]zod-browser\./,
            },
          ],
        },
      },
    },
  },
});
