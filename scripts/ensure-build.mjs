// Builds the web app when its output is missing or older than its sources, so `npm start` and the
// browser tests always serve what the working tree says, without rebuilding when nothing changed.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const stamp = path.join(root, "apps/web/build/client/.build-stamp");
const sources = [
  "apps/web/app",
  "apps/web/public",
  "apps/web/scripts",
  "apps/web/react-router.config.ts",
  "apps/web/vite.config.ts",
  "apps/web/package.json",
  "packages/shared/src",
];

function newestMtime(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(full, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

export function ensureBuild() {
  const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  const changed = Math.max(...sources.map(newestMtime));
  if (built >= changed) return;
  console.log(built ? "Las fuentes cambiaron: compilando el sitio…" : "Compilando el sitio por primera vez…");
  const result = spawnSync("npm", ["run", "build", "-w", "apps/web"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureBuild();
