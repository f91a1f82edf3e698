// Builds the web app when its output is missing, older than its sources, or made with other build
// settings (PUBLIC_URL), so `npm start` and the browser tests always serve what the working tree and
// the environment say, without rebuilding when nothing changed.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
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

/** @param {string} target */
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

/**
 * What the build reads from the environment, as the build itself computes it (vite.config.ts's
 * __SITE_URL__): canonical URLs are baked into the pages' code.
 * @param {Record<string, string | undefined>} [env]
 * @returns {import("./ensure-build.d.mts").BuildInputs}
 */
export function buildInputs(env = process.env) {
  return { PUBLIC_URL: (env.PUBLIC_URL ?? "http://localhost:3000").replace(/\/$/, "") };
}

/**
 * The settings a build recorded in its stamp (postbuild writes JSON), or undefined for an older stamp.
 * @param {string} stampText
 * @returns {Record<string, unknown> | undefined}
 */
export function recordedInputs(stampText) {
  try {
    const inputs = JSON.parse(stampText)?.inputs;
    return inputs && typeof inputs === "object" ? inputs : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Why the site must be built again, or undefined when the build is current.
 * `stamp` is undefined when there is no build; `newestSource` the latest source modification time.
 * @param {object} state
 * @param {{ mtimeMs: number, text: string } | undefined} state.stamp
 * @param {number} state.newestSource
 * @param {Record<string, string>} state.inputs
 * @returns {string | undefined}
 */
export function rebuildReason({ stamp, newestSource, inputs }) {
  if (!stamp) return "missing";
  if (stamp.mtimeMs < newestSource) return "sources";
  const recorded = recordedInputs(stamp.text);
  const changed = Object.keys(inputs).filter((name) => recorded?.[name] !== inputs[name]);
  return changed.length > 0 ? `inputs:${changed.join(",")}` : undefined;
}

/** @type {Record<string, string | undefined>} */
const MESSAGES = {
  missing: "Compilando el sitio por primera vez…",
  sources: "Las fuentes cambiaron: compilando el sitio…",
};

export function ensureBuild() {
  const reason = rebuildReason({
    stamp: existsSync(stamp) ? { mtimeMs: statSync(stamp).mtimeMs, text: readFileSync(stamp, "utf8") } : undefined,
    newestSource: Math.max(...sources.map(newestMtime)),
    inputs: buildInputs(),
  });
  if (!reason) return;
  console.log(MESSAGES[reason] ?? `Cambió la configuración de compilación (${reason.slice(7)}): compilando el sitio…`);
  const result = spawnSync("npm", ["run", "build", "-w", "apps/web"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureBuild();
