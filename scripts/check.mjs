// `npm run check`: the loop to run while working, about two minutes on our 2-core machines.
// Lint and the repository's own checks beside the typecheck of every project (incremental: after the
// first run, only what changed is checked again), two at a time, then the unit and API tests on
// PGlite. What it leaves to `npm test`: PostgreSQL, the browser tests and the tests that start whole
// processes (servers, CLIs, Dovecot), listed below. `--static` runs the checks without the tests:
// `npm test` starts with it.
import { spawn, spawnSync } from "node:child_process";
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

/**
 * Each TypeScript project, with the file its incremental state is kept in.
 * @type {[project: string, name: string][]}
 */
const PROJECTS = [
  ["packages/shared", "shared"],
  ["apps/api", "api"],
  ["apps/web", "web"],
  ["e2e", "e2e"],
  ["bench", "bench"],
  ["scripts", "scripts"],
];

/**
 * A check: its command, and maybe one to run before it (command, arguments, folder).
 * @typedef {{ label: string, command: string, args: string[], before?: [string, string[], string] }} Job
 * @typedef {{ label: string, seconds: string, ok?: boolean }} Step
 */

/**
 * The checks before the tests, two at a time: lint and tsc each keep one core busy, and one after
 * the other left the second core idle. The longest first, so the two lanes end together. A check's
 * output is printed whole when it ends, not interleaved with the other's.
 * @returns {Job[]}
 */
function checkJobs() {
  /**
   * @param {[project: string, name: string]} entry
   * @returns {Job}
   */
  const typecheck = ([project, name]) => ({
    label: `typecheck ${project}`,
    command: "npx",
    args: [
      "tsc",
      "--noEmit",
      "--incremental",
      "--tsBuildInfoFile",
      path.join(cache, `tsc-${name}.tsbuildinfo`),
      "-p",
      project,
    ],
  });
  const [shared, api, web, ...others] = /** @type {[Job, Job, Job, ...Job[]]} */ (PROJECTS.map(typecheck));
  return [
    api,
    { label: "lint", command: "npm", args: ["run", "--silent", "lint"] },
    // The route types first: the web app's code imports them.
    { ...web, label: "route types, typecheck apps/web", before: ["npx", ["react-router", "typegen"], "apps/web"] },
    ...others,
    shared,
  ];
}

/**
 * @param {Job} job
 * @returns {Promise<Step>}
 */
function runJob(job) {
  const started = Date.now();
  return new Promise((resolve) => {
    let output = "";
    /**
     * @param {string} command
     * @param {string[]} args
     * @param {string | undefined} cwd
     * @param {(code: number) => void} then
     */
    const start = (command, args, cwd, then) => {
      const child = spawn(command, args, { cwd: path.join(root, cwd ?? ""), stdio: ["ignore", "pipe", "pipe"] });
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
      child.on("close", (code) => then(code ?? 1));
    };
    /** @param {number} code */
    const done = (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`\n${code === 0 ? "✓" : "✗"} ${job.label} (${seconds} s)\n${output}`);
      resolve({ label: job.label, seconds, ok: code === 0 });
    };
    const main = () => start(job.command, job.args, undefined, done);
    if (job.before) start(job.before[0], job.before[1], job.before[2], (code) => (code === 0 ? main() : done(code)));
    else main();
  });
}

/** @param {Job[]} jobs */
async function runTwoAtATime(jobs) {
  const queue = [...jobs];
  /** @type {Step[]} */
  const results = [];
  const lane = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) results.push(await runJob(job));
  };
  await Promise.all([lane(), lane()]);
  return results;
}

/**
 * @param {string} label
 * @param {string} command
 * @param {string[]} args
 * @param {import("node:child_process").SpawnSyncOptions} [options]
 * @returns {Step}
 */
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

const started = Date.now();
mkdirSync(cache, { recursive: true });

const steps = await runTwoAtATime(checkJobs());
const failed = steps.filter((step) => !step.ok);
if (failed.length > 0) {
  console.error(`\n✗ ${failed.map((step) => step.label).join(", ")} failed`);
  process.exit(1);
}
steps.push({ label: "lint and typecheck, two at a time", seconds: ((Date.now() - started) / 1000).toFixed(1) });
// `--static`: the checks only, as `npm test` starts (its tests are the whole set, below it).
if (process.argv.includes("--static")) {
  for (const { label, seconds } of steps) console.log(`  ${String(seconds).padStart(6)} s  ${label}`);
  process.exit(0);
}
// PGlite only, whatever the shell says: PostgreSQL is CI's (`npm test` with TEST_DATABASE_URL).
const { TEST_DATABASE_URL, TEST_REDIS_URL, ...env } = process.env;
const excluded = PROCESS_TESTS.flatMap((glob) => ["--exclude", glob]);
steps.push(run("unit and API tests (PGlite)", "npx", ["vitest", "run", ...excluded], { env }));

console.log(`\n✓ check passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
for (const { label, seconds } of steps) console.log(`  ${String(seconds).padStart(6)} s  ${label}`);
