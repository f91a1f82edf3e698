import { defineConfig } from "@playwright/test";
import { CHROME_PATH, CHROMIUM_ARGS } from "./scripts/chromium.mjs";

// Browser tests of the public site. They drive Debian's Chromium (never a downloaded browser) against
// the real server (`node scripts/start.mjs`: API + built site) with an in-memory database.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // Two cores: the server and two browsers are all this machine can run without flaking.
  workers: 2,
  reporter: "list",
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL,
    locale: "es-EC",
    // Recording a trace costs CPU on every test: only when a failed test is retried (CI).
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROME_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: "mobile", use: { viewport: { width: 375, height: 812 }, hasTouch: true } },
    { name: "desktop", use: { viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    // Runs the server in this very process (no npm/sh wrapper), so stopping it stops the server.
    command: "node scripts/start.mjs",
    url: `${baseURL}/api/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    // Browser tests send many contact forms from one address: the production limit (5/min) is
    // tested in the API tests; here it would only make the suite wait.
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: "memory://",
      LOG_LEVEL: "warn",
      CONTACT_RATE_LIMIT: "1000/min",
    },
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
  },
});
