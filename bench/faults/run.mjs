// Runs the fault scenarios against the real server, prints what was sent, acknowledged and stored
// for each, and writes docs/benchmarks/faults.md. Exit code 1 when any figure misses its target.
//   node --import tsx bench/faults/run.mjs [--only outage,kill9] [--ci] [--out file.md]
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { bigFiles } from "./big-files.mjs";
import { cutAfterCommit } from "./cut-after-commit.mjs";
import { imapRestart } from "./imap-restart.mjs";
import { inboundKill9 } from "./inbound-kill9.mjs";
import { kill9 } from "./kill9.mjs";
import { ciMode, repoRoot, run } from "./lib.mjs";
import { outage } from "./outage.mjs";
import { overload } from "./overload.mjs";
import { sigterm } from "./sigterm.mjs";
import { smtpDownReply } from "./smtp-down-reply.mjs";
import { terminated } from "./terminated.mjs";

const SCENARIOS = {
  outage,
  cutAfterCommit,
  sigterm,
  kill9,
  terminated,
  overload,
  // The shared mailbox (a real Dovecot) and replies while the mail server is away.
  imapRestart,
  inboundKill9,
  smtpDownReply,
  bigFiles,
};

/** @param {string} name */
const argument = (name) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const only = argument("--only")?.split(",");
const chosen = only ? Object.entries(SCENARIOS).filter(([name]) => only.includes(name)) : Object.entries(SCENARIOS);
const outFile = argument("--out") ?? (only ? "bench/faults/.tmp/faults-partial.md" : "docs/benchmarks/faults.md");

/** @type {(import("./lib.mjs").ScenarioReport & { seconds?: number })[]} */
const results = [];
const started = Date.now();
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(" ");
const loadAtStart = load();
try {
  for (const [name, scenario] of chosen) {
    const t0 = Date.now();
    console.log(`\n== ${name}`);
    /** @type {import("./lib.mjs").ScenarioReport & { seconds?: number }} */
    let result;
    try {
      result = await scenario();
    } catch (error) {
      result = {
        name,
        figures: {},
        checks: [{ label: "ran to the end", ok: false, detail: /** @type {Error} */ (error).stack ?? String(error) }],
      };
    }
    result.seconds = Math.round((Date.now() - t0) / 1000);
    results.push(result);
    print(result);
  }
} finally {
  await run.cleanup();
}

const failed = results.flatMap((r) => r.checks.filter((c) => !c.ok).map((c) => `${r.name}: ${c.label} (${c.detail})`));
const total = Math.round((Date.now() - started) / 1000);
writeFileSync(path.join(repoRoot, outFile), markdown());
console.log(`\n${results.length} scenarios in ${total} s; report: ${outFile}`);
if (failed.length > 0) {
  console.error(`\nMissed targets:\n  ${failed.join("\n  ")}`);
  process.exit(1);
}

/** @param {import("./lib.mjs").ScenarioReport & { seconds?: number }} result */
function print(result) {
  const width = Math.max(...Object.keys(result.figures).map((key) => key.length), 10);
  console.log(`${result.name} (${result.seconds} s)`);
  for (const [key, value] of Object.entries(result.figures)) console.log(`  ${key.padEnd(width)}  ${value}`);
  for (const c of result.checks) console.log(`  ${c.ok ? "ok  " : "FAIL"} ${c.label} (${c.detail})`);
}

function markdown() {
  const lines = [
    "# Faults: what was sent, acknowledged and stored",
    "",
    `Run ${new Date().toISOString()} with \`node --import tsx bench/faults/run.mjs${ciMode ? " --ci" : ""}\``,
    `(${total} s in all); ${os.cpus().length} cores, Node ${process.version}, load average ${loadAtStart} at start, ${load()} at end.`,
    "Scripts in `bench/faults/` (see its README for what each does and how to run it).",
    "",
  ];
  for (const result of results) {
    lines.push(`## ${result.name}`, "", `${result.note ? `${result.note} ` : ""}${result.seconds} s.`, "");
    lines.push("| figure | value |", "|---|---|");
    for (const [key, value] of Object.entries(result.figures)) lines.push(`| ${key} | ${value} |`);
    lines.push("", "| target | met | figure |", "|---|---|---|");
    for (const c of result.checks)
      lines.push(`| ${c.label} | ${c.ok ? "yes" : "**no**"} | ${String(c.detail).split("\n")[0]} |`);
    lines.push("");
  }
  return `${lines.join("\n")}\n`;
}
