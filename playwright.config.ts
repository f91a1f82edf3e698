import { defineConfig } from "@playwright/test";
import { E2E_PORT, serverEnv } from "./e2e/helpers/server";
import { CHROME_PATH, CHROMIUM_ARGS } from "./scripts/chromium.mjs";
import { DATABASE_SPEC_FILES, DESKTOP_ON_POSTGRES } from "./scripts/e2e-passes.mjs";

// Browser tests of the public site and the CRM. They drive Debian's Chromium (never a downloaded
// browser) against the real server (`node scripts/start.mjs`: API + built site) with an in-memory
// database (or PostgreSQL: E2E_DATABASE_URL, see scripts/e2e.mjs), and a real SMTP server started by e2e/global-setup.ts.
const baseURL = `http://127.0.0.1:${E2E_PORT}`;
const MOBILE = { viewport: { width: 375, height: 812 }, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };
/**
 * The specs whose tests publish changes to the public site (site-two-servers: on PostgreSQL only,
 * with a second server of its own).
 */
const SITE_CONTENT = /(crm-site-editor|site-two-servers)\.spec\.ts$/;
/** PGlite's pass, when PostgreSQL's follows: the database specs run at desktop width there (scripts/e2e.mjs). */
const DESKTOP_IGNORES = process.env[DESKTOP_ON_POSTGRES] ? [SITE_CONTENT, DATABASE_SPEC_FILES] : SITE_CONTENT;

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // No retries, in CI either: a test that passes only on its second try hides a real race.
  retries: 0,
  // Two cores: the server and two browsers are all this machine can run without flaking.
  workers: 2,
  reporter: "list",
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL,
    locale: "es-EC",
    // A trace costs CPU on every test, and on two cores that alone makes tests late; a failure keeps
    // its screenshot and the list reporter's error and log lines.
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROME_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: "mobile", use: MOBILE, testIgnore: SITE_CONTENT, grepInvert: /@alone|@site-setting/ },
    { name: "desktop", use: DESKTOP, testIgnore: DESKTOP_IGNORES, grepInvert: /@alone|@site-setting/ },
    // Tests that publish to the public site (`Sitio web`) run after the ones that read it, so that no
    // page, sitemap or form another test looks at changes under it (scripts/e2e.mjs's PostgreSQL pass
    // runs them on their own after the others).
    {
      name: "site-content-mobile",
      use: MOBILE,
      testMatch: SITE_CONTENT,
      // Two servers' publish reaches the same pages at any width: one (site-content) tells it.
      testIgnore: /site-two-servers\.spec\.ts$/,
      dependencies: ["mobile", "desktop"],
    },
    {
      name: "site-content",
      use: DESKTOP,
      testMatch: SITE_CONTENT,
      dependencies: ["mobile", "desktop"],
    },
    // Tests that measure the page's own speed (long tasks at 4x CPU) run last and by themselves: on
    // two cores, a second browser test beside them made their figures the neighbour's. Being last, it
    // brings the whole suite along: run one file alone with `--no-deps`.
    {
      name: "alone",
      use: DESKTOP,
      grep: /@alone/,
      dependencies: ["site-content-mobile", "site-content"],
    },
    // Tests that change a setting every account lives under (`Exigir segundo factor`) run after all
    // the others, so no other test meets it.
    {
      name: "site-setting",
      use: DESKTOP,
      grep: /@site-setting/,
      dependencies: ["alone"],
    },
  ],
  webServer: {
    // Runs the server in this very process (no npm/sh wrapper), so stopping it stops the server.
    command: "node scripts/start.mjs",
    url: `${baseURL}/api/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    // Its settings are shared with the second instance e2e/site-two-servers.spec.ts starts.
    env: serverEnv(E2E_PORT),
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
  },
});
