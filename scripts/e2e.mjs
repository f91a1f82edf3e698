// `npm run test:e2e`: the browser suite against the real server, first on the embedded database
// (PGlite), then, when TEST_DATABASE_URL names a PostgreSQL server (CI sets it), again on a fresh
// PostgreSQL database made for the run and dropped afterwards. Extra arguments go to Playwright
// (`npm run test:e2e -- e2e/contact-form.spec.ts`). E2E_ENGINE=pglite|postgres runs only one pass.
//
// The PostgreSQL pass runs the specs whose screens read and write the database (the CRM, sign-in,
// the contact form's sending, scripts/e2e-passes.mjs) at desktop width, and the PGlite pass before it
// runs them at phone width only: each runs at both widths and on both engines. The public pages are
// the same whatever the engine: PGlite's pass runs them at both widths. Every API test runs on both
// engines (vitest); E2E_POSTGRES=all runs the whole suite on both.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { DATABASE_SPECS, DESKTOP_ON_POSTGRES } from "./e2e-passes.mjs";
import { ensureBuild } from "./ensure-build.mjs";

ensureBuild();
const extra = process.argv.slice(2);
const only = process.env.E2E_ENGINE;
const adminUrl = process.env.TEST_DATABASE_URL;

/**
 * One Playwright run with `env` on top of this process's; its exit status.
 * @param {string} label
 * @param {Record<string, string>} env
 * @param {string[]} [args]
 */
function playwright(label, env, args = []) {
  console.log(`\n== browser tests on ${label}`);
  const run = spawnSync(process.execPath, ["node_modules/@playwright/test/cli.js", "test", ...args, ...extra], {
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  return run.status ?? 1;
}

/** @param {string} query */
async function admin(query) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

// At desktop width: the database specs, then (their own run, so that nothing they publish reaches a test
// that reads the site) the ones that publish to the site (playwright.config.ts's SITE_CONTENT), among
// them e2e/site-two-servers.spec.ts, which runs on this pass only: a second server shares the database.
const postgresRuns =
  extra.length > 0 || process.env.E2E_POSTGRES === "all"
    ? [[]]
    : [
        ["--project=desktop", ...DATABASE_SPECS],
        ["--project=site-content", "--no-deps"],
      ];

// Without a PostgreSQL pass to follow, or with a choice of specs, PGlite's pass runs all at both widths.
const postgresFollows =
  only === undefined && adminUrl !== undefined && extra.length === 0 && process.env.E2E_POSTGRES !== "all";

let status = 0;
if (only !== "postgres") {
  status = playwright("PGlite (embedded)", { E2E_DATABASE_URL: "", [DESKTOP_ON_POSTGRES]: postgresFollows ? "1" : "" });
}
if (status === 0 && only !== "pglite" && adminUrl) {
  const name = `e2e_${randomBytes(5).toString("hex")}`;
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    for (const args of postgresRuns) {
      if (status === 0) status = playwright("PostgreSQL", { E2E_DATABASE_URL: url.toString() }, args);
    }
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
} else if (only === "postgres" && !adminUrl) {
  console.error("E2E_ENGINE=postgres needs TEST_DATABASE_URL (postgres://user@host:port/db)");
  status = 2;
}
process.exit(status);
