// `npm run check`: the loop to run while working, about five minutes on our 2-core machines.
// Lint and the repository's own checks, the typecheck of every project (incremental: after the first
// run, only what changed is checked again), then the unit and API tests on PGlite. What it leaves to
// `npm test`: PostgreSQL, the browser tests and the tests that start whole processes (servers, CLIs,
// Dovecot), listed below.
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const cache = path.join(root, ".tmp");

/**
 * API tests of whole processes: each starts servers, CLIs or a mail server, and they take minutes.
 * Globs relative to the API's folder, as Vitest matches them in its project.
 */
const PROCESS_TESTS = [
  "test/*.test.ts",
  "test/faults/**",
  "test/security/fuzz.test.ts",
  "test/security/secrets.test.ts",
  "src/plugins/api-docs.test.ts",
  "src/modules/inbound/conversation.test.ts",
  "src/kernel/lease.test.ts",
];

/** Each TypeScript project, with the file its incremental state is kept in. */
const PROJECTS = [
  ["packages/shared", "shared"],
  ["apps/api", "api"],
  ["apps/web", "web"],
  ["e2e", "e2e"],
  ["bench/api", "bench-api"],
];

function run(label, command, args, options = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", ...options });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${label} failed (${seconds} s)`);
    process.exit(result.status ?? 1);
  }
  return { label, seconds };
}

const npx = (args) => ["npx", args];
const steps = [];
const started = Date.now();
mkdirSync(cache, { recursive: true });

steps.push(run("lint", "npm", ["run", "--silent", "lint"]));
steps.push(run("route types", ...npx(["react-router", "typegen"]), { cwd: path.join(root, "apps/web") }));
for (const [project, name] of PROJECTS) {
  const buildInfo = path.join(cache, `tsc-${name}.tsbuildinfo`);
  steps.push(
    run(
      `typecheck ${project}`,
      ...npx(["tsc", "--noEmit", "--incremental", "--tsBuildInfoFile", buildInfo, "-p", project]),
    ),
  );
}
// PGlite only, whatever the shell says: PostgreSQL is CI's (`npm test` with TEST_DATABASE_URL).
const { TEST_DATABASE_URL, TEST_REDIS_URL, ...env } = process.env;
const excluded = PROCESS_TESTS.flatMap((glob) => ["--exclude", glob]);
steps.push(run("unit and API tests (PGlite)", ...npx(["vitest", "run", ...excluded]), { env }));

console.log(`\n✓ check passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
for (const { label, seconds } of steps) console.log(`  ${seconds.padStart(6)} s  ${label}`);
