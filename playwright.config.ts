import { defineConfig } from "@playwright/test";
import { IMAP_URL, MAILBOX, SMTP_PORT } from "./e2e/helpers/mail";
import { CHROME_PATH, CHROMIUM_ARGS } from "./scripts/chromium.mjs";

// Browser tests of the public site and the CRM. They drive Debian's Chromium (never a downloaded
// browser) against the real server (`node scripts/start.mjs`: API + built site) with an in-memory
// database (or PostgreSQL: E2E_DATABASE_URL, see scripts/e2e.mjs), and a real SMTP server started by e2e/global-setup.ts.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${PORT}`;
const MOBILE = { viewport: { width: 375, height: 812 }, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };
/** The specs whose tests publish changes to the public site. */
const SITE_CONTENT = /crm-site-editor\.spec\.ts$/;

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
    { name: "desktop", use: DESKTOP, testIgnore: SITE_CONTENT, grepInvert: /@alone|@site-setting/ },
    // Tests that publish to the public site (`Sitio web`) run after the ones that read it, so that no
    // page, sitemap or form another test looks at changes under it (scripts/e2e.mjs's PostgreSQL pass
    // runs them on their own after the others).
    { name: "site-content-mobile", use: MOBILE, testMatch: SITE_CONTENT, dependencies: ["mobile", "desktop"] },
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
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      // scripts/e2e.mjs runs the suite on PGlite, then on a fresh PostgreSQL database (CI).
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : { DATA_DIR: "memory://" }),
      // E2E_LOG_LEVEL=info shows the server's requests and emails while a test is looked into.
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
      // Every test comes from one address: the per-IP limits (contact form, sign-in, refresh, password
      // reset) are tested in the API tests; here they would only make the suite wait. The per-account
      // sign-in limit keeps its default (5 failures / 15 min): e2e/staff-login.spec.ts meets it.
      CONTACT_RATE_LIMIT: "1000/min",
      LOGIN_RATE_LIMIT: "1000/min",
      REFRESH_RATE_LIMIT: "1000/min",
      PASSWORD_RESET_RATE_LIMIT: "1000/min",
      // The first administrator, which the CRM tests sign in with and create other accounts from.
      ADMIN_USERNAME: "admin",
      ADMIN_PASSWORD: "clave-de-pruebas-del-crm",
      ADMIN_EMAIL: "admin@floraprotect.test",
      // Emails go to the real SMTP server of e2e/global-setup.ts, promptly.
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      EMAIL_POLL_MS: "100",
      EMAIL_RETRY_BASE_MS: "200",
      // Clients' answers come back through the Dovecot of e2e/global-setup.ts, looked at every second.
      IMAP_URL,
      IMAP_ADDRESS: MAILBOX.user,
      IMAP_POLL_MS: "1000",
    },
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
  },
});
