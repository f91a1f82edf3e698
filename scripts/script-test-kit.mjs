// What the tests of the lint scripts share: a throw-away folder of files, and a script run as
// `npm run lint` runs it (exit code and what it printed). Their afterEach calls `removeFolders`.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** @type {string[]} */
const folders = [];

/**
 * A throw-away folder holding `files` (relative path -> text; null leaves a file out).
 * @param {string} prefix
 * @param {Record<string, string | null>} files
 */
export function folderOf(prefix, files) {
  const root = mkdtempSync(path.join(tmpdir(), prefix));
  folders.push(root);
  for (const [file, text] of Object.entries(files)) {
    if (text === null) continue;
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

export function removeFolders() {
  for (const root of folders.splice(0)) rmSync(root, { recursive: true, force: true });
}

/**
 * Runs `script` with `args`: its exit code and its output, both streams together.
 * @param {string} script
 * @param {...string} args
 * @returns {{ code: number | null, output: string }}
 */
export function runScript(script, ...args) {
  try {
    return { code: 0, output: execFileSync(process.execPath, [script, ...args], { encoding: "utf8", stdio: "pipe" }) };
  } catch (caught) {
    // execFileSync throws the finished child: its exit status and both streams.
    const error = /** @type {import("node:child_process").SpawnSyncReturns<string>} */ (caught);
    return { code: error.status, output: `${error.stdout}${error.stderr}` };
  }
}
