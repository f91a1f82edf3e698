// The files the lint scripts read: one walk for all of them. Plain Node, no dependency.
import { readdirSync } from "node:fs";
import path from "node:path";

/** Folders never read: installed packages, build output, caches and hidden folders. */
const SKIPPED = new Set(["node_modules", "build", "dist", ".react-router", "coverage", "test-results"]);

/**
 * Every file under `folders` (relative to `root`) whose name `accepts`, as sorted paths relative to
 * `root` with "/" separators. A folder that is not there is empty; `skip` names more folders to pass by.
 * @param {string} root
 * @param {string[]} folders
 * @param {(name: string) => boolean} accepts
 * @param {string[]} [skip]
 * @returns {string[]}
 */
export function filesUnder(root, folders, accepts, skip = []) {
  const skipped = new Set([...SKIPPED, ...skip]);
  /** @type {string[]} */
  const found = [];
  /** @param {string} relative */
  const walk = (relative) => {
    let entries;
    try {
      entries = readdirSync(path.join(root, relative), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!skipped.has(entry.name) && !entry.name.startsWith(".")) walk(child);
      } else if (accepts(entry.name)) found.push(child);
    }
  };
  for (const folder of folders) walk(folder);
  return found.sort();
}
