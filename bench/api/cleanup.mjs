// What a benchmark starts or creates is undone once, in reverse order, also on errors and Ctrl-C:
// process groups first (also one still starting), then what they were using; on any other exit at
// least no process group or temporary directory is left behind. Shared by bench/api and bench/crm.
import { rmSync } from "node:fs";
import { killAllNow, stopAllGroups } from "./server.mjs";

/**
 * `interrupted`: what to print when Ctrl-C or SIGTERM arrives.
 * @param {string} interrupted
 */
export function createCleanup(interrupted) {
  /** @type {{ label: string, undo: () => Promise<unknown> }[]} */
  const cleanups = [];
  /** @type {Set<string>} */
  const tempDirs = new Set();
  /** @type {Promise<void> | undefined} */
  let cleaning;
  function cleanup() {
    cleaning ??= (async () => {
      await stopAllGroups().catch((error) => console.error(`cleanup (processes): ${error.message}`));
      for (let entry = cleanups.pop(); entry; entry = cleanups.pop()) {
        const { label, undo } = entry;
        await undo().catch((error) => console.error(`cleanup (${label}): ${error.message}`));
      }
    })();
    return cleaning;
  }
  /**
   * Registers `undo`; the returned function undoes it now and forgets it (a part that finished).
   * @param {string} label
   * @param {() => Promise<unknown>} undo
   */
  const onCleanup = (label, undo) => {
    const entry = { label, undo };
    cleanups.push(entry);
    return async () => {
      const index = cleanups.indexOf(entry);
      if (index >= 0) cleanups.splice(index, 1);
      await undo();
    };
  };
  for (const [signal, code] of /** @type {const} */ ([
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ])) {
    process.on(signal, () => {
      console.error(`\n${signal}: ${interrupted}`);
      cleanup().finally(() => process.exit(code));
    });
  }
  process.on("exit", () => {
    killAllNow();
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  });
  /** Whether cleaning has begun (after Ctrl-C the stopped children make the run fail: expected). */
  const isCleaning = () => cleaning !== undefined;
  return { cleanup, onCleanup, tempDirs, isCleaning };
}
