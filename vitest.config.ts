import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Unit and API tests. Browser tests are Playwright's (e2e/, `npm run test:e2e`).
export default defineConfig({
  test: {
    // One test file per core, not Vitest's one fewer: an API test file spends much of its time
    // waiting on its database (PGlite's own thread, or PostgreSQL), so a core would sit idle. On our
    // 2-core machines this takes the run from 14 to 9 minutes.
    maxWorkers: availableParallelism(),
    // In CI the files, and the tests in each file, run in a shuffled order: a test that only passes
    // after another one fails. The seed is fixed, so a commit always runs in the same order and a red
    // run can be repeated; the order changes whenever tests are added or removed. Here
    // `--sequence.shuffle` shuffles a run, and `--sequence.seed=<n>` tries another order.
    sequence: { shuffle: Boolean(process.env.CI), seed: 20_261_130 },
    projects: [
      { test: { name: "shared", root: "packages/shared", include: ["src/**/*.test.ts"] } },
      // The repository's own checks (scripts/check-boundaries.mjs). Some run a script or drizzle-kit
      // as a child process: about 2 s alone, past Vitest's 5 s beside the API tests on two cores.
      { test: { name: "scripts", root: "scripts", include: ["*.test.mjs"], testTimeout: 30_000 } },
      // The web benchmark's verdicts (bench/web/report.mjs).
      { test: { name: "bench", root: "bench/web", include: ["*.test.mjs"] } },
      {
        test: {
          name: "api",
          root: "apps/api",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          globalSetup: ["test/global-setup.ts"],
          // Each file opens its own database (PGlite in memory or a fresh PostgreSQL database).
          // Files share a worker's modules instead of importing the whole API again each (150 s of
          // imports in a run): no test mocks a module, and what a module keeps (its caches, its
          // limits) belongs to an app a test builds and closes.
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias: { "~": fileURLToPath(new URL("./apps/web/app", import.meta.url)) } },
        define: { __SITE_URL__: JSON.stringify("http://localhost:3000") },
        test: { name: "web", root: "apps/web", include: ["app/**/*.test.ts"] },
      },
    ],
  },
});
